"""Prometheus metrics of the house (prometheus-client), served at /metrics by every service.

What is measured:

* ``speedgamez_http_requests_total`` and ``speedgamez_http_request_duration_seconds``: every
  request of a web service by route (the URL rule, e.g. ``/tables/<table_id>/moves``), method
  and status; for an SSE stream the duration is the time until the stream opened.
* ``speedgamez_sse_connections``: event streams open right now, per service.
* ``speedgamez_moves_applied_total`` (by game and who decided: human, computer, clock),
  ``speedgamez_clock_expiries_total`` and ``speedgamez_games_finished_total``: counted once per
  successful commit (shared.tables.transaction), whichever process made it.
* ``speedgamez_job_duration_seconds``: the RQ jobs' run times by job and outcome.
* ``speedgamez_queue_jobs``: the RQ queues' lengths (queued, scheduled, started, failed),
  read from the queue Redis at scrape time (served by the workers' exporter).

A web service serves /metrics only to its scrapers: requests straight from METRICS_ALLOW
(shared.addresses.may_read_metrics); anyone else gets a 404, as for a route that does not exist.

Several processes per service (gunicorn workers, RQ's work horses) share their figures through
prometheus-client's multiprocess mode: set ``PROMETHEUS_MULTIPROC_DIR`` to a directory of
that instance (deploy/gunicorn_service.py clears it when the instance starts). Without it the
figures are those of the one process that answers. RQ forks a work horse for every job; the
horses of one worker run one after another, so they share one set of files
(``*_rq-<worker pid>.db``) instead of leaving a file per job behind.

The RQ workers' figures and the queue lengths are served by their exporter,
``python -m deploy.worker_metrics`` (beside them, on the same directory).
"""

from __future__ import annotations

import functools
import glob
import os
import socket
import time
from collections.abc import Callable

from flask import Response, abort, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    values,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from rq import Queue, get_current_job
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry

from shared import keys

QUEUES = ("bots", "clocks", "ledger")
QUEUE_METRIC = "speedgamez_queue_jobs"  # by queue and state: what the bots' autoscaler reads
REGISTRIES = {
    "scheduled": ScheduledJobRegistry,
    "started": StartedJobRegistry,
    "failed": FailedJobRegistry,
}
QUEUE_STATES = ("queued", *REGISTRIES)
# The computer decisions due now, waiting on the queue "bots" for a computer_turns job to make
# them (many to a job): what the bots workers scale by
READY = ("bots", "ready")
_STARTED_IN = os.getpid()


def multiprocess_dir() -> str | None:
    """The directory of this instance's metric files ("{hostname}" is replaced by the host's
    name, so that containers sharing one volume keep apart), or None."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path and "{hostname}" in path:
        path = path.replace("{hostname}", socket.gethostname())
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = path
    return path or None


def _process_identifier() -> str:
    """Which files this process writes: its pid, except in an RQ work horse, which writes
    into its worker's files (``rq-<worker pid>``; a worker runs one horse at a time)."""
    pid = os.getpid()
    if pid != _STARTED_IN and get_current_job() is not None:
        return f"rq-{_STARTED_IN}"
    return str(pid)


if _MULTIPROCESS := multiprocess_dir():
    os.makedirs(_MULTIPROCESS, exist_ok=True)
    values.ValueClass = values.MultiProcessValue(_process_identifier)

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "speedgamez_http_requests", "HTTP requests answered", ["service", "route", "method", "status"]
)
LATENCY = Histogram(
    "speedgamez_http_request_duration_seconds",
    "Time to answer a request (an event stream: until it opened)",
    ["service", "route", "method"],
    buckets=LATENCY_BUCKETS,
)
SSE_CONNECTIONS = Gauge(
    "speedgamez_sse_connections", "Event streams open now", ["service"], multiprocess_mode="livesum"
)
MOVES = Counter("speedgamez_moves_applied", "Moves applied to tables", ["game", "by"])
CLOCK_EXPIRIES = Counter(
    "speedgamez_clock_expiries", "Clocks that ran out (the computer decided)", ["game"]
)
CLOCK_LATENESS = Histogram(
    "speedgamez_clock_lateness_seconds",
    "From a clock's deadline (after the grace) to the computer's decision for the player",
    ["game"],
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 5.0, 10.0, 30.0),
)
GAMES_FINISHED = Counter("speedgamez_games_finished", "Games that came to their end", ["game"])
JOB_DURATION = Histogram(
    "speedgamez_job_duration_seconds",
    "Run time of the RQ jobs",
    ["job", "outcome"],
    buckets=LATENCY_BUCKETS,
)


