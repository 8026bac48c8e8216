"""`make run`: the whole house answers on one origin, starts a process that dies again, and
stops cleanly on SIGINT."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.integration.running_house import (
    RunningHouse,
    alive,
    bearer,
    descendants,
    get_json,
    request,
)


@pytest.mark.timeout(120)
def test_house_serves_every_service_and_stops_on_sigint(tmp_path):
    house = RunningHouse(tmp_path / "house.log")
    try:
        house.start()
        for service in ("lobby", "table", "ledger"):
            status, body = get_json(f"{house.url}/api/{service}/healthz")
            assert (status, body["status"], body["service"]) == (200, "ok", service)
        children = descendants(house.process.pid)
        assert children, "the house runs its processes as children"
    finally:
        code = house.stop()
    assert code == 0, house.output()
    assert f"{house.url}/" in house.output()
    left = [pid for pid in children if alive(pid)]
    assert not left, f"processes left behind: {left}"


@pytest.mark.timeout(180)
def test_a_worker_killed_mid_game_is_started_again_and_the_computer_moves(tmp_path, redis_url):
    """A solo table against a computer: the worker dies (SIGKILL) while the human thinks; the
    house starts it again, and once the human's moves hand the turn over, the computer moves
    again."""
    house = RunningHouse(tmp_path / "house.log", REDIS_URL=redis_url, BOT_PACE="off")
    try:
        house.start()
        auth = bearer(house.guest("Solo"))
        url = house.solo_table(auth)
        view = wait_for_my_turn(url, auth)
        [worker] = house.processes("services.bots.worker")
        os.kill(worker, signal.SIGKILL)
        for _ in range(50):  # a Speedone draw may leave the turn with the human
            move = {"move": view["current"]["legal"][0], "version": view["version"]}
            status, view, _ = request(f"{url}/moves", "POST", move, auth)
            assert status == 200 and view["table"]["status"] == "playing", view
            view = view["table"]
            if view["current"]["to_move"] != view["you"]:
                break
        after = wait_for_my_turn(url, auth, newer_than=view["version"])
        assert after["version"] > view["version"], "the computer moved"
        [again] = house.processes("services.bots.worker")
        assert again != worker
        assert "exited with -9; starting it again" in house.output()
    finally:
        assert house.stop() == 0, house.output()[-3000:]


def wait_for_my_turn(url: str, auth: dict, newer_than: int = -1, limit: float = 60.0) -> dict:
    """The table once it is the caller's turn again (or its game is over) at a version newer
    than ``newer_than``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status, view, _ = request(url, headers=auth)
        assert status == 200, view
        mine = view["status"] == "playing" and view["current"]["to_move"] == view["you"]
        if view["version"] > newer_than and (mine or view["status"] != "playing"):
            return view
        time.sleep(0.1)
    raise AssertionError(f"no turn of mine within {limit:.0f} s: {view}")
