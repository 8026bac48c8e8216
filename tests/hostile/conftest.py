"""Hostile clients and fuzzing: the three services on the test Redis, players with tokens."""

from __future__ import annotations

import pytest

from tests.integration.harness import House


@pytest.fixture
def house(redis_url, monkeypatch):
    return House(redis_url, monkeypatch)
