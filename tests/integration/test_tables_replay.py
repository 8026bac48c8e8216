"""A finished game's replay: the engine's views step by step, as a seat saw them, as a
spectator, or with every hand open; secret while the game runs."""

from __future__ import annotations

import random

import pytest

from shared.games import get_game, names
from tests.integration.harness import assert_problem

QUICK = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}
SOLO_SEATS = {"speedone": 2, "speedtower": 3, "speedlaunch": 3}


@pytest.mark.parametrize("game", names())
def test_a_finished_game_replays_step_by_step(house, game):
    ann, eve = house.player("Ann"), house.player("Eve")
    opened = house.open(ann, game, SOLO_SEATS[game], QUICK[game], solo=True, clock=0)
    table_id = opened["id"]
    url = f"/tables/{table_id}/games/1/replay"
    running = house.table.get(url, headers=house.auth(ann))
    assert assert_problem(running, 409)["code"] == "game_not_over"

    house.play_out({0: ann}, table_id, random.Random(game), limit=30)
    house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    house.run_computers()
    final = house.get(eve, table_id)  # Eve never sat there: a spectator's table
    record = house.table.get(f"/tables/{table_id}/games/1/record", headers=house.auth(ann)).json

    watched = house.table.get(url, headers=house.auth(eve))
    assert watched.status_code == 200, watched.json
    body = watched.json
    assert (body["game"], body["no"], body["seat"], body["open"]) == (game, 1, None, False)
    steps = body["steps"]
    assert len(steps) == len(record["moves"]) + 1
    assert steps[0]["kind"] == "deal" and steps[0]["move"] is None
    assert [s["move"] for s in steps[1:]] == [m.get("move") for m in record["moves"]]
    assert steps[-1]["view"] == final["current"]["view"] and steps[-1]["to_move"] is None
    assert all(step["hands"] is None for step in steps)
    assert any(step["lines"] for step in steps)

    engine = get_game(game)
    state = engine.new(record["options"], len(record["seats"]), record["seed"], record["first"])
    as_ann = house.table.get(f"{url}?seat=0&lang=en", headers=house.auth(eve)).json
    assert as_ann["steps"][0]["view"] == engine.view(state, 0)
    assert as_ann["steps"][0]["view"]["hand"] is not None

    opened_up = house.table.get(f"{url}?open=true", headers=house.auth(eve)).json
    hands = opened_up["steps"][0]["hands"]
    assert len(hands) == len(record["seats"])
    assert hands == [engine.view(state, seat)["hand"] for seat in range(len(hands))]


def test_a_replay_names_only_seats_the_game_had(house):
    ann = house.player("Ann")
    table_id = house.open(ann, "speedone", 2, QUICK["speedone"], solo=True, clock=0)["id"]
    house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    house.run_computers()
    url = f"/tables/{table_id}/games/1/replay"
    assert house.table.get(url, headers=house.auth(ann)).status_code == 200
    bad = house.table.get(f"{url}?seat=5", headers=house.auth(ann))
    assert assert_problem(bad, 400)["code"] == "no_such_seat"
    missing = house.table.get("/tables/nosuch/games/1/replay", headers=house.auth(ann))
    assert assert_problem(missing, 404)["code"] == "no_such_table"
    assert house.table.get(url).status_code == 401
