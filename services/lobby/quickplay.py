"""Quick play ("Schnell spielen"): ask for a game, wait in the pool, and be seated at a table
that starts as soon as it is full (services/lobby/matching.py matches; this module answers
and starts the table).

A waiting client asks again (GET) every few seconds: that keeps it in the pool (a player who
stops asking — a closed tab — is dropped after matching.STALE_SECONDS; the browser client
also leaves the pool when its tab is closed), widens its rating window, and brings the table
once it is matched. The request that completes a table opens and starts it at once.
"""

from __future__ import annotations

import secrets
import time

import marshmallow as ma
from flask import current_app

from services.lobby import matching, quotas
from shared import keys, ratelimit, store
from shared.auth import current_player
from shared.games import names
from shared.ratings import computer_ratings, ratings_of
from shared.tables import house, lifecycle, table
from shared.tables.errors import BadRequest
from shared.tables.referee import Pending
from shared.tables.transaction import commit
from shared.web import Blueprint, redis_client, table_context

blp = Blueprint("quickplay", __name__, description="Quick play: be seated at a table that "
                "starts when it is full, with players of a close rating")  # fmt: skip

RATE_WINDOW = 10.0  # seconds; QUICKPLAY_RATE_LIMIT requests per player in it
MAX_COMPUTERS_AFTER = 600
STARTING_SECONDS = 30.0  # a match whose table is not there after this has fallen through


class QuickPlaySchema(ma.Schema):
    game = ma.fields.String(required=True, validate=ma.validate.OneOf(names()))
    seats = ma.fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=ma.validate.Range(2, 6),
        metadata={"description": "How many seats; null: any the game has (\"egal\")"},
    )  # fmt: skip
    clock = ma.fields.Integer(
        load_default=house.DEFAULT_CLOCK, strict=True, validate=ma.validate.OneOf(house.CLOCKS),
        metadata={"description": "seconds per decision; 0 = none"},
    )  # fmt: skip
    computers_after = ma.fields.Integer(
        load_default=None, allow_none=True, strict=True,
        validate=ma.validate.Range(5, MAX_COMPUTERS_AFTER),
        metadata={"description": "After this many seconds of waiting, free seats may go to "
                  "computers of a matching strength; null: only humans"},
    )  # fmt: skip


class QuickPlayStatusSchema(ma.Schema):
    state = ma.fields.String(metadata={"description": "waiting, matched or idle"})
    table = ma.fields.String(allow_none=True, metadata={"description": "matched: the table"})
    game = ma.fields.String(allow_none=True)
    clock = ma.fields.Integer(allow_none=True)
    seats = ma.fields.Integer(allow_none=True, metadata={"description": "None: any"})
    computers_after = ma.fields.Integer(allow_none=True)
    rating = ma.fields.Integer(allow_none=True, metadata={"description": "As matched by"})
    waited = ma.fields.Float(allow_none=True, metadata={"description": "Seconds so far"})
    window = ma.fields.Integer(
        allow_none=True, metadata={"description": "Rating points either side accepted now"}
    )
    waiting = ma.fields.Integer(
        allow_none=True, metadata={"description": "Players waiting for this game and clock"}
    )


def _limited(player: dict) -> None:
    limit = int(current_app.config.get("QUICKPLAY_RATE_LIMIT") or 0)
    ratelimit.check(redis_client(), "quickplay", player["id"], limit, RATE_WINDOW)


def closest_strength(game: str, ratings: list[int]) -> str:
    """The computer strength whose fixed rating is nearest the players' mean rating."""
    measured = computer_ratings(game)
    if not measured or not ratings:
        return house.DEFAULTS["strength"]
    mean = sum(ratings) / len(ratings)
    return min(measured, key=lambda strength: abs(measured[strength].mu - mean))


def start_matched_table(ctx, match: matching.Match) -> dict:
    """Open the match's table with its players in random seats, computers in the others,
    and start its game."""
    players = [{"id": p["id"], "name": p["name"]} for p in match.players]
    secrets.SystemRandom().shuffle(players)
    strength = closest_strength(match.game, [p["rating"] for p in match.players])
    settings = {
        "clock": match.clock,
        "strength": strength,
        "fill": "computer" if all(p["computers"] for p in match.players) else "empty",
    }
    doc = table.create(match.table_id, players[0], match.game, match.seats, {}, settings, ctx.now)
    human_seats = [s for s in range(match.seats) if not house.computer_only(match.game, s)]
    for player, seat in zip(players[1:], human_seats[1:], strict=False):
        table.join(doc, player, seat)
    for seat, held in enumerate(doc["seats"]):
        if held["kind"] == "empty":
            doc["seats"][seat] = table.computer_seat(seat, strength)
    pending = Pending(events=[{"type": "table.opened", "game": match.game,
                               "name": players[0]["name"], "quick": True}])  # fmt: skip
    with lifecycle.starting(ctx) as stakes:
        lifecycle.start_game(doc, ctx, pending, players[0], stakes)
        commit(ctx, doc, None, pending)
        stakes.done = doc
    pipe = ctx.r.pipeline(transaction=False)
    pipe.zadd(keys.OPEN_TABLES, {doc["id"]: ctx.now})
    for player in players:
        store.note_player_table(pipe, player["id"], doc["id"], doc["version"])
    pipe.execute()
    return doc


