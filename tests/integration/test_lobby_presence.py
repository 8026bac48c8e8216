"""Lobby presence: heartbeats, the list of who is online, and how presence runs out."""

from __future__ import annotations

import time

import pytest
import redis

from services.lobby import players
from shared import keys
from tests.integration.test_lobby_accounts import assert_problem, bearer, lobby_app, open_guest


@pytest.fixture
def client(redis_url):
    return lobby_app(redis_url).test_client()


@pytest.fixture
def r(redis_url):
    return redis.Redis.from_url(redis_url, decode_responses=True)


def test_a_heartbeat_puts_the_caller_on_the_list(client):
    anna, bert = open_guest(client, "anna"), open_guest(client, "Bert")
    assert client.post("/online", headers=bearer(bert)).status_code == 204
    assert client.post("/online", headers=bearer(anna)).status_code == 204
    listed = client.get("/online", headers=bearer(anna)).json
    assert listed["count"] == 2
    assert [p["name"] for p in listed["players"]] == ["anna", "Bert"]
    assert [p["you"] for p in listed["players"]] == [True, False]
    assert all("id" not in p for p in listed["players"]), "player ids never leave the house"
    assert listed["players"][0]["seen_at"] == pytest.approx(time.time(), abs=5)


def test_listing_does_not_count_as_a_heartbeat(client):
    anna = open_guest(client, "Anna")
    assert client.get("/online", headers=bearer(anna)).json == {"players": [], "count": 0}


def test_presence_runs_out_after_a_minute(client, r):
    anna, bert = open_guest(client, "Anna"), open_guest(client, "Bert")
    client.post("/online", headers=bearer(anna))
    long_ago = time.time() - players.ONLINE_WINDOW - 1
    r.zadd(keys.online_of(bert["player"]["id"]), {bert["player"]["id"]: long_ago})
    listed = client.get("/online", headers=bearer(anna)).json
    assert [p["name"] for p in listed["players"]] == ["Anna"]
    assert listed["count"] == 1
    assert r.zscore(keys.online_of(bert["player"]["id"]), bert["player"]["id"]) is None


def test_a_lapsed_account_is_not_listed(client, r):
    anna, bert = open_guest(client, "Anna"), open_guest(client, "Bert")
    client.post("/online", headers=bearer(anna))
    client.post("/online", headers=bearer(bert))
    r.delete(keys.account(bert["player"]["id"]))
    assert [p["name"] for p in client.get("/online", headers=bearer(anna)).json["players"]] == [
        "Anna"
    ]


def test_the_list_is_bounded_to_the_most_recently_seen(client, r):
    anna = open_guest(client, "Anna")
    now = time.time()
    for number in range(players.ONLINE_LIST_MAX + 5):
        player = players.create_account(r, f"Gast {number}", None, now)
        r.zadd(keys.online_of(player["id"]), {player["id"]: now - 30 + number / 100})
    client.post("/online", headers=bearer(anna))
    listed = client.get("/online", headers=bearer(anna)).json
    assert listed["count"] == players.ONLINE_LIST_MAX + 6
    names = [p["name"] for p in listed["players"]]
    assert len(names) == players.ONLINE_LIST_MAX
    assert "Anna" in names
    assert "Gast 0" not in names
    assert names == sorted(names, key=str.casefold)


def test_presence_needs_a_token(client):
    assert_problem(client.post("/online"), 401)
    assert_problem(client.get("/online"), 401)
    assert_problem(client.get("/online", headers={"Authorization": "Bearer forged"}), 401)
