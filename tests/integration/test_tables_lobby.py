"""Seats and settings before the start, turbo, and hints."""

from __future__ import annotations

import pytest
import redis

from shared import store
from tests.integration.harness import start_two_player_game
from tests.integration.test_bots_worker import start_worker, stop


def test_opener_sets_computers_and_settings_before_the_start(house):
    ann, bob = house.player("Ann"), house.player("Bob")
    table_id = house.open(ann, "speedone", 4, fill="empty")["id"]
    put = house.lobby.put(f"/tables/{table_id}/seats/2", json={"kind": "computer",
                          "strength": "stark"}, headers=house.auth(ann))  # fmt: skip
    assert put.status_code == 200 and put.json["seats"][2]["kind"] == "computer"
    assert house.lobby.put(f"/tables/{table_id}/seats/2", json={"kind": "empty"},
                           headers=house.auth(bob)).status_code == 403  # fmt: skip
    assert house.lobby.put(f"/tables/{table_id}/seats/9", json={"kind": "empty"},
                           headers=house.auth(ann)).status_code == 400  # fmt: skip

    changed = house.lobby.patch(f"/tables/{table_id}/settings", headers=house.auth(ann),
                                json={"options": {"target": 200, "partners": True},
                                      "settings": {"clock": 60, "tempo": "fast"}})  # fmt: skip
    assert changed.status_code == 200, changed.json
    assert changed.json["options"]["target"] == 200 and changed.json["settings"]["clock"] == 60
    bad = [
        ({"options": {"target": 300}}, 400),
        ({"options": {"no_such": 1}}, 400),
        ({"settings": {"clock": 45}}, 400),
        ({"settings": {"solo": True}}, 400),
    ]
    for body, status in bad:
        answer = house.lobby.patch(f"/tables/{table_id}/settings", json=body,
                                   headers=house.auth(ann))  # fmt: skip
        assert answer.status_code == status, (body, answer.json)
    assert store.load(house.r, table_id)["options"]["target"] == 200

    # Partner mode: exactly four, seated in case-sensitive name order (computers by name).
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    house.lobby.put(f"/tables/{table_id}/seats/3", json={"kind": "computer"},
                    headers=house.auth(ann))  # fmt: skip
    started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann)).json
    seated = [seat["name"] for seat in started["seats"]]
    assert seated == sorted(seated) and len(seated) == 4


def test_bad_tables_are_refused(house):
    ann = house.player("Ann")
    cases = [
        ({"game": "chess", "seats": 2}, 400),
        ({"game": "speedtower", "seats": 5}, 400),
        ({"game": "speedone", "seats": 3, "options": {"partners": True}}, 400),
        ({"game": "speedlaunch", "seats": 6, "settings": {"humans_only": True}}, 400),
        ({"game": "speedone", "seats": 2, "settings": {"stakes": -1}}, 400),
    ]
    for body, status in cases:
        answer = house.lobby.post("/tables", json=body, headers=house.auth(ann))
        assert answer.status_code == status, (body, answer.json)
    # every refused setting is named, so a client can say which (DECISIONS: "Partnermodus
    # geht nur zu viert")
    named = [
        ({"game": "speedone", "seats": 3, "options": {"partners": True}},
         [{"setting": "partners", "reason": "four_seats"}]),
        ({"game": "speedone", "seats": 6, "options": {"partners": True, "target": 300}},
         [{"setting": "target", "reason": "choice", "choices": [200, 500]},
          {"setting": "partners", "reason": "four_seats"}]),
        ({"game": "speedtower", "seats": 5, "options": {"stok": 10}},
         [{"setting": "stok", "reason": "unknown"},
          {"setting": "seats", "reason": "range", "min": 2, "max": 4}]),
        ({"game": "speedlaunch", "seats": 6, "settings": {"humans_only": True}},
         [{"setting": "humans_only", "reason": "computer_seats"}]),
    ]  # fmt: skip
    for body, refused in named:
        answer = house.lobby.post("/tables", json=body, headers=house.auth(ann))
        assert answer.json["code"] == "invalid_settings", answer.json
        assert answer.json["refused"] == refused, body
    open_four = house.open(ann, "speedone", 4)["id"]
    fixed = house.lobby.patch(f"/tables/{open_four}/settings", headers=house.auth(ann),
                              json={"settings": {"solo": True}})  # fmt: skip
    assert fixed.json["refused"] == [{"setting": "solo", "reason": "fixed"}]
    six = house.open(ann, "speedlaunch", 6)
    assert [s["kind"] for s in six["seats"]][4:] == ["computer", "computer"]
    bob = house.player("Bob")
    taken = house.lobby.post(f"/tables/{six['id']}/seats", json={"seat": 5},
                             headers=house.auth(bob))  # fmt: skip
    assert taken.status_code == 409


def test_turbo_only_at_solo_tables(house):
    ann = house.player("Ann")
    solo = house.open(ann, "speedtower", 3, {"stock": 10}, solo=True)["id"]
    answer = house.table.post(f"/tables/{solo}/turbo", headers=house.auth(ann))
    assert answer.status_code == 200 and answer.json["current"]["turbo"] is True
    table_id, players = start_two_player_game(house)
    refused = house.table.post(f"/tables/{table_id}/turbo", headers=house.auth(players[0]))
    assert refused.status_code == 409


def test_no_hints_at_staked_tables_with_other_humans(house):
    table_id, players = start_two_player_game(house, stakes=10)
    seat = house.get(players[0], table_id)["current"]["to_move"]
    refused = house.table.get(f"/tables/{table_id}/hint", headers=house.auth(players[seat]))
    assert refused.status_code == 403
    waiting = players[1 - seat]
    assert house.table.get(f"/tables/{table_id}/hint",
                           headers=house.auth(waiting)).status_code == 403  # fmt: skip


def test_a_hint_nobody_answers_in_time_is_503(house, monkeypatch):
    def read_times_out(job, timeout):  # redis-py's socket timeout before the blocking read's
        raise redis.TimeoutError("Timeout reading from socket")

    monkeypatch.setattr("rq.job.Job.latest_result", read_times_out)
    table_id, players = start_two_player_game(house)
    mover = players[house.get(players[0], table_id)["current"]["to_move"]]
    answer = house.table.get(f"/tables/{table_id}/hint", headers=house.auth(mover))
    assert answer.status_code == 503, answer.json


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_hint_comes_from_the_bots_worker(house, redis_url):
    worker = start_worker(redis_url)
    try:
        table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
        view = house.get(players[0], table_id)
        mover = players[view["current"]["to_move"]]
        other = players[1 - view["current"]["to_move"]]
        assert house.table.get(f"/tables/{table_id}/hint",
                               headers=house.auth(other)).status_code == 409  # fmt: skip
        hint = house.table.get(f"/tables/{table_id}/hint", headers=house.auth(mover))
        assert hint.status_code == 200, hint.json
        assert hint.json["move"] in house.get(mover, table_id)["current"]["legal"]
    finally:
        stop(worker)
