"""Computers through the real RQ worker process and Redis: whole games end, and a worker
killed mid-game loses nothing (the watchdog and the next worker pick the work up)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shared import keys, store
from shared.games import names

ROOT = Path(__file__).resolve().parents[2]
GAME_LIMIT = 180.0
OPTIONS = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}


def start_worker(redis_url):
    env = {**os.environ, "REDIS_URL": redis_url, "BOT_PACE": "off"}
    env.pop("QUEUE_REDIS_URL", None)
    return subprocess.Popen(
        [sys.executable, "-m", "services.bots.worker", "bots", "clocks", "ledger"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def stop(worker, sig=signal.SIGTERM):
    """Stop the worker; one that does not stop within 10 s is killed (no worker may outlive
    its test and take the next tests' jobs)."""
    worker.send_signal(sig)
    try:
        worker.wait(timeout=10)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=10)


def wait_until(predicate, limit=GAME_LIMIT):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def computers_only_table(house, game):
    """A solo table whose human leaves at once: computers play it to the end."""
    ann = house.player("Ann")
    table_id = house.open(ann, game, 4, OPTIONS[game], solo=True, clock=0)["id"]
    house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    return table_id


def every_decision_once(house, table_id):
    """The record holds each decision exactly once, and the game ended."""
    entries = store.game_moves(house.r, table_id, 1)
    decisions = [entry for entry in entries if entry["kind"] == "move"]
    return entries[-1]["kind"] == "end" and len(decisions) == store.load(
        house.r, table_id)["current"]["moves"]  # fmt: skip


def over(house, table_id):
    doc = store.load(house.r, table_id)
    return doc is not None and doc["status"] in ("over", "closed")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_computers_play_whole_games_through_the_worker(house, redis_url):
    worker = start_worker(redis_url)
    try:
        tables = {game: computers_only_table(house, game) for game in names()}
        for game, table_id in tables.items():
            assert wait_until(lambda t=table_id: over(house, t)), f"{game} did not end"
            doc = store.load(house.r, table_id)
            assert doc["current"]["result"]["places"]
            assert every_decision_once(house, table_id)
        booked = [keys.booking(f"{table_id}-1") for table_id in tables.values()]
        assert wait_until(lambda: all(house.r.exists(key) for key in booked))
    finally:
        stop(worker)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_killed_worker_loses_no_game(house, redis_url):
    worker = start_worker(redis_url)
    table_id = computers_only_table(house, "speedlaunch")
    try:
        assert wait_until(lambda: store.load(house.r, table_id)["current"]["moves"] >= 5)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        worker = start_worker(redis_url)
        assert wait_until(lambda: over(house, table_id)), "the game got stuck"
        assert every_decision_once(house, table_id)
    finally:
        stop(worker)
