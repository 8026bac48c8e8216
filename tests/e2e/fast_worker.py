"""The house's RQ worker for the e2e tests, as a SimpleWorker (no fork per job), so that
computer moves at Turbo come as fast as the browser can show them.

    python -m tests.e2e.fast_worker bots clocks ledger
"""

from __future__ import annotations

import sys
import time

from rq import SimpleWorker
from rq.serializers import JSONSerializer

from services.bots.jobs import context
from shared.tables.jobs import queue


def main(names: list[str]) -> None:
    ctx = context()
    ctx.jobs.watchdog(time.time())
    queues = [queue(ctx.jobs.connection, name) for name in names]
    worker = SimpleWorker(queues, connection=ctx.jobs.connection, serializer=JSONSerializer)
    worker.work(with_scheduler=True, logging_level="WARNING")


if __name__ == "__main__":
    main(sys.argv[1:] or ["bots", "clocks", "ledger"])
