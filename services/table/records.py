"""A game's record once it is over (everything, nothing secret any more) and the log
("Bordbuch" / "Bautagebuch") as readable lines cut to the caller's seat."""

from __future__ import annotations

import marshmallow as ma

from services.table.logbook import log_lines
from shared import store
from shared.auth import current_player
from shared.games import get_game
from shared.tables import table
from shared.tables.errors import Conflict, NoSuchTable, no_such_table
from shared.web import Blueprint, table_context

blp = Blueprint("records", __name__, description="Game records and the log")


class RecordSchema(ma.Schema):
    table = ma.fields.String()
    game = ma.fields.String()
    no = ma.fields.Integer()
    options = ma.fields.Dict()
    seats = ma.fields.List(ma.fields.Dict())
    seed = ma.fields.Integer()
    first = ma.fields.Integer()
    initial = ma.fields.Dict(metadata={"description": "the engine's snapshot of the deal"})
    moves = ma.fields.List(ma.fields.Dict(), metadata={"description": "every move and leave"})
    result = ma.fields.Dict()
    started_at = ma.fields.Float()
    ended_at = ma.fields.Float()


class LogLineSchema(ma.Schema):
    no = ma.fields.Integer(metadata={"description": "the move number"})
    seat = ma.fields.Integer(allow_none=True)
    text = ma.fields.String()
    at = ma.fields.Float()


class LogQuerySchema(ma.Schema):
    game = ma.fields.Integer(validate=ma.validate.Range(1), metadata={"description": "game no"})
    lang = ma.fields.String(validate=ma.validate.OneOf(("de", "en")))


def record(r, table_id: str, game_no: int) -> dict:
    """The full record of a finished game; 409 while it runs."""
    entries = store.game_moves(r, table_id, game_no)
    if not entries:
        raise NoSuchTable(f"table {table_id} has no game {game_no}", code="no_such_game",
                          table=table_id, game_no=game_no)  # fmt: skip
    deal, end = entries[0], entries[-1]
    if end["kind"] != "end":
        raise Conflict("the game is still running; its record is secret until it ends",
                       code="game_not_over")  # fmt: skip
    doc = store.load(r, table_id)
    engine = get_game(doc["game"]) if doc else None
    initial = engine.new(deal["options"], len(deal["seats"]), deal["seed"], deal["first"])
    return {
        "table": table_id,
        "game": doc["game"],
        "no": game_no,
        "options": deal["options"],
        "seats": deal["seats"],
        "seed": deal["seed"],
        "first": deal["first"],
        "initial": engine.snapshot(initial),
        "moves": entries[1:-1],
        "result": end["result"],
        "started_at": deal["at"],
        "ended_at": end["at"],
    }


@blp.route("/tables/<table_id>/games/<int:game_no>/record")
@blp.response(200, RecordSchema)
@blp.problems(401, 404, 409)
def get_record(table_id, game_no):
    """Everything about a finished game: settings, seed, the deal, every move with seat,
    time and events, and the result. Replaying it through the engine gives the same game."""
    current_player()
    r = table_context().r
    if store.load(r, table_id) is None:
        raise no_such_table(table_id)
    return record(r, table_id, game_no)


@blp.route("/tables/<table_id>/log")
@blp.arguments(LogQuerySchema, location="query")
@blp.response(200, LogLineSchema(many=True))
@blp.problems(400, 401, 404)
def get_log(query, table_id):
    """Every move of a game (the current one by default) as a readable line, showing only
    what the caller's seat may see."""
    player = current_player()
    r = table_context().r
    doc = store.load(r, table_id)
    if doc is None:
        raise no_such_table(table_id)
    game_no = query.get("game") or (doc["current"]["no"] if doc["current"] else 0)
    seat = table.seat_of(doc, player["id"])
    if doc["current"] is None or game_no != doc["current"]["no"]:
        seat = None  # an earlier game at this table: the seats may have changed
    entries = store.game_moves(r, table_id, game_no)
    return log_lines(doc["game"], entries, seat, query.get("lang", "de"))
