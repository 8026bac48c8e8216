"""The referee of a table: whose turn it is, when the next decision is due, what a clock
that ran out decides, and how a game ends — pure functions of a table document and the time
(``Moment``: the change's ``now``, and whether computers keep their pace).

They change the document in place and note what a commit must add in a :class:`Pending`;
reading and writing Redis is the transaction's (shared/tables/transaction.py).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Protocol

from shared.games import get_game
from shared.strategies import choose
from shared.tables import guide, house, table
from shared.tables.document import Game, Table


@dataclass
class Pending:
    """What one commit adds: events for the stream, moves for the record, follow-ups."""

    events: list = field(default_factory=list)
    record: list = field(default_factory=list)  # entries for the game's record
    new_decision: bool = False
    booking: dict | None = None


class Moment(Protocol):
    """When a change happens (shared.tables.transaction.Context is one)."""

    now: float
    paced: bool  # computers keep the tempo's pace (off in tests and benches: BOT_PACE=off)


def game_of(doc: Table) -> Game:
    """The table's current game (every table that has dealt one has one)."""
    game = doc["current"]
    if game is None:
        raise ValueError(f"table {doc['id']} has dealt no game")
    return game


def turn_of(doc: Table) -> str | None:
    """The name of the decision the table waits for ("<game no>:<moves so far>")."""
    game = doc["current"]
    return f"{game['no']}:{game['moves']}" if game and doc["status"] == table.PLAYING else None


def controlled_by_computer(doc: Table, seat: int) -> bool:
    seat_doc = doc["seats"][seat]
    return seat_doc["kind"] == "computer" or bool(seat_doc.get("left"))


def _pace(doc: Table, when: Moment) -> float:
    if not when.paced or game_of(doc)["turbo"]:
        return 0.0
    return house.PACE_SECONDS[doc["settings"]["tempo"]]


def next_decision(doc: Table, when: Moment, pending: Pending) -> None:
    """Set the deadline or the computer's due time for whatever decision comes next."""
    game = game_of(doc)
    state = game["state"]
    seat = get_game(doc["game"]).to_move(state) if doc["status"] == table.PLAYING else None
    game["deadline"] = game["bot_due"] = None
    pending.new_decision = True
    if seat is None:
        return
    if game["takeover"] is not None and game["takeover"] != seat:
        game["takeover"] = None
    if controlled_by_computer(doc, seat):
        game["bot_due"] = when.now + _pace(doc, when)
    elif game["takeover"] == seat:
        game["deadline"] = when.now
    elif doc["settings"]["clock"]:
        # on a whole second: the clock prompt is scheduled in whole seconds, so it fires then
        clock = doc["settings"]["clock"] + house.GRACE + guide.pause_left(game, when.now)
        game["deadline"] = float(math.ceil(when.now + clock))


def decide(doc: Table, seat: int, move: dict, by: str, when: Moment, pending: Pending) -> list:
    """Apply one decision of ``seat`` (by "human", "computer" or "clock")."""
    engine = get_game(doc["game"])
    game = game_of(doc)
    events = engine.apply(game["state"], seat, move)
    game["moves"] += 1
    pending.record.append(
        {"kind": "move", "seat": seat, "move": move, "by": by, "at": when.now, "events": events}
    )
    pending.events.extend(events)
    if engine.to_move(game["state"]) is None:
        finish(doc, when, pending)
    next_decision(doc, when, pending)
    return events


def finish(doc: Table, when: Moment, pending: Pending) -> None:
    game = game_of(doc)
    result = get_game(doc["game"]).result(game["state"])
    game["result"] = result
    game["ended_at"] = when.now
    doc["status"] = table.OVER
    pending.events.append({"type": "table.game_over", "no": game["no"], "result": result})
    pending.record.append({"kind": "end", "at": when.now, "result": result})
    pending.booking = booking(doc, when.now)


def booking(doc: Table, ended_at: float) -> dict:
    """What the ledger books for the game that just ended."""
    game = game_of(doc)
    return {
        "game_id": game["id"],
        "table": doc["id"],
        "game": doc["game"],
        "started_at": game["started_at"],
        "ended_at": ended_at,
        "stake": doc["settings"]["stakes"],
        "seats": [
            {
                "seat": i,
                "kind": p["kind"],
                "player": p["player"],
                "name": p["name"],
                "strength": p.get("strength"),
                "left": bool(p.get("left")),
            }
            for i, p in enumerate(game["players"])
        ],  # fmt: skip
        "result": game["result"],
    }


def computer_move(doc: Table, seat: int, strength: str) -> dict:
    """The computer's decision for a seat, from that seat's view and legal moves only."""
    engine = get_game(doc["game"])
    game = game_of(doc)
    state = game["state"]
    rng = random.Random(f"{game['seed']}:{game['moves']}:{seat}")
    return choose(doc["game"], engine.view(state, seat), engine.legal_moves(state, seat),
                  strength, rng)  # fmt: skip


def settle_overdue(doc: Table, when: Moment, pending: Pending) -> None:
    """Apply every clock that has run out: the computer (strength normal) decides."""
    while doc["status"] == table.PLAYING:
        game = game_of(doc)
        if game["deadline"] is None or when.now < game["deadline"]:
            return
        seat = get_game(doc["game"]).to_move(game["state"])
        if seat is None:
            return  # (a game that is over waits for no decision)
        if get_game(doc["game"]).CLOCK_FINISHES_TURN:
            game["takeover"] = seat
        if game["takeover"] is None or not pending.record or pending.record[-1].get("seat") != seat:
            late = round(when.now - game["deadline"], 3)  # seconds from deadline to decision
            pending.events.append({"type": "table.clock", "seat": seat, "late": late})
        decide(doc, seat, computer_move(doc, seat, "normal"), "clock", when, pending)


def due_of(doc: Table | None) -> float | None:
    """When the table's next computer turn, clock or hold is due (None: nothing is)."""
    if doc is None:
        return None
    if doc["status"] == table.PLAYING:
        game = game_of(doc)
        return game["bot_due"] if game["bot_due"] is not None else game["deadline"]
    if doc["status"] == table.OVER:
        return doc["held_until"]
    return None


def clock_of(doc: Table) -> float | None:
    """The deadline of a human's decision, if the table waits for one."""
    if doc["status"] != table.PLAYING or game_of(doc)["bot_due"] is not None:
        return None
    return game_of(doc)["deadline"]
