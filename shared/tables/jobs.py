"""The timed work around tables, as RQ jobs: computer turns, clocks, seat holds, bookings.

A job only prompts; it names the turn it was made for (``"<game no>:<moves>"``) and does
nothing when the table has moved on. What is due is also table state (deadlines in the
document, the due index in Redis), so a lost job is found again by the watchdog and an
overdue clock is applied by whoever touches the table next. A table keeps at most one clock
prompt armed (shared.store's arm_clock): a decision whose deadline is not earlier than the
armed prompt's enqueues nothing.

RQ's scheduler keeps times in whole seconds (it truncates): a prompt for a deadline is
scheduled for the next whole second, so it never fires early, and work due now skips the
scheduler altogether. The clock prompts of one second are one job (clock_prompts), which
makes their decisions side by side: a second in which many tables' clocks run out costs RQ
one job, not one each. The watchdog is no job chain: every clocks worker runs it in a thread of
its own (services.bots.watchdog), one at a time under a lock.
"""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from shared import keys

BOTS, CLOCKS, LEDGER = "bots", "clocks", "ledger"
COMPUTER_TURN = "services.bots.jobs.computer_turn"
COMPUTER_TURNS = "services.bots.jobs.computer_turns"
CLOCK_EXPIRY = "services.bots.jobs.clock_expiry"
CLOCK_PROMPTS = "services.bots.jobs.clock_prompts"
HOLD_EXPIRY = "services.bots.jobs.hold_expiry"
HINT = "services.bots.jobs.hint"
BOOK_GAME = "services.ledger.bookings.book_game"
READY_PER_JOB = 16  # ready computer decisions per computer_turns job when they pile up
DRAINER_SECONDS = 5  # the lingering computer_turns job's mark lasts this long unless renewed
PROMPTS_KEPT = 86400  # seconds a second's clock prompts outlive it if their job got lost


def queue(connection: redis.Redis, name: str) -> Queue:
    return Queue(name, connection=connection, serializer=JSONSerializer)


class Jobs:
    """Enqueues the house's jobs on the queue Redis (QUEUE_REDIS_URL)."""

    def __init__(self, connection: redis.Redis):
        self.connection = connection

    def _at(self, name: str, when: float | None, function: str, *args, second=math.ceil):
        """Run ``function`` at ``when`` (None, or a time already past: now), scheduled for the
        whole ``second`` of it (a deadline's: the next one, never earlier)."""
        target = queue(self.connection, name)
        if when is None or when <= time.time():
            target.enqueue(function, *args, result_ttl=0, failure_ttl=86400)
        else:
            moment = datetime.fromtimestamp(second(when), UTC)
            target.enqueue_at(moment, function, *args, result_ttl=0, failure_ttl=86400)

    def computer_turn(self, table_id: str, turn: str, when: float | None) -> None:
        """A computer's turn. One due later (a pace) is a job of its own at its time, the
        nearest whole second. One due now joins the list of decisions ready to be made, and
        the computer_turns job that works them off lingers for more: a decision starts one
        only when none is there (keys.COMPUTERS_DRAINER), and one more helps for every
        READY_PER_JOB that pile up."""
        if when is not None and when > time.time():
            self._at(BOTS, when, COMPUTER_TURN, table_id, turn, second=round)
            return
        pipe = self.connection.pipeline(transaction=False)
        pipe.rpush(keys.COMPUTERS_READY, f"{table_id} {turn}")
        pipe.set(keys.COMPUTERS_DRAINER, 1, nx=True, ex=DRAINER_SECONDS)
        waiting, drainer_needed = pipe.execute()
        if drainer_needed:
            self.computer_turns(linger=True)
        elif waiting % READY_PER_JOB == 0:
            self.computer_turns()

    def computer_turns(self, linger: bool = False) -> None:
        """A job that works off the ready computer decisions (results not kept); ``linger``:
        the one that keeps keys.COMPUTERS_DRAINER and waits a moment for more."""
        queue(self.connection, BOTS).enqueue(COMPUTER_TURNS, linger, result_ttl=0,
                                             failure_ttl=86400)  # fmt: skip

    def clock_expiry(self, table_id: str, turn: str, when: float) -> None:
        """The table's clock prompt for the deadline ``when`` (it knows ``when``, so that it
        can tell whether it came early). One due now is a job of its own; a later one joins
        the prompts of its whole second, and the first of those schedules their job."""
        if when <= time.time():
            self._at(CLOCKS, when, CLOCK_EXPIRY, table_id, turn, when)
            return
        second = math.ceil(when)
        kept = second - int(time.time()) + PROMPTS_KEPT
        pipe = self.connection.pipeline(transaction=True)
        pipe.sadd(keys.clock_prompts(second), f"{table_id} {turn} {when!r}")
        pipe.expire(keys.clock_prompts(second), kept)
        pipe.set(keys.clock_prompts_job(second), 1, nx=True, ex=kept)
        if pipe.execute()[2]:
            self._at(CLOCKS, second, CLOCK_PROMPTS, second)

    def clock_prompts(self, second: int) -> list[tuple[str, str, float]]:
        """Take the clock prompts of ``second`` (table id, turn, deadline): its job's work. A
        prompt armed for it afterwards schedules a job of its own."""
        pipe = self.connection.pipeline(transaction=True)
        pipe.smembers(keys.clock_prompts(second))
        pipe.delete(keys.clock_prompts(second), keys.clock_prompts_job(second))
        entries = pipe.execute()[0]
        return [
            (table_id, turn, float(when))
            for table_id, turn, when in (entry.decode().split(" ") for entry in entries)
        ]

    def hold_expiry(self, table_id: str, game_no: int, when: float) -> None:
        self._at(CLOCKS, when, HOLD_EXPIRY, table_id, game_no)

    def book(self, booking: dict) -> None:
        queue(self.connection, LEDGER).enqueue(
            BOOK_GAME, booking, job_id=f"book-{booking['game_id']}", failure_ttl=7 * 86400
        )

    def hint(self, table_id: str, seat: int, turn: str):
        return queue(self.connection, BOTS).enqueue(
            HINT, table_id, seat, turn, result_ttl=60, at_front=True
        )
