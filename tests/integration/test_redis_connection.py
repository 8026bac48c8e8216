"""The one connection factory: it finds out by itself whether REDIS_URL names a Redis
Cluster, and refuses unusable settings with one clear line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import redis
from redis.cluster import RedisCluster

from shared import connection
from shared.embedded_redis import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_a_standalone_redis_gets_a_plain_client(redis_url):
    r = connection.connect(redis_url)
    assert type(r) is redis.Redis and not connection.is_cluster(r)
    r.set("k", "v")
    assert r.get("k") == "v"  # decoded, as everywhere in the house


def test_new_connections_do_not_look_up_the_library_version(redis_url, monkeypatch):
    """(importlib.metadata, 0.5 ms a connection: the house tells Redis its version once.)"""
    asked = []
    monkeypatch.setattr(redis.utils, "get_lib_version", lambda: asked.append(1) or "0")
    clients = [connection.connect(redis_url), connection.connect(redis_url, max_connections=4),
               connection.connect_queue(redis_url)]  # fmt: skip
    for client in clients:
        made = client.connection_pool.make_connection()
        made.connect()
        assert made.driver_info.lib_version == redis.__version__
        made.disconnect()
    assert asked == []


@pytest.mark.slow
def test_any_node_of_a_cluster_gets_the_cluster_client(redis_cluster_url, redis_url):
    r = connection.connect(redis_cluster_url, wait_replicas=1, wait_timeout=50)
    pool = r.get_default_node().redis_connection.connection_pool
    assert pool.connection_kwargs["driver_info"] is connection.DRIVER["driver_info"]
    assert isinstance(r, RedisCluster) and connection.is_cluster(r)
    assert r.commit_wait is None  # the test cluster has no replicas: nothing to wait for
    r.set("{t:x}", "1")
    assert r.get("{t:x}") == "1"
    settings = {"REDIS_URL": redis_cluster_url, "QUEUE_REDIS_URL": redis_url}
    data, queues = connection.from_settings(settings)
    assert connection.is_cluster(data) and type(queues) is redis.Redis


@pytest.mark.slow
def test_a_cluster_without_a_queue_redis_is_refused(redis_cluster_url):
    with pytest.raises(connection.RedisSetupError, match="set QUEUE_REDIS_URL"):
        connection.from_settings({"REDIS_URL": redis_cluster_url, "QUEUE_REDIS_URL": None})
    with pytest.raises(connection.RedisSetupError, match="RQ's queues need a standalone"):
        connection.connect_queue(redis_cluster_url)


def test_a_bad_url_and_an_unreachable_redis_are_one_line_each():
    with pytest.raises(connection.RedisSetupError) as bad:
        connection.connect("http://user:secret@example.org/0")
    assert "is not a Redis URL" in str(bad.value) and "secret" not in str(bad.value)
    port = free_port()
    with pytest.raises(connection.RedisSetupError) as unreachable:
        connection.connect(f"redis://127.0.0.1:{port}/0")
    message = str(unreachable.value)
    assert message.startswith(f"REDIS_URL=redis://127.0.0.1:{port}/0: Redis does not answer")
    assert "\n" not in message


def test_a_process_that_cannot_reach_redis_says_so_in_one_line():
    port = free_port()
    code = "from services.bots.worker import main; main(['bots'])"
    env = {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "PATH": "/usr/bin:/bin", "SECRET_KEY": "s"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"REDIS_URL=redis://127.0.0.1:{port}/0: Redis does not answer "
        f"(Error 111 connecting to 127.0.0.1:{port}. Connection refused.)"
    ]
