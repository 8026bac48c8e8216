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
def serve(redis_url, monkeypatch):
    """``serve(**config)``: the whole house (services.house) on a real socket on the standalone
    Redis, for clients over HTTP; returns its URL. Computers need a worker of their own."""
    from services.bots import jobs as bot_jobs
    from services.house import create_house
    from tests.integration.harness import TEST_CONFIG
    from tests.integration.sse import Server

    for name, value in (("REDIS_URL", redis_url), ("BOT_PACE", "off"),
                        ("SECRET_KEY", TEST_CONFIG["SECRET_KEY"])):  # fmt: skip
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("QUEUE_REDIS_URL", raising=False)
    bot_jobs._connections.cache_clear()
    servers = []

    def start(**config) -> str:
        app = create_house({**TEST_CONFIG, "REDIS_URL": redis_url, "TESTING": False, **config})
        servers.append(Server(app))
        return f"http://127.0.0.1:{servers[-1].port}"

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def r(redis_url):
    """A client of the test's Redis (a module that defines its own ``r`` uses that one)."""
    client = connection.connect(redis_url)
    yield client
    client.close()
