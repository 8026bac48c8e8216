"""`make run`: the whole house answers on one origin and stops cleanly on SIGINT."""

from __future__ import annotations

import pytest

from tests.integration.running_house import RunningHouse, alive, descendants, get_json


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
