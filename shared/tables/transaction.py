"""The one path every change of a table takes: load → answered before? → settle overdue
clocks → apply → commit (compare-and-set, with the due index and the clock prompt) →
retry on a concurrent change; then publish and schedule what follows.

Humans' moves (shared/tables/moves.py), computer turns, clock expiries and lobby actions
(join, start, rematch …: shared/tables/lifecycle.py) all run through :func:`change`, so a
stale or duplicated request can never apply twice and a deadline that passed is applied by
whoever touches the table first. What the rules decide is the referee's
(shared/tables/referee.py); this module reads and writes.

A human's move costs two round trips to the table Redis: the first read (the mover's token
generation and, for a guest, whether the account exists; the stored answer and the table) and
the commit (script and due index, pipelined) — or the commit alone, which then checks the
token, when this process watches the table and so keeps its newest document
(``Context.docs``, wired by the table service's app factory; on one Redis only). The move's
rate limit (MOVE_RATE_LIMIT) is counted in the first of them, by the read or by the commit
script, once a request however often it is attempted. Jobs are
enqueued only for a computer's turn, and for a clock only when the table has no armed prompt
that fires no later than the new deadline (shared.store's arm_clock).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import redis

from shared import metrics, store
from shared.problems import Problem
from shared.ratelimit import Limit
from shared.tables.errors import Conflict, IllegalPlay, NotAllowed, no_such_table
from shared.tables.jobs import Jobs
from shared.tables.latest import LatestDocs
from shared.tables.referee import Pending, clock_of, due_of, settle_overdue, turn_of
from shared.tables.table import OVER, PLAYING

MAX_ATTEMPTS = 25
REFUSALS = (Conflict, IllegalPlay, NotAllowed)  # what an operation answers a request with


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
    another request is refused (422 idempotency_key_reused), as Stripe does. ``keep`` and
    ``rebuild``: what of the answer is kept, and the answer made again from that (None: the
    whole answer is kept)."""

    key: str
    fingerprint: str = ""  # "" where the key itself names the request
    keep: Callable[[dict], dict] | None = None
    rebuild: Callable[[dict], dict] | None = None

    def replay(self, stored: store.StoredAnswer) -> dict:
        """The first request's answer for a repeat of it."""
        if self.fingerprint and stored.request and stored.request != self.fingerprint:
            raise Problem("This idempotency key came with another request first; send a new "
                          "key with each new request.", "idempotency_key_reused")  # fmt: skip
        return self.rebuild(stored.answer) if self.rebuild else stored.answer


@dataclass
class Context:
    """Where a change runs: the table Redis, the job queues, the time, the table retention."""

    r: redis.Redis
    jobs: Jobs
    now: float
    retention: int = 0
    paced: bool = True
    docs: LatestDocs | None = None  # the newest documents of the tables this process watches


@dataclass(frozen=True)
class Loaded:
    """Where one attempt starts: the table's document (None: there is none), or the answer
    kept for the request. ``kept``: the document is the newest this process has seen, not
    read — a refusal, or nothing to commit, is judged again from a read. ``over_limit``: the
    read counted the request past its rate limit (what it is told, unless it is a repeat)."""

    doc: dict | None
    answer: store.StoredAnswer | None = None
    kept: bool = False
    over_limit: Exception | None = None


class Retry(Exception):
    """The attempt is over without an answer: the next one starts from a read."""


Operation = Callable[[dict, Pending], object]
AnswerFor = Callable[[dict, Pending, int], dict]  # (document, pending, version) → the answer


def change(ctx: Context, table_id: str, operation: Operation | None = None,
           request_key: RequestKey | None = None, answer_for: AnswerFor | None = None,
           guard: Guard | None = None, limit: Limit | None = None):  # fmt: skip
    """Run ``operation(doc, pending)`` on the current document and commit it, retrying on a
    concurrent change. Overdue clocks are settled first. Returns (doc, operation's value).

    ``request_key`` makes the change idempotent: a repeat gets the first answer back (what
    ``answer_for`` made of the change, kept under the key; it becomes the value returned);
    the same key with another request is refused. ``guard`` must hold before anything is
    changed or answered. ``limit``: the request's rate limit, counted once, in the first round
    trip (a repeat of an answered request is answered past it all the same).

    The first attempt starts from the newest document this process has seen of the table
    when it keeps one (``ctx.docs``): no read, the guard checked by the commit. A refused
    commit or operation there is judged afresh from a read.
    """
    attempt = Transaction(ctx, table_id, operation, request_key, answer_for, guard, limit)
    try:
        for number in range(MAX_ATTEMPTS):
            try:
                return attempt.run(attempt.load(newest=number == 0))
            except Retry:
                continue
        raise Conflict("the table is too busy right now; try again", code="table_busy")
    finally:
        attempt.put_due_right()


