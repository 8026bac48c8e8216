"""The watchdog: every WATCHDOG_EVERY seconds it prompts again the tables whose timed work is
overdue (a prompt got lost, or its worker or RQ's scheduler died) and sends unconfirmed
bookings again (services.bots.jobs.watchdog is one round).

Every worker of the queue "clocks" runs a watchdog thread, and the house runs one round at a
time: a round runs only while its thread holds the lock on the queue Redis. The holder
extends the lock before every round and gives it back when its worker stops; a worker killed
outright leaves a lock that runs out after LOCK_ROUNDS rounds, and the next thread to look
takes over.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid

import redis

from services.bots import jobs
from shared import keys

LOCK_ROUNDS = 2  # a lock not extended lasts this many rounds (plus a second)
log = logging.getLogger(__name__)

# Take or extend the lock: only a free lock or one's own.
_HOLD = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Watchdog(threading.Thread):
    """The watchdog thread of one worker (``connection``: the queue Redis)."""

    def __init__(self, connection: redis.Redis, every: float, slack: float):
        super().__init__(name="watchdog", daemon=True)
        self.connection, self.every, self.slack = connection, every, slack
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.lock_ms = int((LOCK_ROUNDS * every + 1) * 1000)
        self._hold = connection.register_script(_HOLD)
        self._release = connection.register_script(_RELEASE)
        self._stopped = threading.Event()

    def run(self) -> None:
        while not self._stopped.is_set():
            started = time.monotonic()
            try:
                if self.hold():
                    self.round()
            except Exception:  # a Redis hiccup or a bad table must not end the watch
                log.exception("watchdog round failed")
            self._stopped.wait(max(self.every - (time.monotonic() - started), 0.0))

    def hold(self) -> bool:
        """Take the lock, or extend it if it is ours; False while another thread holds it."""
        return self._hold(keys=[keys.WATCHDOG_LOCK], args=[self.token, self.lock_ms]) == 1

    def round(self) -> int:
        prompted = jobs.watchdog(self.slack)
        pipe = self.connection.pipeline(transaction=False)
        pipe.incr(keys.WATCHDOG_ROUNDS)
        pipe.set(keys.WATCHDOG_LAST, repr(time.time()))
        pipe.execute()
        return prompted

    def stop(self) -> None:
        """End the watch and give the lock back at once (if it is ours)."""
        self._stopped.set()
        self.join(timeout=self.every + 5)
        self._release(keys=[keys.WATCHDOG_LOCK], args=[self.token])
