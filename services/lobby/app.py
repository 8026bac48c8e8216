"""The lobby service: accounts, tables, seats, settings, rematch."""

from __future__ import annotations

from shared.web import make_app


def create_app(config=None):
    return make_app("lobby", "Speedgamez lobby", [], config)
