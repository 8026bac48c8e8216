"""Tables end to end on the real Redis: open, seat, start, move, finish, record."""

from __future__ import annotations

import json
import random

import pytest

from shared.games import get_game, names
from tests.integration.harness import assert_problem

GAMES = names()
QUICK = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}
SOLO_SEATS = {"speedone": 2, "speedtower": 3, "speedlaunch": 3}  # Speedone: a leave ends it


@pytest.mark.parametrize("game", GAMES)
def test_solo_game_runs_to_the_end_and_its_record_replays(house, game):
    """A human plays a while, then leaves; the game still ends and its record replays."""
    ann = house.player("Ann")
    seats = SOLO_SEATS[game]
    opened = house.open(ann, game, seats, QUICK[game], solo=True, clock=0)
    assert opened["status"] == "playing"
    assert [s["kind"] for s in opened["seats"]] == ["human"] + ["computer"] * (seats - 1)
    table_id = opened["id"]
    record_url = f"/tables/{table_id}/games/1/record"
    assert house.table.get(record_url, headers=house.auth(ann)).status_code == 409

    house.play_out({0: ann}, table_id, random.Random(game), limit=30)
    left = house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    assert left.status_code == 200 and left.json["you"] is None
    house.run_computers()
    final = house.get(ann, table_id)
    assert final["status"] in ("over", "closed")  # closed: it had ended before Ann left
    assert final["current"]["result"]["places"]

    record = house.table.get(record_url, headers=house.auth(ann)).json
    engine = get_game(game)
    state = engine.new(record["options"], len(record["seats"]), record["seed"], record["first"])
    assert engine.snapshot(state) == record["initial"]
    for entry in record["moves"]:
        if entry["kind"] == "move":
            engine.apply(state, entry["seat"], entry["move"])
        else:
            engine.leave(state, entry["seat"])
    assert engine.result(state) == record["result"] == final["current"]["result"]


def test_open_table_seats_and_start(house):
    ann, bob, cid = house.player("Ann"), house.player("Bob"), house.player("Cid")
    opened = house.open(ann, "speedone", 3, fill="empty")
    table_id = opened["id"]
    listed = house.lobby.get("/tables", headers=house.auth(bob)).json
    assert [t["id"] for t in listed] == [table_id]

    joined = house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    assert joined.status_code == 200 and joined.json["you"] == 1
    again = house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    assert again.status_code == 200 and again.json["version"] == joined.json["version"]
    elsewhere = house.lobby.post(f"/tables/{table_id}/seats", json={"seat": 2},
                                 headers=house.auth(bob))  # fmt: skip
    assert elsewhere.status_code == 409 and elsewhere.json["code"] == "already_seated"

    not_opener = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(bob))
    assert not_opener.status_code == 403
    started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    assert started.status_code == 200, started.json
    assert started.json["status"] == "playing"
    assert len(started.json["seats"]) == 2  # the free seat stayed empty and was dropped

    late = house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(cid))
    assert late.json["waiting"] == ["Cid"]


def test_move_errors_are_problems_and_change_nothing(house):
    ann, bob, eve = house.player("Ann"), house.player("Bob"), house.player("Eve")
    table_id = house.open(ann, "speedone", 2, fill="empty")["id"]
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    players = {0: ann, 1: bob}
    view = house.get(ann, table_id)
    mover = players[view["current"]["to_move"]]
    waiter = players[1 - view["current"]["to_move"]]
    legal = house.get(mover, table_id)["current"]["legal"]
    version = view["version"]

    cases = [
        (house.move(waiter, table_id, legal[0], version), 409, "not_your_turn"),
        (house.move(eve, table_id, legal[0], version), 403, "not_seated"),
        (house.move(mover, table_id, legal[0], version - 1), 409, "stale_version"),
        (house.move(mover, table_id, {"type": "nonsense"}, version), 422, "illegal_move"),
        (house.table.post(f"/tables/{table_id}/moves", json={"move": 5},
                          headers=house.auth(mover)), 400, "invalid_request"),
        (house.table.post(f"/tables/{table_id}/moves", data="{", content_type="application/json",
                          headers=house.auth(mover)), 400, "invalid_request"),
        (house.table.post(f"/tables/{table_id}/moves", json={"move": {}}), 401, "token_missing"),
        (house.move(mover, "nosuchtable", legal[0], version), 404, "no_such_table"),
    ]  # fmt: skip
    for response, status, code in cases:
        assert_problem(response, status, code)
    assert cases[0][0].json["current_version"] == version
    assert cases[2][0].json["current_version"] == version
    assert "move" in cases[4][0].json["errors"]["json"]
    assert cases[7][0].json["table"] == "nosuchtable"
    assert house.get(ann, table_id)["version"] == version

    applied = house.move(mover, table_id, legal[0], version)
    assert applied.status_code == 200, applied.json
    assert applied.json["version"] == version + 1
    repeated = house.move(mover, table_id, legal[0], version)
    assert repeated.json == applied.json


def test_record_replay_matches_the_stream(house):
    ann = house.player("Ann")
    table_id = house.open(ann, "speedtower", 2, solo=True, clock=0, options={"stock": 10})["id"]
    house.play_out({0: ann}, table_id, random.Random(3))
    versions = [json.loads(f["v"]) for _, f in house.r.xrange(f"{{t:{table_id}}}:events")]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
