"""An RQ worker for the house's queues, with RQ's scheduler and the JSON serializer.

    python -m services.bots.worker bots clocks ledger

Before it starts working it makes sure the watchdog chain runs (one chain for the house).
"""

from __future__ import annotations

import sys
import time

from rq import SimpleWorker
from rq.serializers import JSONSerializer

from services.bots.jobs import context
from shared.tables.jobs import queue

DEFAULT_QUEUES = ("bots", "clocks", "ledger")


def main(argv: list[str]) -> None:
    names = argv or list(DEFAULT_QUEUES)
    ctx = context()
    ctx.jobs.watchdog(time.time())
    queues = [queue(ctx.jobs.connection, name) for name in names]
    # Jobs are short and pure Python: running them in this process (no fork per job) is
    # what lets one worker keep up with many tables.
    worker = SimpleWorker(queues, connection=ctx.jobs.connection, serializer=JSONSerializer)
    worker.work(with_scheduler=True)


if __name__ == "__main__":
    main(sys.argv[1:])
