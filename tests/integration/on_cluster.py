"""Fixtures that put a test module of the lobby onto the Redis Cluster: a module does
``from tests.integration.test_lobby_x import *`` and then imports these, which take the place
of ``redis_url`` (the cluster, flushed; the queues on the standalone Redis) and ``r``."""

from __future__ import annotations

import pytest

from shared import connection


@pytest.fixture
def redis_url(redis_cluster_url, redis_server, monkeypatch):
    client = connection.connect(redis_cluster_url)
    client.flushall(target_nodes=client.PRIMARIES)
    client.close()
    monkeypatch.setenv("QUEUE_REDIS_URL", redis_server)
    monkeypatch.setenv("REDIS_WAIT_REPLICAS", "0")
    return redis_cluster_url


@pytest.fixture
def r(redis_url):
    return connection.connect(redis_url)
