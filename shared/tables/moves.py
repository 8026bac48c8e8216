"""A human's move: who may make it, what makes it idempotent, and the answer the mover gets
(cut to the mover's seat) — one command on the one path of every change
(shared/tables/transaction.py).

A move's idempotency record keeps its answer's version and events and the time it was
answered, not the table view (most of an answer's bytes, and the record lives 15 minutes for
every move): a repeat gets the view made again from the table — the same view while the table
is still at that version, the table as it is now once it has moved on.
"""

from __future__ import annotations

import functools
import hashlib
import json

from shared import store
from shared.games import get_game
from shared.games.base import IllegalMove, redact_event
from shared.ratelimit import Limit
from shared.tables import table
from shared.tables.errors import Conflict, IllegalPlay, NotAllowed, no_such_table
from shared.tables.referee import Pending, decide
from shared.tables.transaction import Context, Guard, RequestKey, change
from shared.tables.views import table_view


def move_answer(doc: dict, player_id: str, pending: Pending, version: int, now: float) -> dict:
    seat = table.seat_of(doc, player_id)
    view = table_view(doc, player_id, now)
    view["version"] = version
    return {
        "version": version,
        "events": [redact_event(event, seat) for event in pending.events],
        "table": view,
    }


def kept_of(answer: dict, now: float) -> dict:
    """What a move's idempotency record keeps of its ``answer`` (given at ``now``)."""
    return {"version": answer["version"], "events": answer["events"], "at": now}


def answer_again(ctx: Context, table_id: str, player_id: str, kept: dict) -> dict:
    """The answer to a repeated move from its record and the table as it is now."""
    if "table" in kept:
        return kept  # (a record that kept the whole answer)
    doc = store.load(ctx.r, table_id)
    if doc is None:
        raise no_such_table(table_id)
    at = kept["at"] if doc["version"] == kept["version"] else ctx.now
    return {"version": kept["version"], "events": kept["events"],
            "table": table_view(doc, player_id, at)}  # fmt: skip


def request_key_for(ctx: Context, table_id: str, player_id: str, version: int | None,
                    key: str | None, move: dict) -> RequestKey | None:  # fmt: skip
    """An explicit idempotency key bound to the move and version it first came with, or a
    key derived from (player, version, move)."""
    if key is None and version is None:
        return None
    canonical = json.dumps(move, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{player_id}|{version}|{canonical}".encode()).hexdigest()[:32]
    keep = functools.partial(kept_of, now=ctx.now)
    rebuild = functools.partial(answer_again, ctx, table_id, player_id)
    if key:
        return RequestKey(f"k:{player_id}:{key}", digest, keep, rebuild)
    return RequestKey(f"v:{digest}", "", keep, rebuild)


def submit_move(ctx: Context, table_id: str, player: dict, move: dict,
                version: int | None = None, key: str | None = None,
                guard: Guard | None = None, limit: Limit | None = None) -> dict:  # fmt: skip
    """A human's move: 403 not seated, 409 stale or not your turn, 422 illegal, 429 over
    ``limit`` (``guard``: what must hold before it is made, see
    shared.tables.transaction.change)."""

    def play(doc, pending):
        if version is not None and doc["version"] != version:
            raise Conflict(f"the table is at version {doc['version']}, not {version}",
                           code="stale_version", current_version=doc["version"])  # fmt: skip
        seat = table.seat_of(doc, player["id"])
        if seat is None:
            raise NotAllowed("you do not sit at this table", code="not_seated")
        if doc["status"] != table.PLAYING:
            raise Conflict("no game is running at this table", code="no_game_running")
        if get_game(doc["game"]).to_move(doc["current"]["state"]) != seat:
            raise Conflict("it is not your turn", code="not_your_turn",
                           current_version=doc["version"])  # fmt: skip
        try:
            decide(doc, seat, move, "human", ctx, pending)
        except IllegalMove as error:
            raise IllegalPlay(error.reason, code="illegal_move") from error

    def answer(doc, pending, version_after):
        return move_answer(doc, player["id"], pending, version_after, ctx.now)

    request_key = request_key_for(ctx, table_id, player["id"], version, key, move)
    _, answered = change(ctx, table_id, play, request_key, answer, guard, limit)
    return answered
