"""/metrics of the services and the workers' figures (shared/metrics.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import redis
from flask import Flask, Response
from prometheus_client.parser import text_string_to_metric_families

from shared import metrics
from shared.tables.jobs import Jobs

ROOT = Path(__file__).resolve().parents[2]


def sample(text: str, name: str, **labels) -> float:
    for family in text_string_to_metric_families(text):
        for found in family.samples:
            if found.name == name and labels.items() <= found.labels.items():
                return found.value
    return 0.0


def test_every_service_counts_its_requests_by_route(redis_url):
    from services.table.app import create_app

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "METRICS_ALLOW": ["127.0.0.1"]})
    client = app.test_client()
    before = client.get("/metrics").text
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz").status_code == 200
    assert client.get("/no/such/route").status_code == 404
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain; version=")
    after = response.text
    healthz = {"service": "table", "route": "/healthz", "method": "GET", "status": "200"}
    name = "speedgamez_http_requests_total"
    assert sample(after, name, **healthz) - sample(before, name, **healthz) == 2
    assert sample(after, name, route="<unmatched>", status="404") >= 1
    count = "speedgamez_http_request_duration_seconds_count"
    assert sample(after, count, service="table", route="/healthz") >= 2


@pytest.mark.parametrize("service", ["lobby", "table", "ledger"])
def test_metrics_are_for_the_allowed_scrapers_only(redis_url, service):
    """Straight from METRICS_ALLOW: the figures; from anywhere else, or through a proxy
    (X-Forwarded-For), the 404 problem of a route that does not exist."""
    from importlib import import_module

    create_app = import_module(f"services.{service}.app").create_app
    config = {"TESTING": True, "REDIS_URL": redis_url, "TRUSTED_PROXIES": ["10.0.0.7"]}
    closed = create_app(config).test_client()
    response = closed.get("/metrics")
    assert (response.status_code, response.json["code"]) == (404, "not_found")
    scraper = create_app({**config, "METRICS_ALLOW": ["10.1.0.0/16"]}).test_client()
    assert scraper.get("/metrics", environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code == 200
    for refused in [{"environ_base": {"REMOTE_ADDR": "127.0.0.1"}},
                    {"environ_base": {"REMOTE_ADDR": "10.1.2.3"},
                     "headers": {"X-Forwarded-For": "10.1.2.3"}}]:  # fmt: skip
        assert scraper.get("/metrics", **refused).status_code == 404


def test_open_event_streams_are_counted_until_they_close():
    app = Flask("streams")
    metrics.instrument(app)

    @app.get("/events")
    def events():
        return Response(iter(["data: 1\n\n"]), mimetype="text/event-stream")

    gauge = metrics.SSE_CONNECTIONS.labels("streams")
    start = gauge._value.get()
    response = app.test_client().get("/events", buffered=False)
    assert gauge._value.get() == start + 1
    response.close()
    assert gauge._value.get() == start


def test_commits_count_moves_clock_expiries_and_finished_games():
    moves = metrics.MOVES.labels("toy", "clock")
    clocks = metrics.CLOCK_EXPIRIES.labels("toy")
    games = metrics.GAMES_FINISHED.labels("toy")
    start = moves._value.get(), clocks._value.get(), games._value.get()
    metrics.committed(
        "toy",
        [{"kind": "move", "by": "clock"}, {"kind": "move", "by": "clock"}, {"kind": "end"}],
        [{"type": "table.clock", "seat": 1}, {"type": "play"}, {"type": "table.game_over"}],
    )
    assert (moves._value.get(), clocks._value.get(), games._value.get()) == (
        start[0] + 2, start[1] + 1, start[2] + 1)  # fmt: skip


def test_a_clock_decision_records_how_late_it_came():
    lateness = metrics.CLOCK_LATENESS.labels("toy")
    count, total = lateness._sum.get(), sum(b.get() for b in lateness._buckets)
    metrics.committed("toy", [{"kind": "move", "by": "clock"}],
                      [{"type": "table.clock", "seat": 0, "late": 0.3}])  # fmt: skip
    assert lateness._sum.get() == pytest.approx(count + 0.3)
    assert sum(b.get() for b in lateness._buckets) == total + 1


def test_jobs_are_timed_with_their_outcome():
    @metrics.timed_job
    def sample_job(fail):
        if fail:
            raise ValueError("no")
        return "yes"

    done = metrics.JOB_DURATION.labels("sample_job", "done")
    failed = metrics.JOB_DURATION.labels("sample_job", "failed")
    assert sample_job(False) == "yes"
    with pytest.raises(ValueError):
        sample_job(True)
    assert done._sum.get() > 0 and failed._sum.get() > 0


def test_queue_lengths_are_read_at_scrape_time(redis_url):
    connection = redis.Redis.from_url(redis_url)
    jobs = Jobs(connection)
    jobs.computer_turn("t1", "1:0", None)
    jobs.computer_turn("t2", "1:0", None)
    jobs.clock_expiry("t1", "1:0", 4_000_000_000)
    lengths = {
        (s.labels["queue"], s.labels["state"]): s.value
        for family in metrics.registry(connection).collect()
        for s in family.samples
        if s.name == metrics.QUEUE_METRIC
    }
    assert len(lengths) == len(metrics.QUEUES) * len(metrics.QUEUE_STATES) + 1
    assert lengths["bots", "queued"] == 1  # one job makes both ready decisions
    assert lengths[metrics.READY] == 2
    assert lengths["clocks", "scheduled"] == 1
    assert lengths["ledger", "queued"] == lengths["bots", "failed"] == 0
    unreachable = redis.Redis(port=1, socket_connect_timeout=0.2)
    assert list(metrics.QueueCollector(unreachable).collect()) == []


WORKER = """
import os
import shared.metrics as metrics

