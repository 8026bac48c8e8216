"""RQ job bodies for the queues "bots" and "clocks" (JSON arguments only).

Each job builds its context from the worker's environment and calls the table code, which
checks that the job is not stale. The watchdog re-enqueues work whose job got lost.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import redis

from shared import config, connection, keys, metrics, store
from shared.games import get_game
from shared.tables import lifecycle, stakes
from shared.tables.jobs import DRAINER_SECONDS, READY_PER_JOB, Jobs
from shared.tables.referee import computer_move, controlled_by_computer, turn_of
from shared.tables.table import OVER, PLAYING
from shared.tables.transaction import Context

WATCHDOG_BATCH = 200  # overdue tables (and bookings) one watchdog round prompts at most
READY_LIMIT = 200  # ready computer decisions one computer_turns job makes at most
LINGER = 0.1  # seconds the lingering computer_turns job waits for the next decision
log = logging.getLogger(__name__)


@cache
def _connections() -> tuple[redis.Redis, redis.Redis]:
    """(the house's Redis, standalone or a cluster; the queue Redis)."""
    return connection.from_settings(config.settings())


def context(now: float | None = None) -> Context:
    settings = config.settings()
    r, queue_redis = _connections()
    return Context(
        r=r,
        jobs=Jobs(queue_redis),
        now=time.time() if now is None else now,
        retention=settings["TABLE_RETENTION"],
        paced=settings["BOT_PACE"] != "off",
    )


@metrics.timed_job
def computer_turn(table_id: str, turn: str) -> None:
    lifecycle.computer_turn(context(), table_id, turn)


@metrics.timed_job
def computer_turns(linger: bool = False) -> int:
    """Work off the computer decisions that are due now (keys.COMPUTERS_READY), each as its
    own computer_turn, those taken together side by side. The lingering job (``linger``, the
    one keys.COMPUTERS_DRAINER marks) waits LINGER seconds for more before it lets go, so
    that a steady flow of decisions needs no job each; after READY_LIMIT decisions a fresh
    job takes over, so that other jobs on the queue get their turn. Returns how many it
    made."""
    ready = Ready(_connections()[1], linger)
    made = 0
    while made < READY_LIMIT:
        entries = ready.next()
        if not entries:
            return made
        _side_by_side(lifecycle.computer_turn, [e.decode().split(" ") for e in entries])
        made += len(entries)
    if linger or ready.waiting():
        Jobs(ready.r).computer_turns(linger)  # the mark, if any, stays with the next job
    return made


@cache
def _decider() -> ThreadPoolExecutor:
    """The threads that make a batch of decisions side by side: each waits on two Redis
    round trips (read, commit), which one after another would add up over tables."""
    return ThreadPoolExecutor(READY_PER_JOB, thread_name_prefix="computer")


def _side_by_side(decision, batch: list) -> None:
    """``decision(context, table_id, *rest)`` for each ``(table_id, *rest)`` of ``batch``, on
    the computers' threads, every one made before this returns. One table's failure is
    logged and keeps no other waiting (its table stays due: the watchdog prompts it again)."""

    def make(item) -> None:
        try:
            decision(context(), *item)
        except Exception:
            log.exception("%s at table %s failed", decision.__name__, item[0])

    list(_decider().map(make, batch))


class Ready:
    """The list of ready computer decisions, as one computer_turns job takes from it."""

    def __init__(self, r: redis.Redis, linger: bool):
        self.r, self.linger = r, linger

    def next(self) -> list[bytes] | None:
        """The next few decisions; None when the job is to end."""
        pipe = self.r.pipeline(transaction=False)
        pipe.lpop(keys.COMPUTERS_READY, READY_PER_JOB)
        if self.linger:
            pipe.expire(keys.COMPUTERS_DRAINER, DRAINER_SECONDS)
        entries = pipe.execute()[0]
        if entries or not self.linger:
            return entries
        found = self.r.blpop([keys.COMPUTERS_READY], timeout=LINGER)
        if found:
            return [found[1]]
        self.r.delete(keys.COMPUTERS_DRAINER)
        # A decision that came after the last look saw the mark and started no job: keep on.
        if self.waiting() and self.r.set(keys.COMPUTERS_DRAINER, 1, nx=True, ex=DRAINER_SECONDS):
            return self.next()
        return None

    def waiting(self) -> int:
        return self.r.llen(keys.COMPUTERS_READY)


@metrics.timed_job
def clock_expiry(table_id: str, turn: str, at: float | None = None) -> None:
    lifecycle.clock_expiry(context(), table_id, turn, at)


@metrics.timed_job
def clock_prompts(second: int) -> int:
    """The clock prompts that fire in ``second``, made side by side on the computers'
    threads; returns how many there were."""
    prompts = Jobs(_connections()[1]).clock_prompts(second)
    _side_by_side(lifecycle.clock_expiry, prompts)
    return len(prompts)


@metrics.timed_job
def hold_expiry(table_id: str, game_no: int) -> None:
    lifecycle.hold_expiry(context(), table_id, game_no)


@metrics.timed_job
def hint(table_id: str, seat: int, turn: str) -> dict | None:
    """The strong computer's move for a seat, or None if the table has moved on."""
    doc = store.load(context().r, table_id)
    if doc is None or turn_of(doc) != turn:
        return None
    return {"move": computer_move(doc, seat, "stark")}


@metrics.timed_job
def watchdog(slack: float) -> int:
    """One watchdog round (services.bots.watchdog runs them): prompt again the tables whose
    computer, clock or hold work is overdue by more than ``slack`` seconds, settle stakes
    that a start reserved and never settled, and send unconfirmed bookings again. Returns
    how many prompts it sent."""
    ctx = context()
    due = store.due_tables(ctx.r, ctx.now - slack, WATCHDOG_BATCH)
    docs = store.load_many(ctx.r, due)
    prompted = sum(_prompt(ctx, doc) for doc in docs)
    missing = set(due) - {doc["id"] for doc in docs}
    if missing:
        store.forget_due(ctx.r, missing)
    if ctx.jobs.connection.llen(keys.COMPUTERS_READY):
        # ready decisions whose job died with its worker (its mark may still hold a while)
        ctx.jobs.computer_turns()
    stakes.settle_stale(ctx.r, ctx.now)  # reservations whose start died before settling
    return prompted + _resend_bookings(ctx)


def _resend_bookings(ctx: Context) -> int:
    """Send the bookings of finished games the ledger has not confirmed in time again (their
    job got lost between the table's commit and the ledger); a confirmed one leaves the check.
    The ledger books each game once, so sending one twice is harmless."""
    checks = ctx.r.zrangebyscore(keys.BOOKINGS_DUE, "-inf", ctx.now, start=0, num=WATCHDOG_BATCH)
    sent = 0
    for check in checks:
        table_id, game_id = check.split(" ")
        booking = store.unbooked(ctx.r, table_id, game_id)
        if booking is None:
            ctx.r.zrem(keys.BOOKINGS_DUE, check)
            continue
        ctx.jobs.book(booking)
        ctx.r.zadd(keys.BOOKINGS_DUE, {check: ctx.now + store.BOOKING_RESEND})
        sent += 1
    return sent


def _prompt(ctx: Context, doc: dict) -> int:
    game = doc["current"]
    if doc["status"] == PLAYING:
        seat = get_game(doc["game"]).to_move(game["state"])
        if seat is not None and controlled_by_computer(doc, seat):
            ctx.jobs.computer_turn(doc["id"], turn_of(doc), None)
        else:
            ctx.jobs.clock_expiry(doc["id"], turn_of(doc), ctx.now)
        return 1
    if doc["status"] == OVER and doc["held_until"] is not None:
        ctx.jobs.hold_expiry(doc["id"], game["no"], ctx.now)
        return 1
    store.forget_due(ctx.r, [doc["id"]])
    return 0
