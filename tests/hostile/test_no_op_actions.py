"""A signed-in stranger cannot make a table's version move: an action that changes nothing
commits nothing (no version, no event), a stranger's leave is a problem, and every request
that changes something is limited per player. Over real HTTP."""

from __future__ import annotations

from shared import keys, store
from tests.over_http import HttpHouse, problem_of


def commits(r, table_id: str) -> tuple:
    """The table's version and stream length: what a commit moves."""
    return r.hget(keys.table(table_id), "version"), r.xlen(keys.table_events(table_id))


def test_a_strangers_leave_is_a_problem_and_commits_nothing(http, house_r):
    ann, bob, mal = http.guest("Ann"), http.guest("Bob"), http.guest("Mal")
    table_id = http.open(ann, "speedone", 2, fill="empty")["id"]
    http.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    before = commits(house_r, table_id)
    for _ in range(5):
        answer = http.call(mal, "POST", f"/api/table/tables/{table_id}/leave")
        problem_of(answer, 409, "not_at_table")
    http.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
    started = commits(house_r, table_id)
    assert started[0] == str(int(before[0]) + 1)  # only the start moved it
    problem_of(http.call(mal, "POST", f"/api/table/tables/{table_id}/leave"), 409, "not_at_table")
    http.ok(bob, "POST", f"/api/table/tables/{table_id}/leave")  # leaves the running game
    after_leaving = commits(house_r, table_id)
    problem_of(http.call(bob, "POST", f"/api/table/tables/{table_id}/leave"), 409, "not_at_table")
    assert commits(house_r, table_id) == after_leaving


def test_repeating_an_action_changes_nothing_the_second_time(http, house_r):
    ann, bob, cid = http.guest("Ann"), http.guest("Bob"), http.guest("Cid")
    table_id = http.open(ann, "speedone", 3, fill="empty")["id"]
    seats = f"/api/lobby/tables/{table_id}/seats"

    def twice(player, method, path, **kwargs) -> dict:
        """The first call commits; the second answers alike and commits nothing."""
        first = http.ok(player, method, path, **kwargs)
        done = commits(house_r, table_id)
        again = http.ok(player, method, path, **kwargs)
        assert commits(house_r, table_id) == done, (method, path)
        assert again["version"] == first["version"]
        return again

    twice(bob, "POST", seats, json={})
    assert http.call(bob, "POST", seats, json={"seat": 1}).status_code == 200  # where he sits
    problem_of(http.call(bob, "POST", seats, json={"seat": 2}), 409, "already_seated")
    twice(ann, "PUT", f"{seats}/2", json={"kind": "computer", "strength": "stark"})
    twice(ann, "PUT", f"{seats}/2", json={"kind": "empty"})
    body = {"options": {"target": 200}, "settings": {"clock": 60}}
    twice(ann, "PATCH", f"/api/lobby/tables/{table_id}/settings", json=body)
    http.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
    twice(cid, "POST", seats, json={})  # waits for the next game
    doc = store.load(house_r, table_id)
    doc["status"] = "over"  # as if the game had ended
    store.commit(house_r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    assert twice(ann, "POST", f"/api/table/tables/{table_id}/rematch")["status"] == "over"


def test_every_action_is_limited_per_player(serve, house_r):
    http = HttpHouse(serve(ACTION_RATE_LIMIT=3, ACTION_RATE_WINDOW=30))
    ann, mal = http.guest("Ann"), http.guest("Mal")
    table_id = http.open(ann, "speedone", 2, fill="empty")["id"]
    answers = [http.call(mal, "POST", f"/api/table/tables/{table_id}/leave") for _ in range(3)]
    assert [answer.status_code for answer in answers] == [409] * 3
    for method, path, body in (
        ("POST", f"/api/table/tables/{table_id}/leave", None),
        ("POST", f"/api/lobby/tables/{table_id}/seats", {}),
        ("POST", f"/api/table/tables/{table_id}/chat", {"text": "hallo"}),
        ("POST", f"/api/table/tables/{table_id}/stream-tickets", None),
        ("POST", "/api/lobby/online", None),
    ):
        answer = http.call(mal, method, path, json=body)
        problem = problem_of(answer, 429, "rate_limited")
        assert 0 < problem["retry_after"] <= 30 and int(answer.headers["Retry-After"]) >= 1
    assert http.table(mal, table_id)["seats"][1]["kind"] == "empty"  # reads are not limited
    # the limit is Mal's: Ann acts on
    http.ok(
        ann, "PATCH", f"/api/lobby/tables/{table_id}/settings", json={"settings": {"clock": 60}}
    )
    http.close()
