"""The move path under pressure: duplicates, concurrency, idempotency keys."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from shared import store
from shared.security_headers import API_CSP
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


def test_a_moves_answer_and_its_refusal_carry_the_houses_headers(house):
    """The move route answers in front of Flask (services/table/move_route.py): its answers
    have the security headers, type and length every other answer has."""
    table_id, players = start_two_player_game(house)
    mover, view = mover_of(house, table_id, players)
    url, auth = f"/tables/{table_id}/moves", house.auth(mover)
    body = {"move": view["current"]["legal"][0], "version": view["version"]}
    made = house.table_app.test_client().post(url, json=body, headers=auth)
    stale = house.table_app.test_client().post(url, json=body | {"key": "other"}, headers=auth)
    assert (made.status_code, stale.status_code) == (200, 409), stale.json
    for answer, kind in ((made, "application/json"), (stale, "application/problem+json")):
        headers = answer.headers
        assert headers["Content-Type"] == kind
        assert int(headers["Content-Length"]) == len(answer.get_data())
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Content-Security-Policy"] == API_CSP
