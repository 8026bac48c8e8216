import inspect

import pytest

from shared import connection
from tests.integration.harness import House


def _starts_processes_on_redis_url(request) -> bool:
    """The test (or one of its fixtures) asks for the standalone ``redis_url`` itself, to
    start workers on it: it runs on the standalone Redis only."""
    if "redis_url" in inspect.signature(request.function).parameters:
        return True
    return any(
        "redis_url" in definition.argnames
        for name, definitions in request.node._fixtureinfo.name2fixturedefs.items()
        if name not in ("any_redis", "house")
        for definition in definitions
    )


@pytest.fixture
def house(any_redis, monkeypatch, request):
    """The lobby and table apps, on a standalone Redis and (slow) on a Redis Cluster."""
    if any_redis.kind == "cluster" and _starts_processes_on_redis_url(request):
        pytest.skip("the test starts its processes on the standalone redis_url")
    return House(any_redis.url, monkeypatch, queue_url=any_redis.queue_url)


@pytest.fixture
def r(redis_url):
    """A client of the test's Redis (a module that defines its own ``r`` uses that one)."""
    client = connection.connect(redis_url)
    yield client
    client.close()
