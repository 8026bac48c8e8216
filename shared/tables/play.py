"""The one path every change of a table takes: load → settle overdue clocks → validate and
apply → compare-and-set (with the due index and the clock prompt) → publish → schedule what
follows.

Humans' moves, computer turns, clock expiries and lobby actions (join, start, rematch …) all
run through :func:`change`, so a stale or duplicated request can never apply twice and a
deadline that passed is applied by whoever touches the table first.

A human's move costs two round trips to the table Redis: the first read (the mover's token
generation and, for a guest, whether the account exists; the stored answer and the table) and
the commit (script and due index, pipelined) — or the commit alone, which then checks the
token, when this process
watches the table and so keeps its newest document (``Context.docs``; on one Redis only).
The move route's rate limit (MOVE_RATE_LIMIT) adds one round trip of its own before. Jobs
are enqueued only for a computer's turn, and for a clock only when the table has no armed
prompt that fires no later than the new deadline (shared.store's arm_clock).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import redis

from shared import metrics, store
from shared.games import get_game
from shared.games.base import IllegalMove, redact_event
from shared.problems import Problem
from shared.strategies import choose
from shared.tables import house, table
from shared.tables.errors import Conflict, IllegalPlay, NotAllowed, no_such_table
from shared.tables.jobs import Jobs
from shared.tables.latest import LatestDocs
from shared.tables.views import table_view

MAX_ATTEMPTS = 25


@dataclass
class Pending:
    """What one commit adds: events for the stream, moves for the record, follow-ups."""

    events: list = field(default_factory=list)
    record: list = field(default_factory=list)  # entries for the game's record
    new_decision: bool = False
    booking: dict | None = None


@dataclass(frozen=True)
class Guard:
    """What must hold in Redis for a change to be made or answered — a move's token
    (shared.auth): the integer a key holds (absent: 0), and that a second key exists when one
    is named (a guest's account) — read with the table in the change's first round trip, or
    checked by the commit when no read comes before it."""

    key: str
    value: int
    refusal: Callable[[bool], Exception]  # what the caller is told (True: ``account`` is gone)
    account: str | None = None  # a key that must exist too

    @property
    def reads(self) -> tuple[str, str | None]:
        return self.key, self.account

    def check(self, stored: str | None, exists: bool = True) -> None:
        if not exists or int(stored or 0) != self.value:
            raise self.refusal(not exists)


@dataclass(frozen=True)
class RequestKey:
    """What makes a change idempotent: the ``key`` its answer is kept under (per table), and
    the ``fingerprint`` of the request, kept beside the answer: a key that comes again with
    another request is refused (422 idempotency_key_reused), as Stripe does."""

    key: str
    fingerprint: str = ""  # "" where the key itself names the request

    def replay(self, stored: store.StoredAnswer) -> dict:
        """The first request's answer for a repeat of it."""
        if self.fingerprint and stored.request and stored.request != self.fingerprint:
            raise Problem("This idempotency key came with another request first; send a new "
                          "key with each new request.", "idempotency_key_reused")  # fmt: skip
        return stored.answer


@dataclass
class Context:
    """Where a change runs: the table Redis, the job queues, the time, the table retention."""

    r: redis.Redis
    jobs: Jobs
    now: float
    retention: int = 0
    paced: bool = True
    docs: LatestDocs | None = None  # the newest documents of the tables this process watches


def turn_of(doc: dict) -> str | None:
    """The name of the decision the table waits for ("<game no>:<moves so far>")."""
    game = doc["current"]
    return f"{game['no']}:{game['moves']}" if game and doc["status"] == table.PLAYING else None


def controlled_by_computer(doc: dict, seat: int) -> bool:
    seat_doc = doc["seats"][seat]
    return seat_doc["kind"] == "computer" or bool(seat_doc.get("left"))


def _pace(doc: dict, ctx: Context) -> float:
    if not ctx.paced or doc["current"]["turbo"]:
        return 0.0
    return house.PACE_SECONDS[doc["settings"]["tempo"]]


def next_decision(doc: dict, ctx: Context, pending: Pending) -> None:
    """Set the deadline or the computer's due time for whatever decision comes next."""
    game = doc["current"]
    state = game["state"]
    seat = get_game(doc["game"]).to_move(state) if doc["status"] == table.PLAYING else None
    game["deadline"] = game["bot_due"] = None
    pending.new_decision = True
    if seat is None:
        return
    if game["takeover"] is not None and game["takeover"] != seat:
        game["takeover"] = None
    if controlled_by_computer(doc, seat):
        game["bot_due"] = ctx.now + _pace(doc, ctx)
    elif game["takeover"] == seat:
        game["deadline"] = ctx.now
    elif doc["settings"]["clock"]:
        # on a whole second: the clock prompt is scheduled in whole seconds, so it fires then
        game["deadline"] = float(math.ceil(ctx.now + doc["settings"]["clock"] + house.GRACE))


def decide(doc: dict, seat: int, move: dict, by: str, ctx: Context, pending: Pending) -> list:
    """Apply one decision of ``seat`` (by "human", "computer" or "clock")."""
    engine = get_game(doc["game"])
    game = doc["current"]
    events = engine.apply(game["state"], seat, move)
    game["moves"] += 1
    pending.record.append(
        {"kind": "move", "seat": seat, "move": move, "by": by, "at": ctx.now, "events": events}
    )
    pending.events.extend(events)
    if engine.to_move(game["state"]) is None:
        finish(doc, ctx, pending)
    next_decision(doc, ctx, pending)
    return events


def finish(doc: dict, ctx: Context, pending: Pending) -> None:
    game = doc["current"]
    result = get_game(doc["game"]).result(game["state"])
    game["result"] = result
    game["ended_at"] = ctx.now
    doc["status"] = table.OVER
    pending.events.append({"type": "table.game_over", "no": game["no"], "result": result})
    pending.record.append({"kind": "end", "at": ctx.now, "result": result})
    pending.booking = {
        "game_id": game["id"],
        "table": doc["id"],
        "game": doc["game"],
        "started_at": game["started_at"],
        "ended_at": ctx.now,
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
        "result": result,
    }


def computer_move(doc: dict, seat: int, strength: str) -> dict:
    """The computer's decision for a seat, from that seat's view and legal moves only."""
    engine = get_game(doc["game"])
    state = doc["current"]["state"]
    rng = random.Random(f"{doc['current']['seed']}:{doc['current']['moves']}:{seat}")
    return choose(doc["game"], engine.view(state, seat), engine.legal_moves(state, seat),
                  strength, rng)  # fmt: skip


def settle_overdue(doc: dict, ctx: Context, pending: Pending) -> None:
    """Apply every clock that has run out: the computer (strength normal) decides."""
    while doc["status"] == table.PLAYING:
        game = doc["current"]
        if game["deadline"] is None or ctx.now < game["deadline"]:
            return
        seat = get_game(doc["game"]).to_move(game["state"])
        if get_game(doc["game"]).CLOCK_FINISHES_TURN:
            game["takeover"] = seat
        if game["takeover"] is None or not pending.record or pending.record[-1].get("seat") != seat:
            late = round(ctx.now - game["deadline"], 3)  # seconds from deadline to decision
            pending.events.append({"type": "table.clock", "seat": seat, "late": late})
        decide(doc, seat, computer_move(doc, seat, "normal"), "clock", ctx, pending)


def due_of(doc: dict | None) -> float | None:
    """When the table's next computer turn, clock or hold is due (None: nothing is)."""
    if doc is None:
        return None
    game = doc["current"]
    if doc["status"] == table.PLAYING:
        return game["bot_due"] if game["bot_due"] is not None else game["deadline"]
    if doc["status"] == table.OVER:
        return doc["held_until"]
    return None


def clock_of(doc: dict) -> float | None:
    """The deadline of a human's decision, if the table waits for one."""
    game = doc["current"]
    if doc["status"] != table.PLAYING or game["bot_due"] is not None:
        return None
    return game["deadline"]


def follow_up(doc: dict, ctx: Context, pending: Pending, clock_armed: bool) -> None:
    """After a commit: schedule the next computer turn or hold, the clock prompt the commit
    armed, and the booking."""
    game, new = doc["current"], pending.new_decision
    if clock_armed:
        ctx.jobs.clock_expiry(doc["id"], turn_of(doc), clock_of(doc))
    if new and doc["status"] == table.PLAYING and game["bot_due"] is not None:
        due = game["bot_due"]
        ctx.jobs.computer_turn(doc["id"], turn_of(doc), due if due > ctx.now else None)
    elif new and doc["status"] == table.OVER and doc["held_until"] is not None:
        ctx.jobs.hold_expiry(doc["id"], game["no"], doc["held_until"])
    if pending.booking:
        ctx.jobs.book(pending.booking)


Operation = Callable[[dict, Pending], object]


def change(ctx: Context, table_id: str, operation: Operation | None = None,
           request_key: RequestKey | None = None, answer_for: str | None = None,
           guard: Guard | None = None):  # fmt: skip
    """Run ``operation(doc, pending)`` on the current document and commit it, retrying on a
    concurrent change. Overdue clocks are settled first. Returns (doc, operation's value).

    ``request_key`` makes the change idempotent: a repeat gets the first answer back (the
    answer is the table as ``answer_for`` saw it, with the events cut for that player); the
    same key with another request is refused.
    ``guard`` must hold before anything is changed or answered.

    The first attempt starts from the newest document this process has seen of the table
    when it keeps one (``ctx.docs``): no read, the guard checked by the commit. A refused
    commit or operation there is judged afresh from a read.

    A commit that loses the compare-and-set has still written the due index for its own
    document (it shares the commit's round trip); unless a later attempt commits, the
    index is written again from the table as it is before this returns.
    """
    due_unsure = False
    unchecked = guard  # the guard, until a read or a commit has found that it holds
    try:
        for attempt in range(MAX_ATTEMPTS):
            latest = ctx.docs.get(table_id) if ctx.docs is not None and not attempt else None
            if latest is not None:
                answer, doc = None, store.parse_doc(*latest)
            else:
                answer, doc, held = store.load_or_answer(ctx.r, table_id,
                                                         request_key and request_key.key,
                                                         unchecked and unchecked.reads)  # fmt: skip
                if unchecked:
                    unchecked.check(*held)
                    unchecked = None
            if answer:
                return None, request_key.replay(answer)
            if doc is None:
                raise no_such_table(table_id)
            expected = doc["version"]
            pending = Pending()
            settle_overdue(doc, ctx, pending)
            value = None
            if operation is not None:
                try:
                    value = operation(doc, pending)
                except store.VersionConflict:
                    continue  # the operation found the document out of date (stakes.py)
                except (Conflict, IllegalPlay, NotAllowed):
                    if latest is not None:
                        continue  # judged on what may not be the newest document
                    if request_key and (
                        answer := store.stored_answer(ctx.r, table_id, request_key.key)
                    ):  # a duplicate that lost the race to its original
                        return None, request_key.replay(answer)
                    if pending.record:  # keep the clock's decisions, then answer the problem
                        due_unsure = True
                        try:
                            commit(ctx, doc, expected, pending)
                        except store.VersionConflict:
                            continue  # the table moved on: judge the operation afresh
                        due_unsure = False
                    raise
            if not pending.events and not pending.record:
                if latest is not None:
                    continue  # nothing to commit, so nothing to tell the document is the newest
                return doc, value
            answer = None
            if answer_for is not None:
                answer = move_answer(doc, answer_for, pending, expected + 1, ctx.now)
                value = answer
            due_unsure = True
            try:
                commit(ctx, doc, expected, pending, request_key, answer, unchecked)
            except store.VersionConflict:
                unchecked = None  # (the commit checks its guard first)
                continue
            except store.AlreadyApplied as applied:
                return None, request_key.replay(applied.stored)
            except store.GuardRefused as refused:
                raise unchecked.refusal(refused.gone) from None
            due_unsure = False
            return doc, value
        raise Conflict("the table is too busy right now; try again", code="table_busy")
    finally:
        if due_unsure:
            store.mark_due(ctx.r, table_id, due_of(store.load(ctx.r, table_id)))


def commit(ctx: Context, doc: dict, expected: int | None, pending: Pending,
           request_key: RequestKey | None = None, answer: dict | None = None,
           guard: Guard | None = None) -> None:  # fmt: skip
    """Commit one change (``expected`` None: a new table) with the table's due time and
    clock prompt (and ``guard``, checked by the commit), then schedule what follows."""
    game_no = doc["current"]["no"] if doc["current"] else 0
    key, fingerprint = (request_key.key, request_key.fingerprint) if request_key else (None, "")
    committed = store.commit(ctx.r, expected, store.Commit(
        doc, pending.events, pending.record, game_no, key, answer, fingerprint, ctx.retention,
        due=due_of(doc), clock_at=clock_of(doc), now=ctx.now, booking=pending.booking,
        guard=(guard.key, guard.value, guard.account) if guard else None,
    ))  # fmt: skip
    if ctx.docs is not None:
        ctx.docs.seen(doc["id"], doc["version"], committed.doc)
    metrics.committed(doc["game"], pending.record, pending.events)
    follow_up(doc, ctx, pending, committed.clock_armed)


def move_answer(doc: dict, player_id: str, pending: Pending, version: int, now: float) -> dict:
    seat = table.seat_of(doc, player_id)
    view = table_view(doc, player_id, now)
    view["version"] = version
    return {
        "version": version,
        "events": [redact_event(event, seat) for event in pending.events],
        "table": view,
    }


def request_key_for(player_id: str, version: int | None, key: str | None,
                    move: dict) -> RequestKey | None:  # fmt: skip
    """An explicit idempotency key bound to the move and version it first came with, or a
    key derived from (player, version, move)."""
    if key is None and version is None:
        return None
    canonical = json.dumps(move, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{player_id}|{version}|{canonical}".encode()).hexdigest()[:32]
    if key:
        return RequestKey(f"k:{player_id}:{key}", digest)
    return RequestKey(f"v:{digest}")


def submit_move(ctx: Context, table_id: str, player: dict, move: dict,
                version: int | None = None, key: str | None = None,
                guard: Guard | None = None) -> dict:  # fmt: skip
    """A human's move: 403 not seated, 409 stale or not your turn, 422 illegal (``guard``:
    what must hold before it is made, see :func:`change`)."""

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

    request_key = request_key_for(player["id"], version, key, move)
    _, answer = change(ctx, table_id, play, request_key, answer_for=player["id"], guard=guard)
    return answer
