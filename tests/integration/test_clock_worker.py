"""Clocks, rematch holds and the watchdog through the real RQ worker (its scheduler and
watchdog threads), in real time: nobody touches the tables, only a player's event stream is
open."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shared import keys, store
from shared.games import get_game
from shared.tables import house as house_settings
from shared.tables.referee import turn_of
from tests.integration.harness import CLOCK, solo_table_to_move, start_two_player_game
from tests.integration.sse import EventStream, Server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
EVERY, SLACK = 1.0, 0.5  # the workers' watchdog settings here
ON_TIME = 2.0  # seconds after its deadline by which a clock's decision must be seen
TABLES = 4


def start_worker(target):
    """A worker of all queues (on the test's Redis, standalone or a cluster, and its queue
    Redis), in a process group of its own."""
    env = {**os.environ, "REDIS_URL": target.url, "QUEUE_REDIS_URL": target.queue_url,
           "REDIS_WAIT_REPLICAS": "0", "BOT_PACE": "off",
           "WATCHDOG_EVERY": str(EVERY), "WATCHDOG_SLACK": str(SLACK)}  # fmt: skip
    return subprocess.Popen(
        [sys.executable, "-m", "services.bots.worker", "bots", "clocks", "ledger"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip


def kill(worker, sig=signal.SIGKILL):
    """Send ``sig`` to the worker and everything it started; wait until it is gone (one that
    does not stop on SIGTERM within 10 s is killed: no worker may outlive its test and take
    the next tests' jobs from the queue Redis they share)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(worker.pid, sig)
    try:
        worker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)


def wait_until(predicate, limit):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        time.sleep(0.05)
    return None


@pytest.fixture
def workers(any_redis):
    started = []

    def start():
        started.append(start_worker(any_redis))
        return started[-1]

    yield start
    for worker in started:
        if worker.poll() is None:
            kill(worker, signal.SIGTERM)


@pytest.fixture
def server(house):
    running = Server(house.table_app)
    yield running
    running.close()


def clock_tables(house, server):
    """Two-human Speedone tables on a 30 s clock, each with the waiting player's stream open."""
    tables = []
    for _ in range(TABLES):
        table_id, players = start_two_player_game(house, clock=30)
        doc = store.load(house.r, table_id)
        player = players[get_game("speedone").to_move(doc["current"]["state"])]
        stream = EventStream(server.port, f"/tables/{table_id}/events", player["token"],
                             timeout=60)  # fmt: skip
        assert stream.next()[0] == "state"
        tables.append((table_id, doc["current"]["deadline"], turn_of(doc), stream))
    return tables


def clock_decision_seen(stream) -> float:
    """Read the stream until the clock's decision arrives; when it did."""
    while True:
        kind, _, data = stream.next()
        if kind == "update" and any(e["type"] == "table.clock" for e in data["events"]):
            return time.time()


def assert_decided_on_time(house, tables):
    for table_id, deadline, _turn, stream in tables:
        seen = clock_decision_seen(stream)
        assert deadline <= seen <= deadline + ON_TIME, (table_id, seen - deadline)
        decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
        assert [m["by"] for m in decisions] == ["clock"]
        stream.close()


def test_a_clock_runs_out_on_time_with_nobody_touching_the_table(house, server, workers):
    workers()
    tables = clock_tables(house, server)
    assert_decided_on_time(house, tables)


def test_a_clock_runs_out_on_time_after_its_worker_was_killed(house, server, workers):
    worker = workers()
    tables = clock_tables(house, server)
    armed = [keys.table_clock(table_id) for table_id, *_ in tables]
    assert wait_until(lambda: all(house.r.exists(key) for key in armed), 10)
    assert wait_until(lambda: house.queue_redis.get(keys.WATCHDOG_LOCK), 10)
    kill(worker)  # the worker and its scheduler, with every prompt still to fire
    workers()
    assert_decided_on_time(house, tables)


def rounds(house) -> int:
    return int(house.queue_redis.get(keys.WATCHDOG_ROUNDS) or 0)


def test_the_watchdog_keeps_running_and_another_worker_takes_it_over(house, workers):
    running = [workers(), workers()]
    n = 5
    assert wait_until(lambda: rounds(house) >= n, n * EVERY + 5), rounds(house)
    holder = house.queue_redis.get(keys.WATCHDOG_LOCK).decode()
    watching = next(w for w in running if str(w.pid) == holder.split(":")[1])
    kill(watching)  # the other worker takes the watch over once the lock runs out
    before = rounds(house)
    assert wait_until(lambda: rounds(house) >= before + n, (n + 3) * EVERY + 2), rounds(house)
    assert house.queue_redis.get(keys.WATCHDOG_LOCK).decode() != holder


def test_a_held_seat_is_freed_on_time_with_nobody_touching_the_table(
    house, server, workers, any_redis
):
    if any_redis.kind == "cluster":  # the same timed path as the clocks above: two minutes saved
        pytest.skip("a hold waits two minutes; the clocks above cover the cluster")
    workers()
    table_id, players = start_two_player_game(house, "speedlaunch", clock=0)
    assert house.play_out(players, table_id, random.Random(3))["status"] == "over"
    ann = players[0]
    stream = EventStream(server.port, f"/tables/{table_id}/events", ann["token"], timeout=150)
    assert stream.next()[0] == "state"
    back = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(ann))
    held_until = back.json["held_until"]  # Bob's seat is held for him
    while True:
        kind, _, data = stream.next()
        if kind == "update" and any(e["type"] == "table.hold_over" for e in data["events"]):
            seen = time.time()
            break
    stream.close()
    assert held_until <= seen <= held_until + ON_TIME, seen - held_until
    assert store.load(house.r, table_id)["status"] == "open"


def test_with_the_real_worker_the_clock_waits_while_the_guide_is_open_and_runs_after(
    house, server, workers, monkeypatch
):  # fmt: skip
    """The game starts as if 38 of its 40 s (clock and grace) had gone by; the guide opens at
    once: the worker's clock prompt finds nothing due at the old deadline. The guide closes a
    few seconds later: the clock runs on with what it had left and the computer decides."""
    real = time.time()
    monkeypatch.setattr("shared.web.time.time", lambda: real - CLOCK - house_settings.GRACE + 2)
    player, view = solo_table_to_move(house)
    monkeypatch.undo()
    table_id, deadline = view["id"], view["current"]["deadline"]
    assert deadline - time.time() < 4
    opened_at = time.time()
    assert house.guide(player, table_id, True).status_code == 200
    stream = EventStream(server.port, f"/tables/{table_id}/events", player["token"], timeout=30)
    assert stream.next()[0] == "state"
    workers()

    def clock_decided():
        doc = store.load(house.r, table_id)
        return doc["current"]["moves"] > 0

    assert not wait_until(clock_decided, deadline + 3 - time.time())
    closed_at = time.time()
    closed = house.guide(player, table_id, False).json["current"]
    waited = closed["deadline"] - deadline  # (deadlines are whole seconds)
    assert closed_at - opened_at - 1 <= waited <= closed_at - opened_at + 2
    assert wait_until(clock_decided, closed["deadline"] + 3 - time.time())
    _, _, data = stream.next()
    while not any(event["type"] == "table.clock" for event in data.get("events", [])):
        _, _, data = stream.next()
