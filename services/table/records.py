"""A game's record once it is over (everything, nothing secret any more), its replay (the
engine's views step by step, as one seat saw them or with every hand open) and the log
("Bordbuch" / "Bautagebuch") as readable lines cut to the caller's seat."""

from __future__ import annotations

import marshmallow as ma

from services.table.logbook import log_lines
from shared import store
from shared.auth import current_player
from shared.games import get_game
from shared.problems import Problem
from shared.tables import table
from shared.tables.errors import Conflict, NoSuchTable, no_such_table
from shared.web import Blueprint, table_context

blp = Blueprint("records", __name__, description="Game records and the log")


class RecordSchema(ma.Schema):
    table = ma.fields.String()
    game = ma.fields.String()
    no = ma.fields.Integer()
    options = ma.fields.Dict()
    seats = ma.fields.List(
        ma.fields.Dict(), metadata={"description": "{kind, name, strength} per seat"}
    )
    seed = ma.fields.Integer()
    first = ma.fields.Integer()
    initial = ma.fields.Dict(metadata={"description": "the engine's snapshot of the deal"})
    moves = ma.fields.List(ma.fields.Dict(), metadata={"description": "every move and leave"})
    result = ma.fields.Dict()
    started_at = ma.fields.Float()
    ended_at = ma.fields.Float()


class ReplayQuerySchema(ma.Schema):
    seat = ma.fields.Integer(
        validate=ma.validate.Range(0), metadata={"description": "the views of this seat"}
    )
    open = ma.fields.Boolean(
        load_default=False, metadata={"description": "every hand open (beside the views)"}
    )
    lang = ma.fields.String(validate=ma.validate.OneOf(("de", "en")), load_default="de")


class ReplayStepSchema(ma.Schema):
    index = ma.fields.Integer(metadata={"description": "0: the deal, n: after the n-th entry"})
    kind = ma.fields.String(metadata={"description": "deal, move or leave"})
    seat = ma.fields.Integer(allow_none=True, metadata={"description": "who moved or left"})
    move = ma.fields.Dict(allow_none=True)
    at = ma.fields.Float()
    to_move = ma.fields.Integer(allow_none=True)
    view = ma.fields.Dict(metadata={"description": "the engine's view for the chosen seat"})
    hands = ma.fields.List(
        ma.fields.Raw(allow_none=True),
        allow_none=True,
        metadata={"description": "with open: every seat's hand as its own view shows it"},
    )
    lines = ma.fields.List(ma.fields.String(), metadata={"description": "the log of the step"})


class ReplaySchema(ma.Schema):
    table = ma.fields.String()
    game = ma.fields.String()
    no = ma.fields.Integer()
    options = ma.fields.Dict()
    names = ma.fields.List(ma.fields.String(allow_none=True))
    kinds = ma.fields.List(ma.fields.String())
    seat = ma.fields.Integer(
        allow_none=True, metadata={"description": "whose views (None: a spectator's)"}
    )
    open = ma.fields.Boolean()
    result = ma.fields.Dict()
    started_at = ma.fields.Float()
    ended_at = ma.fields.Float()
    steps = ma.fields.List(ma.fields.Nested(ReplayStepSchema))


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
        "seats": [table.public_seat(seat) for seat in deal["seats"]],
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


def replay(r, table_id: str, game_no: int, seat: int | None, open_hands: bool, lang: str) -> dict:
    """A finished game step by step: the deal, then the state after every move and leave, each
    as the engine's view for ``seat`` (None: a spectator's), with every hand when
    ``open_hands``, and the log lines of the step as ``seat`` reads them."""
    entries = store.game_moves(r, table_id, game_no)
    done = record(r, table_id, game_no)  # 404 / 409 as for the record
    engine = get_game(done["game"])
    count = len(done["seats"])
    if seat is not None and seat >= count:
        raise Problem(f"the game had seats 0 to {count - 1}", "no_such_seat", seat=seat)
    state = engine.new(done["options"], count, done["seed"], done["first"])
    lines: dict[int, list[str]] = {}
    for line in log_lines(done["game"], entries, None if open_hands else seat, lang):
        lines.setdefault(line["no"], []).append(line["text"])

    def step(index: int, entry: dict | None) -> dict:
        return {
            "index": index,
            "kind": entry["kind"] if entry else "deal",
            "seat": entry["seat"] if entry else None,
            "move": entry.get("move") if entry else None,
            "at": entry["at"] if entry else done["started_at"],
            "to_move": engine.to_move(state),
            "view": engine.view(state, seat),
            "hands": [engine.view(state, s).get("hand") for s in range(count)]
            if open_hands
            else None,
            "lines": lines.get(index, []) if entry else lines.get(0, []),
        }

    steps = [step(0, None)]
    for index, entry in enumerate(done["moves"], start=1):
        if entry["kind"] == "move":
            engine.apply(state, entry["seat"], entry["move"])
        else:
            engine.leave(state, entry["seat"])
        steps.append(step(index, entry))
    steps[-1]["lines"] += lines.get(len(done["moves"]) + 1, [])  # the closing lines: places
    return {
        "table": table_id,
        "game": done["game"],
        "no": game_no,
        "options": done["options"],
        "names": [s.get("name") for s in done["seats"]],
        "kinds": [s.get("kind", "human") for s in done["seats"]],
        "seat": seat,
        "open": open_hands,
        "result": done["result"],
        "started_at": done["started_at"],
        "ended_at": done["ended_at"],
        "steps": steps,
    }


@blp.route("/tables/<table_id>/games/<int:game_no>/replay")
@blp.arguments(ReplayQuerySchema, location="query")
@blp.response(200, ReplaySchema)
@blp.problems(400, 401, 404, 409)
def get_replay(query, table_id, game_no):
    """A finished game, move by move, computed with the engine: the deal and the view after
    every move as one seat saw it (``seat``; none: as a spectator), or with every hand open
    (``open``: the game is over, nothing is secret any more), each step with its log lines.
    Anyone signed in may read it, as the record."""
    current_player()
    r = table_context().r
    if store.load(r, table_id) is None:
        raise no_such_table(table_id)
    return replay(r, table_id, game_no, query.get("seat"), query["open"], query["lang"])


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
