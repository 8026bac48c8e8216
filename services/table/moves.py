"""Moves and hints: the engine's move JSON through the one move path."""

from __future__ import annotations

import math

import marshmallow as ma
import redis
from flask import current_app
from rq.exceptions import NoSuchJobError

from shared import auth, keys, ratelimit, store
from shared.auth import current_player, presented_token, signed_player
from shared.games import get_game
from shared.problems import Problem
from shared.tables import table
from shared.tables.errors import no_such_table
from shared.tables.moves import submit_move
from shared.tables.referee import turn_of
from shared.tables.schemas import TableSchema
from shared.tables.transaction import Guard
from shared.web import Blueprint, own_rate_limit, table_context

blp = Blueprint("moves", __name__, description="Moves and hints")
HINT_TIMEOUT = 5  # seconds to wait for the bots worker


class MoveSchema(ma.Schema):
    move = ma.fields.Dict(
        required=True,
        keys=ma.fields.String(validate=ma.validate.Length(max=20)),
        validate=ma.validate.Length(max=10),
        metadata={"description": 'the engine\'s move, e.g. {"type": "draw"}'},
    )
    version = ma.fields.Integer(
        strict=True,
        validate=ma.validate.Range(0),
        metadata={"description": "the version the client saw"},
    )
    key = ma.fields.String(
        validate=ma.validate.Length(1, 64),
        metadata={
            "description": "an idempotency key (a new UUID per move): the same key with another "
            "move or version is refused (422 idempotency_key_reused)"
        },
    )


class MoveAnswerSchema(ma.Schema):
    version = ma.fields.Integer()
    events = ma.fields.List(ma.fields.Dict(), metadata={"description": "cut to your seat"})
    table = ma.fields.Nested(TableSchema)


class HintSchema(ma.Schema):
    move = ma.fields.Dict(metadata={"description": "the strong computer's move for you"})
    turn = ma.fields.String()


@blp.route("/tables/<table_id>/moves", methods=["POST"])
@own_rate_limit
@blp.arguments(MoveSchema)
@blp.response(200, MoveAnswerSchema)
@blp.problems(400, 401, 403, 404, 409, 422, 429)
def post_move(body, table_id):
    """Make a move. With ``version`` (or ``key``) a repeated request is answered like the
    first and applied once; a key sent again with another move or version gets 422
    idempotency_key_reused; a stale version gets 409 with ``current_version``. More than
    MOVE_RATE_LIMIT moves per MOVE_RATE_WINDOW s of one player get 429 with Retry-After.
    (A well-formed move is answered by services/table/move_route.py, the same way.)"""
    return current_app.json.response(make_move(table_id, presented_token(), body))


def make_move(table_id: str, token: str | None, body: dict) -> dict:
    """The answer to a move ``body`` (MoveSchema) sent with the bearer ``token``, already cut
    to the caller; raises a Problem for what the caller is to be told instead."""
    player, generation = signed_player(token)
    # the token's standing is read with the table, or checked by the commit
    # (shared.tables.transaction)
    guard = Guard(keys.token_generation(player["id"]), generation, auth.refusal,
                  auth.account_key(player))  # fmt: skip
    config = current_app.config
    # counted with the move's first round trip; a repeat of an applied move is answered
    # like the first past it
    limit = ratelimit.Limit.of("moves", player["id"], config["MOVE_RATE_LIMIT"],
                               config["MOVE_RATE_WINDOW"])  # fmt: skip
    return submit_move(table_context(), table_id, player, body["move"], body.get("version"),
                       body.get("key"), guard, limit)  # fmt: skip


@blp.route("/tables/<table_id>/hint")
@blp.response(200, HintSchema)
@blp.problems(401, 403, 404, 409, (503, "No computer player answered in time"))
def hint(table_id):
    """ "Tipp": the strong computer's next move for the caller. Never at a table with stakes
    against other humans."""
    player = current_player()
    ctx = table_context()
    doc = store.load(ctx.r, table_id)
    if doc is None:
        raise no_such_table(table_id)
    seat = table.seat_of(doc, player["id"])
    if seat is None:
        raise Problem("you do not sit at this table", "not_seated")
    if doc["settings"]["stakes"] and len(table.humans(doc)) > 1:
        raise Problem("no hints at a table with stakes against other humans",
                      "no_hints_with_stakes")  # fmt: skip
    if (
        doc["status"] != table.PLAYING
        or get_game(doc["game"]).to_move(doc["current"]["state"]) != seat
    ):
        raise Problem("a hint is only given when it is your turn", "not_your_turn")
    turn = turn_of(doc)
    job = ctx.jobs.hint(table_id, seat, turn)
    try:
        wait = math.ceil(current_app.config.get("HINT_TIMEOUT", HINT_TIMEOUT))  # RQ: whole s
        result = job.latest_result(timeout=wait)
    except (NoSuchJobError, redis.TimeoutError):  # redis-py's read timeout (5 s) may come first
        result = None
    if result is None or result.type != result.Type.SUCCESSFUL or not result.return_value:
        raise Problem("no computer player answered in time; try again", "hint_unavailable")
    return {"move": result.return_value["move"], "turn": turn}
