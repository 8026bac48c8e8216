"""The table service: a table's state, moves, events, chat, log, records and hints."""

from __future__ import annotations

from services.table.chat import blp as chat
from services.table.events import blp as events
from services.table.move_route import MoveRoute
from services.table.moves import blp as moves
from services.table.records import blp as records
from services.table.state import blp as state
from shared import connection
from shared.tables.latest import LatestDocs
from shared.web import LATEST_DOCS, make_app, redis_client


def create_app(config=None):
    app = make_app("table", "Speedgamez table", [state, moves, events, chat, records], config)
    # The newest document of each table this process's event streams watch: the hub keeps
    # them (services/table/events.py makes it after the fork), and a change starts from them
    # (shared/tables/transaction.py) — on one Redis only, where its commit checks the mover's
    # token itself.
    docs = LatestDocs()
    app.extensions["hub_docs"] = docs
    app.extensions[LATEST_DOCS] = None if connection.is_cluster(redis_client(app)) else docs
    app.wsgi_app = MoveRoute(app)  # a well-formed move skips Flask's per-request work
    return app
