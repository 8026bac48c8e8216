"""Ratings: every booked game that the rules score moves each human's rating once — retries,
duplicates and concurrent workers included — and the ledger's routes show them."""

from __future__ import annotations

import json
import threading

import pytest

from services.ledger.app import create_app
from services.ledger.bookings import book_game
from shared import connection, keys
from shared.auth import issue_token
from shared.ratings import PROVISIONAL_SIGMA, START_MU, Rating, computer_rating
from tests.integration.harness import assert_problem
from tests.integration.test_ledger_bookings import ENDED, launch_booking
from tests.seats import seats


@pytest.fixture
def app(redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_WAIT_REPLICAS", "0")
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "REDIS_WAIT_REPLICAS": 0})


def rating(r, game, player) -> Rating:
    return Rating.decode(r.hget(keys.ratings(game), player))


def history(r, player, game="speedlaunch") -> list[dict]:
    return [json.loads(entry) for entry in r.lrange(keys.rating_history(player, game), 0, -1)]


def tower(game_id, places, kinds="hh", left=(), seconds=300.0, strength=None):
    players = seats(kinds, left)
    for seat in players:
        if seat["kind"] == "computer":
            seat["strength"] = strength
    winner = places.index(1) if places.count(1) == 1 else None
    return {
        "game_id": game_id, "table": game_id.split("-")[0], "game": "speedtower",
        "started_at": ENDED - seconds, "ended_at": ENDED, "seats": players,
        "result": {"places": list(places), "winner": winner,
                   "stock_left": [0 if p == 1 else 5 for p in places],
                   "stock_built": [20 if p == 1 else 15 for p in places]},
    }  # fmt: skip


def test_a_game_rated_twice_is_rated_once(r):
    booking = launch_booking(places=(2, 1, 1, 4), stake=0)
    book_game(booking, r)
    book_game(booking, r)
    assert [len(history(r, f"p{seat}")) for seat in range(4)] == [1, 1, 1, 1]
    after = [rating(r, "speedlaunch", f"p{seat}") for seat in range(4)]
    assert after[1].mu == after[2].mu > START_MU > after[3].mu  # ties share a change
    assert all(one.games == 1 and one.provisional for one in after)
    entry = history(r, "p1")[0]
    assert entry["before"] == 1500 and entry["change"] == entry["after"] - 1500 > 0
    assert (entry["table"], entry["no"], entry["vs_computers"]) == ("t1", 1, False)


def test_concurrent_workers_rate_every_game_once(r, redis_url):
    bookings = [launch_booking(f"t{n}-1", places=(1, 2, 3, 4), stake=0) for n in range(6)]
    start = threading.Barrier(12)

    def run(booking):
        with connection.connect(redis_url) as own:
            start.wait()
            book_game(booking, own)

    threads = [threading.Thread(target=run, args=(b,)) for b in bookings + bookings]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [rating(r, "speedlaunch", f"p{seat}").games for seat in range(4)] == [6, 6, 6, 6]
    assert len(history(r, "p0")) == 6
    changes = [entry["change"] for entry in history(r, "p0")]
    assert all(change > 0 for change in changes)  # each update started from the last


def test_a_leaver_is_rated_last_whatever_the_computer_achieved_in_the_seat(r):
    book_game(launch_booking(places=(1, 2, 3, 4), left=(0,), stake=0), r)
    assert rating(r, "speedlaunch", "p0").mu < rating(r, "speedlaunch", "p3").mu < START_MU


def test_a_game_the_rules_do_not_score_is_not_rated(r):
    book_game(tower("t1-1", (1, 2), seconds=60), r)  # Speedtower under 90 s
    assert r.hlen(keys.ratings("speedtower")) == 0 and not r.exists(keys.rated("t1-1"))


def test_computers_keep_their_fixed_rating_and_the_game_is_marked(r):
    book_game(tower("t1-1", (1, 2), kinds="hc", strength="stark"), r)
    entry = history(r, "p0", "speedtower")[0]
    assert entry["vs_computers"] is True and entry["change"] > 0
    assert r.hkeys(keys.ratings("speedtower")) == ["p0"]
    stark = computer_rating("speedtower", "stark")
    assert stark == computer_rating("speedtower", "stark")  # read from the checked-in file


