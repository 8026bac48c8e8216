"""The table service: state, moves, events, chat, log, hints, undo."""

from __future__ import annotations

from shared.web import make_app


def create_app(config=None):
    return make_app("table", "Speedgamez table", [], config)
