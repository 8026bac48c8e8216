"""The table service: a table's state, moves, events, chat, log, records and hints."""

from __future__ import annotations

from services.table.chat import blp as chat
from services.table.events import blp as events
from services.table.move_route import MoveRoute
from services.table.moves import blp as moves
from services.table.records import blp as records
from services.table.state import blp as state
from shared.web import make_app


def create_app(config=None):
    app = make_app("table", "Speedgamez table", [state, moves, events, chat, records], config)
    app.wsgi_app = MoveRoute(app)  # a well-formed move skips Flask's per-request work
    return app