metrics.get_current_job = lambda: object()  # as inside an RQ work horse
for _ in range(3):  # RQ forks one work horse per job, one after another
    pid = os.fork()
    if pid == 0:
        metrics.MOVES.labels("toy", "computer").inc()
        metrics.JOB_DURATION.labels("computer_turn", "done").observe(0.01)
        os._exit(0)
    os.waitpid(pid, 0)
metrics.MOVES.labels("toy", "human").inc()  # the worker itself (not a horse)
"""


def test_work_horses_write_into_their_workers_files(tmp_path):
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "{hostname}")}
    for _ in range(2):  # two workers on one volume
        subprocess.run([sys.executable, "-c", textwrap.dedent(WORKER)], cwd=ROOT, env=env,
                       check=True)  # fmt: skip
    (host,) = tmp_path.iterdir()
    counters = sorted(p.name for p in host.glob("counter_*.db"))
    assert len(counters) == 4, counters  # per worker: its own file and its horses' one
    assert sum(name.startswith("counter_rq-") for name in counters) == 2
    show = (
        "from shared import metrics; from prometheus_client import generate_latest; "
        "print(generate_latest(metrics.registry()).decode())"
    )
    exporter = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}  # reads subdirectories
    text = subprocess.run([sys.executable, "-c", show], cwd=ROOT, env=exporter, check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
    assert sample(text, "speedgamez_moves_applied_total", by="computer") == 6
    assert sample(text, "speedgamez_moves_applied_total", by="human") == 2
    assert sample(text, "speedgamez_job_duration_seconds_count", job="computer_turn") == 6


def test_a_method_the_house_does_not_know_is_counted_as_other(redis_url):
    """A client may send any token as a method: none becomes a series of its own."""
    from services.table.app import create_app

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "METRICS_ALLOW": ["127.0.0.1"]})
    client = app.test_client()
    for number in range(20):
        assert client.open("/healthz", method=f"FROB{number}").status_code == 405
    text = client.get("/metrics").text
    assert "FROB" not in text
    name = "speedgamez_http_requests_total"
    assert sample(text, name, service="table", method="other", status="405") >= 20