def _status(found, now: float) -> dict:
    """The answer for what matching found: a Match (its table just started), the waiting
    entry, or None (then the player's last match, if it is kept)."""
    if isinstance(found, matching.Match):
        return _matched(found.table_id, found.game, found.clock, found.seats)
    if found is not None:
        waited = max(0.0, now - found["since"])
        after = found["computers_after"]
        return {"state": "waiting", "table": None, "game": found["game"], "clock": found["clock"],
                "seats": found["seats"], "computers_after": None if after < 0 else after,
                "rating": found["rating"], "waited": round(waited, 1),
                "window": round(matching.window(waited)), "waiting": found["waiting"]}  # fmt: skip
    return {"state": "idle", "table": None}


def _matched(table_id: str | None, game: str, clock: int, seats: int) -> dict:
    """Matched at ``table_id`` (None: its table is still being started: waiting)."""
    state = "waiting" if table_id is None else "matched"
    return {"state": state, "table": table_id, "game": game, "clock": clock, "seats": seats}


def _picked_up(r, player_id: str, now: float) -> dict:
    """Not waiting: the player's match while its table is there (a table still being started
    by another instance: still waiting), else idle."""
    record = matching.matched(r, player_id)
    if record is None:
        return _status(None, now)
    there = bool(r.exists(keys.table(record["table"])))
    if there or now - record["at"] < STARTING_SECONDS:
        table_id = record["table"] if there else None
        return _matched(table_id, record["game"], record["clock"], record["seats"])
    matching.forget_match(r, player_id)
    return _status(None, now)


def _started(ctx, found):
    if isinstance(found, matching.Match):
        start_matched_table(ctx, found)
    return found


@blp.route("/quickplay", methods=["POST"])
@blp.arguments(QuickPlaySchema)
@blp.response(200, QuickPlayStatusSchema)
@blp.problems(
    400,
    401,
    (409, "At QUOTA_TABLES tables already, or requests racing"),
    (429, "Too many requests"),
)
def ask(body):
    """Wait for a table of ``game``: seated with waiting players of a close rating, and the
    table started as soon as it is full (then ``state`` is matched and ``table`` names it).
    A second request replaces the first (in the same game and clock the wait goes on)."""
    player = current_player()
    _limited(player)
    if body["seats"] is not None and body["seats"] not in matching.seat_counts(body["game"]):
        counts = matching.seat_counts(body["game"])
        raise BadRequest(f"quick play seats {body['game']} at {counts[0]}–{counts[-1]}",
                         code="invalid_settings")  # fmt: skip
    ctx = table_context()
    rating = ratings_of(ctx.r, body["game"], [player["id"]])[player["id"]]
    request = matching.Request(body["game"], body["clock"], body["seats"], body["computers_after"])
    with quotas.table_room(player, quick_play=True):
        found = matching.enqueue(ctx.r, player, request, rating.shown, ctx.now,
                                 lifecycle.new_table_id())  # fmt: skip
        return _status(_started(ctx, found), ctx.now)


@blp.route("/quickplay", methods=["GET"])
@blp.response(200, QuickPlayStatusSchema)
@blp.problems(401, 429)
def status():
    """Where the caller's quick play stands; asking keeps a waiting player in the pool
    (ask every few seconds), widens the rating window and may complete a table."""
    player = current_player()
    _limited(player)
    ctx = table_context()
    found = _started(ctx, matching.poll(ctx.r, player["id"], ctx.now, lifecycle.new_table_id()))
    if found is None:
        return _picked_up(ctx.r, player["id"], ctx.now)
    return _status(found, ctx.now)


@blp.route("/quickplay", methods=["DELETE"])
@blp.response(204)
@blp.problems(401, (409, "Requests racing"), 429)
def leave():
    """Leave the pool (nothing happens when the caller is not waiting)."""
    player = current_player()
    _limited(player)
    matching.leave(redis_client(), player["id"], now=time.time())
