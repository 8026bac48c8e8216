import pytest

from tests.integration.harness import House


@pytest.fixture
def house(redis_url, monkeypatch):
    return House(redis_url, monkeypatch)