def test_partners_move_together(r):
    booking = {
        "game_id": "t1-1", "table": "t1", "game": "speedone", "started_at": ENDED - 600,
        "ended_at": ENDED, "seats": seats("hhhh"),
        "result": {"places": [1, 2, 1, 2], "rounds_won": [2, 1, 1, 0],
                   "team_totals": [500, 200], "left": []},
    }  # fmt: skip
    book_game(booking, r)
    after = [rating(r, "speedone", f"p{seat}") for seat in range(4)]
    assert after[0].mu == after[2].mu > START_MU > after[1].mu == after[3].mu


def test_a_rating_is_established_after_enough_games_and_then_on_the_board(r, app):
    r.hset(keys.ratings("speedtower"), "p1", Rating(1500, 80, 50).encode())  # established
    for n in range(15):  # p0 wins two of three
        book_game(tower(f"t{n}-1", (2, 1) if n % 3 == 2 else (1, 2)), r)
    winner = rating(r, "speedtower", "p0")
    assert winner.sigma < PROVISIONAL_SIGMA and not winner.provisional
    assert r.zscore(keys.rating_board("speedtower"), "p0") == winner.shown
    r.set(keys.account_name("P0"), "p0")
    r.hset(keys.account("p0"), "name", "P0")
    r.set(keys.account_name("P1"), "p1")
    with app.app_context():
        token = issue_token({"id": "p1", "name": "P1", "guest": False})
    auth = {"Authorization": f"Bearer {token}"}
    client = app.test_client()
    board = client.get("/ratings/speedtower", headers=auth).get_json()
    loser = rating(r, "speedtower", "p1")
    assert [(e["rank"], e["name"], e["rating"]) for e in board["top"]] == [
        (1, "P0", winner.shown),
        (2, "P1", loser.shown),
    ]
    assert board["me"]["rank"] == 2 and board["me"]["rating"] == loser.shown
    assert [c["strength"] for c in board["computers"]] in ([], ["leicht", "normal", "stark"])
    named = client.get("/ratings/speedtower/players?name=P0&name=nobody&name=P1", headers=auth)
    assert [(p["name"], p["provisional"]) for p in named.get_json()["players"]] == [
        ("P0", False),
        ("P1", False),
    ]
    page = client.get("/players/P0/ratings?points=3", headers=auth).get_json()
    tower_rating = next(g for g in page["games"] if g["game"] == "speedtower")
    assert tower_rating["rating"] == winner.shown and tower_rating["games"] == 15
    assert [e["table"] for e in tower_rating["history"]] == ["t12", "t13", "t14"]
    booked = client.get("/tables/t14/games/1", headers=auth).get_json()
    assert booked["seats"][0]["rating"]["after"] == winner.shown
    assert booked["seats"][1]["rating"]["change"] > 0 > booked["seats"][0]["rating"]["change"]


def test_rating_routes_refuse_what_they_cannot_answer(app):
    with app.app_context():
        token = issue_token({"id": "p1", "name": "P1", "guest": False})
    auth = {"Authorization": f"Bearer {token}"}
    client = app.test_client()
    assert_problem(client.get("/ratings/poker", headers=auth), 404, "unknown_game")
    assert_problem(client.get("/ratings/speedone"), 401)
    too_many = "&".join(f"name=n{i}" for i in range(13))
    assert_problem(client.get(f"/ratings/speedone/players?{too_many}", headers=auth), 400)
    assert_problem(client.get("/players/nobody/ratings", headers=auth), 404, "no_such_player")
    assert_problem(client.get("/ratings/speedone?limit=0", headers=auth), 400)


def test_the_rating_routes_are_in_the_openapi_document(app):
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    assert {"/ratings/{game}", "/ratings/{game}/players", "/players/{name}/ratings"} <= set(paths)
    seat = app.test_client().get("/openapi.json").get_json()["components"]["schemas"]
    assert "rating" in seat["SeatBooking"]["properties"]
