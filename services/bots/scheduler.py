"""RQ's scheduler, run in a thread of the worker and looking for due work more often.

RQ's own scheduler process looks once a second and keeps scheduled times in whole seconds
(and takes no shorter interval). Deadlines fall on whole seconds, so looking every POLL
seconds queues a clock's prompt within POLL of its deadline. The thread uses RQ's scheduler
as it is — its locks per queue (one scheduler per queue in the house), heartbeat and
enqueueing — and tries for the queues it does not hold every HEARTBEAT seconds, so it takes
over the queues of a scheduler that died as soon as their locks run out.
"""

from __future__ import annotations

import logging
import threading
import time

from rq.scheduler import RQScheduler

POLL = 0.1  # seconds between two looks for scheduled work now due
HEARTBEAT = 1.0  # seconds between two renewals of the scheduler's locks
log = logging.getLogger(__name__)


class Scheduler(threading.Thread):
    def __init__(self, queues, connection, serializer):
        super().__init__(name="scheduler", daemon=True)
        self.rq = RQScheduler(queues, connection=connection, serializer=serializer)
        self.queue_names = {queue.name for queue in queues}
        self._stopped = threading.Event()

    def run(self) -> None:
        self.rq.register_birth()
        beat = 0.0
        while not self._stopped.wait(POLL):
            try:
                if time.monotonic() >= beat:
                    beat = time.monotonic() + HEARTBEAT
                    self._hold_queues()
                self.rq.enqueue_scheduled_jobs()
            except Exception:  # a Redis hiccup must not end the scheduling
                log.exception("scheduling failed")

    def _hold_queues(self) -> None:
        if self.rq.acquired_locks != self.queue_names:
            self.rq.acquire_locks()
        self.rq.heartbeat()

    def stop(self) -> None:
        """Stop scheduling and give the queues' locks back at once."""
        self._stopped.set()
        self.join(timeout=10)
        self.rq.release_locks()
        self.rq.register_death()
