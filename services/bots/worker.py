"""An RQ worker for the house's queues, with RQ's scheduler and the JSON serializer.

    python -m services.bots.worker bots clocks ledger

Two threads beside the jobs: RQ's scheduler (services.bots.scheduler), which puts timed jobs
on their queues when due, and in a worker of the queue "clocks" the watchdog
(services.bots.watchdog).
"""

from __future__ import annotations

import sys

from rq import SimpleWorker
from rq.serializers import JSONSerializer

from services.bots.jobs import context
from services.bots.scheduler import Scheduler
from services.bots.watchdog import Watchdog
from shared import config
from shared.tables.jobs import CLOCKS, queue

DEFAULT_QUEUES = ("bots", "clocks", "ledger")
MAINTENANCE_INTERVAL = 60  # seconds between RQ's clean-ups of its registries


def main(argv: list[str]) -> None:
    names = argv or list(DEFAULT_QUEUES)
    settings = config.settings()
    config.require_secret_key(settings)  # as every process of the house: no start without it
    connection = context().jobs.connection
    queues = [queue(connection, name) for name in names]
    # Jobs are short and pure Python: running them in this process (no fork per job) is
    # what lets one worker keep up with many tables.
    worker = SimpleWorker(queues, connection=connection, serializer=JSONSerializer,
                          maintenance_interval=MAINTENANCE_INTERVAL)  # fmt: skip
    helpers = [Scheduler(queues, connection, JSONSerializer)]
    if CLOCKS in names:
        helpers.append(Watchdog(connection, settings["WATCHDOG_EVERY"], settings["WATCHDOG_SLACK"]))
    for helper in helpers:
        helper.start()
    try:
        worker.work()
    finally:
        for helper in helpers:
            helper.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
