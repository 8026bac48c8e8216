"""Quick play: players asking at two lobby instances meet in one pool in Redis and are seated
at tables that start when full; the rating window, computers after the wait, leaving, a
second request and a closed tab."""

from __future__ import annotations

import threading
import time

import pytest

from services.lobby import matching
from services.lobby.app import create_app
from shared import keys, store
from shared.auth import issue_token
from shared.ratings import Rating
from shared.web import redis_client
from tests.integration.harness import TEST_CONFIG, assert_problem

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def instances(redis_url, monkeypatch):
    """Two lobby instances on one Redis, as behind the edge."""
    monkeypatch.setenv("REDIS_WAIT_REPLICAS", "0")
    config = {**TEST_CONFIG, "REDIS_URL": redis_url, "REDIS_WAIT_REPLICAS": 0,
              "QUICKPLAY_RATE_LIMIT": 0}  # fmt: skip
    return [create_app(config), create_app(config)]


def player(app, name: str) -> dict:
    """A guest with an account (a guest's token is good while its account exists)."""
    who = {"id": f"p-{name.lower()}", "name": name, "guest": True}
    with app.app_context():
        redis_client().hset(keys.account(who["id"]), mapping={**who, "guest": "1"})
        who["auth"] = {"Authorization": f"Bearer {issue_token(who)}"}
    return who


def ask(app, who, **body):
    response = app.test_client().post("/quickplay", json=body, headers=who["auth"])
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def status(app, who):
    response = app.test_client().get("/quickplay", headers=who["auth"])
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def rate(r, game, player_id, mu, sigma=80.0):
    r.hset(keys.ratings(game), player_id, Rating(mu, sigma, 30).encode())


def test_two_players_at_two_instances_are_seated_at_one_started_table(instances, r):
    a, b = instances
    ann, bob = player(a, "Ann"), player(b, "Bob")
    first = ask(a, ann, game="speedone", seats=2, clock=60)
    assert first["state"] == "waiting" and first["waiting"] == 1 and first["window"] == 100
    second = ask(b, bob, game="speedone", seats=2, clock=60)
    assert second["state"] == "matched"
    picked_up = status(a, ann)
    assert picked_up["state"] == "matched" and picked_up["table"] == second["table"]
    doc = store.load(r, second["table"])
    assert doc["status"] == "playing" and doc["settings"]["clock"] == 60
    assert sorted(seat["player"] for seat in doc["seats"]) == ["p-ann", "p-bob"]
    assert r.hlen(keys.quickplay_entries("speedone", 60)) == 0
    assert second["table"] in store.player_table_ids(r, "p-ann")