# --- the table code ------------------------------------------------------------------
def committed(game: str, record: list, events: list) -> None:
    """Count what one successful commit of a table applied (shared.tables.transaction)."""
    for entry in record:
        if entry.get("kind") == "move":
            MOVES.labels(game, entry.get("by", "human")).inc()
    for event in events:
        kind = event.get("type")
        if kind == "table.clock":
            CLOCK_EXPIRIES.labels(game).inc()
            CLOCK_LATENESS.labels(game).observe(max(event.get("late", 0.0), 0.0))
        elif kind == "table.game_over":
            GAMES_FINISHED.labels(game).inc()


def timed_job(function):
    """Decorate an RQ job body: its run time goes to speedgamez_job_duration_seconds."""
    name = function.__name__

    @functools.wraps(function)
    def run(*args, **kwargs):
        started, outcome = time.perf_counter(), "failed"
        try:
            result = function(*args, **kwargs)
            outcome = "done"
            return result
        finally:
            JOB_DURATION.labels(name, outcome).observe(time.perf_counter() - started)

    return run


# --- queues ----------------------------------------------------------------------------
class QueueCollector:
    """The RQ queues' lengths, read from the queue Redis whenever metrics are scraped."""

    def __init__(self, connection, names=QUEUES):
        self.connection = connection
        self.names = names

    def collect(self):
        family = GaugeMetricFamily(
            QUEUE_METRIC, "Jobs in the RQ queues by state", labels=["queue", "state"]
        )
        pipe = self.connection.pipeline(transaction=False)
        rows = []
        for name in self.names:
            queue = Queue(name, connection=self.connection)
            pipe.llen(queue.key)
            rows.append((name, "queued"))
            for state, kind in REGISTRIES.items():
                pipe.zcard(kind(queue=queue).key)
                rows.append((name, state))
        pipe.llen(keys.COMPUTERS_READY)
        rows.append(READY)
        try:
            counts = pipe.execute()
        except Exception:  # the queue Redis does not answer: no figures this time
            return
        for (name, state), count in zip(rows, counts, strict=True):
            family.add_metric([name, state], count)
        yield family


# --- serving ---------------------------------------------------------------------------
def registry(queue_connection=None) -> CollectorRegistry:
    """What a scrape shows: every process of this instance (multiprocess mode) or this
    process, and the queue lengths when a queue connection is given."""
    if _MULTIPROCESS:
        target = CollectorRegistry()
        _TreeCollector(target, _MULTIPROCESS)
    else:
        target = CollectorRegistry()
        target.register(_Delegate(REGISTRY))
    if queue_connection is not None:
        target.register(QueueCollector(queue_connection))
    return target


class _Delegate:
    def __init__(self, source):
        self.source = source

    def collect(self):
        return self.source.collect()


class _TreeCollector(MultiProcessCollector):
    """The multiprocess files of a directory and its subdirectories (containers that share a
    volume write into one subdirectory each)."""

    def collect(self):
        files = glob.glob(os.path.join(self._path, "**", "*.db"), recursive=True)
        return self.merge(files, accumulate=True)


# The methods counted by name; a client may send any token as a method, and every name would
# be a series of its own (kept by every process until it restarts).
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def answered(service: str, route: str, method: str, status: int, started: float) -> None:
    """Count one answered request (``started``: its time.perf_counter() on arrival)."""
    requests, latency = _series(service, route, method if method in METHODS else "other", status)
    requests.inc()
    latency.observe(time.perf_counter() - started)


@functools.lru_cache(maxsize=1024)
def _series(service: str, route: str, method: str, status: int):
    """The request counter and latency histogram of one kind of answer (looked up once: a
    label lookup takes a lock and checks every value)."""
    latency = LATENCY.labels(service, route, method)
    return REQUESTS.labels(service, route, method, str(status)), latency


def instrument(app, may_read: Callable[[], bool] = lambda: True) -> None:
    """Measure every request of a Flask app and serve the figures at /metrics to the requests
    ``may_read`` lets in (the others get the 404 of a route that does not exist)."""
    service = app.name

    @app.before_request
    def start_clock():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def count(response):
        started = g.pop("metrics_started", None)
        if started is None:
            return response
        route = request.url_rule.rule if request.url_rule is not None else "<unmatched>"
        answered(service, route, request.method, response.status_code, started)
        if response.mimetype == "text/event-stream":
            gauge = SSE_CONNECTIONS.labels(service)
            gauge.inc()
            response.call_on_close(gauge.dec)
        return response

    def metrics():
        if not may_read():
            abort(404)
        body = generate_latest(registry())
        return Response(body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    app.add_url_rule("/metrics", "metrics", metrics)
