"""The move path under pressure: duplicates, concurrency, idempotency keys."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from shared import store
from tests.integration.harness import (
    assert_a_repeat_applies_once,
    mover_of,
    start_two_player_game,
)


def test_fifty_concurrent_duplicates_apply_once(house):
    table_id, players = start_two_player_game(house)
    mover, view = mover_of(house, table_id, players)
    move, version = view["current"]["legal"][0], view["version"]

    def submit(_):
        client = house.table_app.test_client()
        body = {"move": move, "version": version}
        return client.post(f"/tables/{table_id}/moves", json=body, headers=house.auth(mover))

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(submit, range(50)))
    assert {a.status_code for a in answers} == {200}
    assert len({a.get_data() for a in answers}) == 1  # every duplicate gets the first answer
    assert store.load(house.r, table_id)["version"] == version + 1
    assert len(store.game_moves(house.r, table_id, 1)) == 2  # the deal and one move


def test_idempotency_key_without_version(house):
    table_id, players = start_two_player_game(house)
    assert_a_repeat_applies_once(house, table_id, players)


def test_concurrent_different_moves_one_wins(house):
    table_id, players = start_two_player_game(house)
    mover, view = mover_of(house, table_id, players)
    legal, version = view["current"]["legal"], view["version"]

    def submit(move):
        client = house.table_app.test_client()
        body = {"move": move, "version": version}
        return client.post(f"/tables/{table_id}/moves", json=body, headers=house.auth(mover))

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(submit, legal[:8]))
    assert sorted(a.status_code for a in answers).count(200) == 1
    assert all(a.status_code in (200, 409) for a in answers)
    assert store.load(house.r, table_id)["version"] == version + 1
