"""An idempotency key names one request: sent again with the same body it is answered like
the first and applied once; sent with another move or version it is refused (422
idempotency_key_reused) and the other move is not dropped silently. Over real HTTP."""

from __future__ import annotations

import uuid

import pytest

from shared import connection, keys
from tests.over_http import HttpHouse, problem_of


def a_game(house: HttpHouse):
    """A game whose first mover has two legal moves at least (a deal may leave only a draw)."""
    for attempt in range(20):  # (names are unique in the house: new guests each attempt)
        ann, bob = house.guest(f"Ann{attempt}"), house.guest(f"Bob{attempt}")
        table_id = house.open(ann, "speedone", 2, fill="empty", clock=0)["id"]
        house.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
        view = house.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
        mover = (ann, bob)[view["current"]["to_move"]]
        view = house.table(mover, table_id)
        if len(view["current"]["legal"]) >= 2:
            return table_id, mover, view
    raise AssertionError("no deal with two legal moves in 20 games")


@pytest.mark.parametrize("limit", [0, 1])
def test_a_key_sent_with_another_move_is_refused(serve, redis_url, limit):
    """(``limit`` 1: the repeat comes past the move rate limit, answered from the store.)"""
    house = HttpHouse(serve(MOVE_RATE_LIMIT=limit, MOVE_RATE_WINDOW=30))
    r = connection.connect(redis_url)
    table_id, mover, view = a_game(house)
    moves = f"/api/table/tables/{table_id}/moves"
    first_move, other_move = view["current"]["legal"][:2]
    key = str(uuid.uuid4())
    first = house.ok(mover, "POST", moves, json={"move": first_move, "key": key})
    committed = r.xlen(keys.table_events(table_id))
    again = house.ok(mover, "POST", moves, json={"move": first_move, "key": key})
    assert again == first
    for body in ({"move": other_move, "key": key},
                 {"move": first_move, "key": key, "version": view["version"]}):  # fmt: skip
        answer = house.call(mover, "POST", moves, json=body)
        problem_of(answer, 422, "idempotency_key_reused")
    assert r.xlen(keys.table_events(table_id)) == committed
    house.close()
