"""A signed-in stranger cannot make a table's version move: an action that changes nothing
commits nothing (no version, no event), a stranger's leave is a problem, and every request
that changes something is limited per player. Over real HTTP."""

from __future__ import annotations

import pytest

from shared import connection, keys, store
from tests.over_http import HttpHouse, problem_of


@pytest.fixture
def house(serve):
    house = HttpHouse(serve())
    yield house
    house.close()


@pytest.fixture
def r(redis_url):
    return connection.connect(redis_url)


def commits(r, table_id: str) -> tuple:
    """The table's version and stream length: what a commit moves."""
    return r.hget(keys.table(table_id), "version"), r.xlen(keys.table_events(table_id))


def test_a_strangers_leave_is_a_problem_and_commits_nothing(house, r):
    ann, bob, mal = house.guest("Ann"), house.guest("Bob"), house.guest("Mal")
    table_id = house.open(ann, "speedone", 2, fill="empty")["id"]
    house.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    before = commits(r, table_id)
    for _ in range(5):
        answer = house.call(mal, "POST", f"/api/table/tables/{table_id}/leave")
        problem_of(answer, 403, "not_seated")
    house.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
    started = commits(r, table_id)
    assert started[0] == str(int(before[0]) + 1)  # only the start moved it
    problem_of(house.call(mal, "POST", f"/api/table/tables/{table_id}/leave"), 403, "not_seated")
    house.ok(bob, "POST", f"/api/table/tables/{table_id}/leave")  # leaves the running game
    after_leaving = commits(r, table_id)
    problem_of(house.call(bob, "POST", f"/api/table/tables/{table_id}/leave"), 403, "not_seated")
    assert commits(r, table_id) == after_leaving


def test_repeating_an_action_changes_nothing_the_second_time(house, r):
    ann, bob, cid = house.guest("Ann"), house.guest("Bob"), house.guest("Cid")
    table_id = house.open(ann, "speedone", 3, fill="empty")["id"]
    seats = f"/api/lobby/tables/{table_id}/seats"

    def twice(player, method, path, **kwargs) -> dict:
        """The first call commits; the second answers alike and commits nothing."""
        first = house.ok(player, method, path, **kwargs)
        done = commits(r, table_id)
        again = house.ok(player, method, path, **kwargs)
        assert commits(r, table_id) == done, (method, path)
        assert again["version"] == first["version"]
        return again

    twice(bob, "POST", seats, json={})
    assert house.call(bob, "POST", seats, json={"seat": 1}).status_code == 200  # where he sits
    problem_of(house.call(bob, "POST", seats, json={"seat": 2}), 409, "already_seated")
    twice(ann, "PUT", f"{seats}/2", json={"kind": "computer", "strength": "stark"})
    twice(ann, "PUT", f"{seats}/2", json={"kind": "empty"})
    body = {"options": {"target": 200}, "settings": {"clock": 60}}
    twice(ann, "PATCH", f"/api/lobby/tables/{table_id}/settings", json=body)
    house.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
    twice(cid, "POST", seats, json={})  # waits for the next game
    doc = store.load(r, table_id)
    doc["status"] = "over"  # as if the game had ended
    store.commit(r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    assert twice(ann, "POST", f"/api/table/tables/{table_id}/rematch")["status"] == "over"


def test_every_action_is_limited_per_player(serve, r):
    house = HttpHouse(serve(ACTION_RATE_LIMIT=3, ACTION_RATE_WINDOW=30))
    ann, mal = house.guest("Ann"), house.guest("Mal")
    table_id = house.open(ann, "speedone", 2, fill="empty")["id"]
    answers = [house.call(mal, "POST", f"/api/table/tables/{table_id}/leave") for _ in range(3)]
    assert [answer.status_code for answer in answers] == [403] * 3
    for method, path, body in (
        ("POST", f"/api/table/tables/{table_id}/leave", None),
        ("POST", f"/api/lobby/tables/{table_id}/seats", {}),
        ("POST", f"/api/table/tables/{table_id}/chat", {"text": "hallo"}),
        ("POST", f"/api/table/tables/{table_id}/stream-tickets", None),
        ("POST", "/api/lobby/online", None),
    ):
        answer = house.call(mal, method, path, json=body)
        problem = problem_of(answer, 429, "rate_limited")
        assert 0 < problem["retry_after"] <= 30 and int(answer.headers["Retry-After"]) >= 1
    assert house.table(mal, table_id)["seats"][1]["kind"] == "empty"  # reads are not limited
    # the limit is Mal's: Ann acts on
    house.ok(
        ann, "PATCH", f"/api/lobby/tables/{table_id}/settings", json={"settings": {"clock": 60}}
    )
    house.close()