def test_players_arriving_at_both_instances_at_once_are_each_seated_once(instances, r):
    players = [player(instances[0], f"P{n}") for n in range(12)]
    answers, start = {}, threading.Barrier(len(players))

    def arrive(index, who):
        app = instances[index % 2]
        start.wait()
        answers[who["id"]] = ask(app, who, game="speedtower", seats=3, clock=0)

    threads = [threading.Thread(target=arrive, args=item) for item in enumerate(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tables = {}
    for index, who in enumerate(players):
        table_id = status(instances[index % 2], who)["table"]
        assert table_id, who
        tables.setdefault(table_id, []).append(who["id"])
    assert len(tables) == 4 and all(len(ids) == 3 for ids in tables.values())
    for table_id, ids in tables.items():
        doc = store.load(r, table_id)
        assert doc["status"] == "playing"
        assert sorted(seat["player"] for seat in doc["seats"]) == sorted(ids)


def test_the_rating_window_widens_with_the_wait(r):
    rate(r, "speedone", "p-ann", 1500)
    rate(r, "speedone", "p-cy", 1800)
    now = 1_000_000.0
    ann, cy = {"id": "p-ann", "name": "Ann"}, {"id": "p-cy", "name": "Cy"}
    request = matching.Request("speedone", 120, 2)
    assert isinstance(matching.enqueue(r, ann, request, 1500, now, "t1"), dict)
    assert isinstance(matching.enqueue(r, cy, request, 1800, now + 1, "t2"), dict)
    assert isinstance(matching.poll(r, "p-ann", now + 15, "t3"), dict)  # ±250: not yet
    assert isinstance(matching.poll(r, "p-cy", now + 15, "t4"), dict)
    found = matching.poll(r, "p-ann", now + 21, "t5")  # ±310 and ±300 cover the 300
    assert isinstance(found, matching.Match) and found.table_id == "t5"
    assert sorted(p["id"] for p in found.players) == ["p-ann", "p-cy"]
    assert matching.matched(r, "p-cy")["table"] == "t5"


def test_any_seat_count_takes_the_largest_full_table(r):
    now = 2_000_000.0
    request = matching.Request("speedone", 120, None)
    for name in ("A", "B", "C"):
        found = matching.enqueue(r, {"id": name, "name": name}, request, 1500, now, "t0")
        assert isinstance(found, dict) if name != "B" else isinstance(found, matching.Match)
        if isinstance(found, matching.Match):  # the second one makes two
            assert found.seats == 2


def test_after_the_wait_free_seats_go_to_computers_of_a_matching_strength(instances, r):
    a = instances[0]
    ann = player(a, "Ann")
    ask(a, ann, game="speedtower", seats=4, clock=0, computers_after=5)
    now = time.time()
    found = matching.poll(r, "p-ann", now + 6, "tq1")
    assert isinstance(found, matching.Match) and found.seats == 4
    with a.app_context():
        from services.lobby.quickplay import start_matched_table
        from shared.web import table_context

        doc = start_matched_table(table_context(), found)
    assert doc["status"] == "playing"
    kinds = sorted(seat["kind"] for seat in doc["seats"])
    assert kinds == ["computer", "computer", "computer", "human"]
    assert {s["strength"] for s in doc["seats"] if s["kind"] == "computer"} == {"normal"}
    assert doc["settings"]["fill"] == "computer"


def test_only_players_who_allow_computers_get_them(r):
    now = 3_000_000.0
    only_humans = matching.Request("speedtower", 0, 3)
    with_computers = matching.Request("speedtower", 0, 3, computers_after=10)
    matching.enqueue(r, {"id": "h", "name": "H"}, only_humans, 1500, now, "t0")
    matching.enqueue(r, {"id": "c", "name": "C"}, with_computers, 1500, now, "t0")
    found = matching.poll(r, "c", now + 11, "t1")
    assert isinstance(found, matching.Match) and [p["id"] for p in found.players] == ["c"]
    assert isinstance(matching.poll(r, "h", now + 11, "t2"), dict)  # still waiting


def test_leaving_and_a_second_request(instances, r):
    a, b = instances
    ann = player(a, "Ann")
    ask(a, ann, game="speedone", seats=3, clock=30)
    again = ask(b, ann, game="speedone", seats=4, clock=30)  # same room: the wait goes on
    assert again["state"] == "waiting" and again["seats"] == 4 and again["waiting"] == 1
    assert r.zcard(keys.quickplay_pool("speedone", 30, 3)) == 0
    moved = ask(b, ann, game="speedlaunch", clock=90)  # another room: out of the first
    assert moved["game"] == "speedlaunch" and moved["seats"] is None
    assert r.hlen(keys.quickplay_entries("speedone", 30)) == 0
    assert r.zcard(keys.quickplay_pool("speedlaunch", 90, 6)) == 1
    response = a.test_client().delete("/quickplay", headers=ann["auth"])
    assert response.status_code == 204
    assert status(b, ann) == {"state": "idle", "table": None}
    assert r.zcard(keys.quickplay_pool("speedlaunch", 90, 6)) == 0
    assert a.test_client().delete("/quickplay", headers=ann["auth"]).status_code == 204


def test_a_player_gone_quiet_is_not_seated(r):
    now = 4_000_000.0
    request = matching.Request("speedone", 120, 2)
    matching.enqueue(r, {"id": "gone", "name": "Gone"}, request, 1500, now, "t0")
    later = now + matching.STALE_SECONDS + 1
    assert isinstance(matching.enqueue(r, {"id": "new", "name": "New"}, request, 1500, later,
                                       "t1"), dict)  # fmt: skip
    assert r.hget(keys.QUICKPLAY_ROOMS, "gone") is None


@pytest.mark.parametrize(
    "body",
    [
        {"game": "poker"},
        {"game": "speedone", "seats": 7},
        {"game": "speedtower", "seats": 5},
        {"game": "speedone", "clock": 45},
        {"game": "speedone", "computers_after": 1},
        {"game": "speedone", "seats": "2"},
    ],
)
def test_requests_the_house_cannot_serve_are_400_problems(instances, r, body):
    ann = player(instances[0], "Ann")
    response = instances[0].test_client().post("/quickplay", json=body, headers=ann["auth"])
    assert_problem(response, 400)
    assert r.hget(keys.QUICKPLAY_ROOMS, "p-ann") is None


def test_quick_play_is_in_the_openapi_document(instances):
    paths = instances[0].test_client().get("/openapi.json").get_json()["paths"]
    assert {"get", "post", "delete"} <= set(paths["/quickplay"])


def test_requests_that_keep_racing_are_a_409_problem_and_change_nothing(instances, monkeypatch, r):
    """When the player's own requests keep changing the entry (other tabs, other instances)
    past every attempt, the answer is a "try again" problem, not a 500."""
    a, _ = instances
    ann = player(a, "Ann")
    monkeypatch.setattr(matching, "_run", lambda *args: ["retry"])
    for method in ("post", "delete"):
        if method == "delete":
            r.hset(keys.QUICKPLAY_ROOMS, ann["id"], "speedone:30")
        response = getattr(a.test_client(), method)(
            "/quickplay", json={"game": "speedone", "clock": 30}, headers=ann["auth"]
        )
        assert_problem(response, 409, "table_busy")
    assert r.zcard(keys.quickplay_pool("speedone", 30, 2)) == 0