@dataclass
class Transaction:
    """One change of one table over its attempts (:func:`change`)."""

    ctx: Context
    table_id: str
    operation: Operation | None
    request_key: RequestKey | None
    answer_for: AnswerFor | None
    guard: Guard | None  # until a read or a commit has found that it holds
    limit: Limit | None  # until a read or a commit has counted the request
    due_unsure: bool = False  # a refused commit wrote the due index for its own document

    def load(self, newest: bool) -> Loaded:
        """The newest document this process keeps (``newest``: on the first attempt), or
        the stored answer, the table and the guard's keys in one round trip."""
        ctx = self.ctx
        kept = ctx.docs.get(self.table_id) if newest and ctx.docs is not None else None
        if kept is not None:
            return Loaded(store.parse_doc(*kept), kept=True)
        key = self.request_key.key if self.request_key else None
        reads = self.guard.reads if self.guard else None
        read = store.load_or_answer(ctx.r, self.table_id, key, reads, self.limit)
        self.limit = None
        if self.guard:
            self.guard.check(*read.held)
            self.guard = None
        return Loaded(read.doc, read.answer, over_limit=read.over_limit)

    def run(self, loaded: Loaded) -> tuple[dict | None, object]:
        """One attempt from ``loaded``: answered? → settle clocks → apply → commit."""
        if loaded.answer is not None and self.request_key:
            return None, self.request_key.replay(loaded.answer)
        if loaded.over_limit is not None:
            raise loaded.over_limit
        doc = loaded.doc
        if doc is None:
            raise no_such_table(self.table_id)
        expected, pending = doc["version"], Pending()
        settle_overdue(doc, self.ctx, pending)
        try:
            value = self.operation(doc, pending) if self.operation else None
        except store.VersionConflict:
            raise Retry from None  # the operation found the document out of date (stakes.py)
        except REFUSALS:
            if (replay := self.refused(loaded, expected, pending)) is not None:
                return None, replay
            raise
        if not pending.events and not pending.record:
            if loaded.kept:
                raise Retry  # nothing to commit, so nothing to tell the document is the newest
            return doc, value
        if self.answer_for is not None:
            value = self.answer_for(doc, pending, expected + 1)
        return self.commit(doc, expected, pending, value)

    def refused(self, loaded: Loaded, expected: int, pending: Pending) -> dict | None:
        """The operation refused the request: judge it again from a read (``kept``), answer a
        duplicate that lost the race to its original, or keep the clocks' decisions and let
        the refusal be answered (None)."""
        if loaded.kept:
            raise Retry  # judged on what may not be the newest document
        if self.request_key and (
            stored := store.stored_answer(self.ctx.r, self.table_id, self.request_key.key)
        ):
            return self.request_key.replay(stored)
        if pending.record:  # the clocks' decisions are kept all the same
            self.due_unsure = True
            try:
                commit(self.ctx, loaded.doc, expected, pending)
            except store.VersionConflict:
                raise Retry from None  # the table moved on: judge the operation afresh
            self.due_unsure = False
        return None

    def commit(self, doc: dict, expected: int, pending: Pending,
               value: object) -> tuple[dict | None, object]:  # fmt: skip
        """Commit the attempt with the request's key and answer, and the guard still to be
        checked and the limit still to be counted; (doc, value), or the first answer to a
        repeated request."""
        key = self.request_key
        answer = value if self.answer_for is not None else None
        if key and key.keep and answer is not None:
            answer = key.keep(answer)
        self.due_unsure = True
        limit, self.limit = self.limit, None  # (the script counts it whatever it answers)
        try:
            commit(self.ctx, doc, expected, pending, key, answer, self.guard, limit)
        except store.OverLimit as over:
            raise over.refusal from None
        except store.VersionConflict:
            self.guard = None  # (the commit checks its guard first)
            raise Retry from None
        except store.AlreadyApplied as applied:  # (only a change with a request key)
            return None, key.replay(applied.stored)  # type: ignore[union-attr]
        except store.GuardRefused as refused:
            raise self.guard.refusal(refused.gone) from None  # type: ignore[union-attr]
        self.due_unsure = False
        return doc, value

    def put_due_right(self) -> None:
        """A commit that lost the compare-and-set has still written the due index for its
        own document (it shares the commit's round trip); unless a later attempt committed,
        the index is written again from the table as it is."""
        if self.due_unsure:
            store.mark_due(self.ctx.r, self.table_id, due_of(store.load(self.ctx.r, self.table_id)))


def commit(ctx: Context, doc: dict, expected: int | None, pending: Pending,
           request_key: RequestKey | None = None, answer: dict | None = None,
           guard: Guard | None = None, limit: Limit | None = None) -> None:  # fmt: skip
    """Commit one change (``expected`` None: a new table) with the table's due time and
    clock prompt (and ``guard``, checked by the commit, and ``limit``, counted by it; both on
    one Redis only), then schedule what follows."""
    game_no = doc["current"]["no"] if doc["current"] else 0
    key, fingerprint = (request_key.key, request_key.fingerprint) if request_key else (None, "")
    committed = store.commit(ctx.r, expected, store.Commit(
        doc, pending.events, pending.record, game_no, key, answer, fingerprint, ctx.retention,
        due=due_of(doc), clock_at=clock_of(doc), now=ctx.now, booking=pending.booking,
        guard=(guard.key, guard.value, guard.account) if guard else None, limit=limit,
    ))  # fmt: skip
    if ctx.docs is not None:
        ctx.docs.seen(doc["id"], doc["version"], committed.doc)
    metrics.committed(doc["game"], pending.record, pending.events)
    follow_up(doc, ctx, pending, committed.clock_armed)


def follow_up(doc: dict, ctx: Context, pending: Pending, clock_armed: bool) -> None:
    """After a commit: schedule the next computer turn or hold, the clock prompt the commit
    armed, and the booking."""
    game, new = doc["current"], pending.new_decision
    if clock_armed:
        ctx.jobs.clock_expiry(doc["id"], turn_of(doc), clock_of(doc))
    if new and doc["status"] == PLAYING and game["bot_due"] is not None:
        due = game["bot_due"]
        ctx.jobs.computer_turn(doc["id"], turn_of(doc), due if due > ctx.now else None)
    elif new and doc["status"] == OVER and doc["held_until"] is not None:
        ctx.jobs.hold_expiry(doc["id"], game["no"], doc["held_until"])
    if pending.booking:
        ctx.jobs.book(pending.booking)
