"""A move that starts from the newest document its process has seen of the table
(shared/tables/latest.py, kept by the event hub): one round trip when that document is the
newest, the usual read when it is not, the mover's token checked either way."""

from __future__ import annotations

import pytest
import redis as redis_py

from shared import connection, keys, store
from shared.tables.latest import LatestDocs
from shared.web import LATEST_DOCS
from tests.integration.harness import (
    assert_a_repeat_applies_once,
    assert_problem,
    mover_of,
    start_two_player_game,
)


@pytest.fixture
def standalone(house):
    if connection.is_cluster(house.r):
        pytest.skip("on a Redis Cluster a move always reads its table first")
    return house


def watched(house, table_id) -> LatestDocs:
    """The table app's process watches the table and has seen its document as it is now."""
    latest = LatestDocs()
    house.table_app.extensions[LATEST_DOCS] = latest
    latest.watch(table_id)
    version, raw = house.r.hmget(keys.table(table_id), "version", "doc")
    latest.seen(table_id, int(version), raw)
    return latest


def test_a_move_from_the_newest_document_is_one_round_trip(standalone, monkeypatch):
    house = standalone
    table_id, players = start_two_player_game(house)
    latest = watched(house, table_id)
    mover, mine = mover_of(house, table_id, players)
    sends, send = [], redis_py.connection.Connection.send_packed_command
    monkeypatch.setattr(redis_py.connection.Connection, "send_packed_command",
                        lambda self, *a, **k: sends.append(1) or send(self, *a, **k))  # fmt: skip
    answer = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    monkeypatch.undo()
    assert answer.status_code == 200, answer.json
    assert len(sends) == 1, "the commit alone"
    assert answer.json["version"] == mine["version"] + 1
    assert latest.get(table_id)[0] == mine["version"] + 1, "its own commit is the newest now"


def test_the_move_rate_limit_is_counted_by_the_commit(standalone, monkeypatch):
    """With a move rate limit a move from the newest document is still one round trip; past
    the limit the commit writes nothing, and a repeat of the applied move is answered."""
    house = standalone
    house.table_app.config.update(MOVE_RATE_LIMIT=2, MOVE_RATE_WINDOW=60)
    table_id, players = start_two_player_game(house)
    latest = watched(house, table_id)
    mover, mine = mover_of(house, table_id, players)
    move = {"move": mine["current"]["legal"][0], "version": mine["version"]}
    sends, send = [], redis_py.connection.Connection.send_packed_command
    monkeypatch.setattr(redis_py.connection.Connection, "send_packed_command",
                        lambda self, *a, **k: sends.append(1) or send(self, *a, **k))  # fmt: skip
    first = house.table.post(f"/tables/{table_id}/moves", json=move, headers=house.auth(mover))
    monkeypatch.undo()
    assert first.status_code == 200, first.json
    assert len(sends) == 1, "the commit alone, which counted the move"
    assert int(house.r.get(keys.rate_limit("moves", mover["id"]))) == 1
    assert 0 < house.r.pttl(keys.rate_limit("moves", mover["id"])) <= 60_000
    other, theirs = mover_of(house, table_id, players)
    house.r.set(keys.rate_limit("moves", other["id"]), 2, px=60_000)  # two moves made already
    before = house.r.hgetall(keys.table(table_id)), house.r.xlen(keys.table_events(table_id))
    assert latest.get(table_id)[0] == theirs["version"], "its process has the newest document"
    over = house.move(other, table_id, theirs["current"]["legal"][0], theirs["version"])
    assert 1 <= int(assert_problem(over, 429, "rate_limited") and over.headers["Retry-After"]) <= 60
    assert (house.r.hgetall(keys.table(table_id)),
            house.r.xlen(keys.table_events(table_id))) == before, "nothing written"  # fmt: skip
    again = house.table.post(f"/tables/{table_id}/moves", json=move, headers=house.auth(mover))
    assert again.status_code == 200 and again.json["version"] == first.json["version"]
    third = house.table.post(f"/tables/{table_id}/moves", json=move, headers=house.auth(mover))
    assert third.status_code == 200, "a repeat past the limit is answered like the first"
    assert_problem(house.move(mover, table_id, mine["current"]["legal"][0], theirs["version"]),
                   429, "rate_limited")  # fmt: skip


def test_a_document_that_is_not_the_newest_costs_a_read_not_a_wrong_answer(standalone):
    house = standalone
    table_id, players = start_two_player_game(house)
    latest = watched(house, table_id)
    mover, mine = mover_of(house, table_id, players)
    del house.table_app.extensions[LATEST_DOCS]  # a move this process does not hear of
    assert (
        house.move(mover, table_id, mine["current"]["legal"][0], mine["version"]).status_code == 200
    )
    house.table_app.extensions[LATEST_DOCS] = latest
    mover, mine = mover_of(house, table_id, players)
    assert latest.get(table_id)[0] == mine["version"] - 1
    stale = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"] - 1)
    assert_problem(stale, 409, "stale_version")
    assert stale.json["current_version"] == mine["version"]
    fresh = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    assert fresh.status_code == 200, fresh.json
    assert store.load(house.r, table_id)["version"] == mine["version"] + 1


def test_a_revoked_token_cannot_move_from_the_newest_document(standalone):
    house = standalone
    table_id, players = start_two_player_game(house)
    watched(house, table_id)
    mover, mine = mover_of(house, table_id, players)
    house.r.incr(keys.token_generation(mover["id"]))
    refused = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    assert_problem(refused, 401, "token_revoked")
    assert store.load(house.r, table_id)["version"] == mine["version"], "nothing changed"


def test_a_lapsed_guest_cannot_move_from_the_newest_document(standalone):
    house = standalone
    table_id, players = start_two_player_game(house)
    watched(house, table_id)
    mover, mine = mover_of(house, table_id, players)
    house.r.delete(keys.account(mover["id"]))  # seven days away: the account lapsed
    refused = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    assert_problem(refused, 401, "account_gone")
    assert store.load(house.r, table_id)["version"] == mine["version"], "nothing changed"


def test_a_repeated_move_from_the_newest_document_is_applied_once(standalone):
    table_id, players = start_two_player_game(standalone)
    watched(standalone, table_id)
    assert_a_repeat_applies_once(standalone, table_id, players)


def test_on_a_cluster_a_move_starts_from_no_kept_document(house):
    kept = house.table_app.extensions[LATEST_DOCS]
    assert (kept is None) == connection.is_cluster(house.r)
