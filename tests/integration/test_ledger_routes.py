"""The ledger's read routes: leaderboards and the Bilanz, with problem bodies for errors."""

import time

import pytest
import redis

from services.ledger.app import create_app
from services.ledger.bookings import book_game
from shared.auth import issue_token
from tests.integration.harness import assert_problem
from tests.stakes import pay_in


@pytest.fixture
def app(redis_url):
    return create_app({"REDIS_URL": redis_url, "TESTING": True})


@pytest.fixture
def r(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def auth(app, player_id):
    with app.app_context():
        token = issue_token({"id": player_id, "name": player_id.title(), "guest": False})
    return {"Authorization": f"Bearer {token}"}


def speedone(game_id, players, places, rounds_won, ended_at=None):
    ended_at = ended_at or time.time()
    return {
        "game_id": game_id,
        "table": game_id.split("-")[0],
        "game": "speedone",
        "started_at": ended_at - 600,
        "ended_at": ended_at,
        "stake": 0,
        "seats": [
            {"seat": seat, "kind": "human", "player": player, "name": player.upper()}
            for seat, player in enumerate(players)
        ],
        "result": {"places": places, "rounds_won": rounds_won, "left": []},
    }


@pytest.mark.parametrize("path", ["/leaderboards/speedone", "/balance"])
def test_routes_need_a_bearer_token(app, path):
    client = app.test_client()
    assert "bearer token" in assert_problem(client.get(path), 401)["detail"]
    bad = {"Authorization": "Bearer forged"}
    assert assert_problem(client.get(path, headers=bad), 401)["detail"] == "The token is not valid."


def test_an_unknown_game_is_a_404_problem(app):
    response = app.test_client().get("/leaderboards/poker", headers=auth(app, "ann"))
    assert "speedlaunch" in assert_problem(response, 404)["detail"]


@pytest.mark.parametrize("query", ["period=week", "limit=0", "limit=101", "limit=x"])
def test_bad_queries_are_400_problems(app, query):
    response = app.test_client().get(f"/leaderboards/speedone?{query}", headers=auth(app, "ann"))
    assert assert_problem(response, 400)["errors"]


def test_leaderboard_lists_the_best_with_shared_ranks_and_the_callers_standing(app, r):
    book_game(speedone("t1-1", ["ann", "bo", "cy", "dee"], [1, 2, 2, 4], [3, 1, 1, 0]), r)
    book_game(speedone("t1-2", ["ann", "eve"], [2, 1], [0, 2], ended_at=1_600_000_000.0), r)
    client = app.test_client()
    body = client.get("/leaderboards/speedone?limit=3", headers=auth(app, "dee")).get_json()
    assert body["period"] == "all" and body["month"] is None and body["players"] == 5
    assert [(e["rank"], e["name"], e["points"], e["you"]) for e in body["top"]] == [
        (1, "ANN", 60, False),
        (2, "EVE", 50, False),
        (3, "CY", 25, False),
    ]
    assert body["me"] == {"rank": 5, "name": "Dee", "points": 0, "you": True}
    body = client.get("/leaderboards/speedone?limit=5", headers=auth(app, "bo")).get_json()
    assert [e["rank"] for e in body["top"]] == [1, 2, 3, 3, 5]
    assert body["me"]["rank"] == 3


def test_the_month_board_holds_only_this_months_games(app, r):
    book_game(speedone("t1-1", ["ann", "bo"], [1, 2], [3, 1]), r)
    book_game(speedone("t1-2", ["ann", "eve"], [2, 1], [0, 2], ended_at=1_600_000_000.0), r)
    headers = auth(app, "eve")
    body = app.test_client().get("/leaderboards/speedone?period=month", headers=headers)
    body = body.get_json()
    assert body["month"] == time.strftime("%Y-%m", time.gmtime())
    assert [(e["name"], e["points"]) for e in body["top"]] == [("ANN", 60), ("BO", 10)]
    assert body["me"] == {"rank": None, "name": "Eve", "points": 0, "you": True}


def test_a_token_in_the_url_is_not_accepted(app):
    """Tokens travel only in the Authorization header: URLs end up in logs and history."""
    token = auth(app, "ann")["Authorization"].split()[1]
    response = app.test_client().get(f"/leaderboards/speedtower?token={token}&limit=1")
    assert assert_problem(response, 401)["code"] == "token_missing"


def test_a_new_players_bilanz(app):
    body = app.test_client().get("/balance", headers=auth(app, "ann")).get_json()
    assert body == {
        "player": "ann",
        "balance": 1000,
        "entries": [],
        "games": [
            {
                "game": "speedlaunch",
                "played": 0,
                "won": 0,
                "unscored": 0,
                "no_bonus": 0,
                "short_under": 120,
            },
            {
                "game": "speedtower",
                "played": 0,
                "won": 0,
                "unscored": 0,
                "no_bonus": 0,
                "short_under": 90,
            },
            {
                "game": "speedone",
                "played": 0,
                "won": 0,
                "unscored": 0,
                "no_bonus": 0,
                "short_under": None,
            },
        ],
    }


def test_the_bilanz_after_a_staked_game(app, r):
    pay_in(r, "t1-1", ["ann", "bo"], 40)
    book_game(speedone("t1-1", ["ann", "bo"], [1, 2], [3, 1]) | {"stake": 40}, r)
    client = app.test_client()
    body = client.get("/balance?entries=2", headers=auth(app, "ann")).get_json()
    assert body["balance"] == 1040
    assert [(e["reason"], e["amount"], e["balance"], e["game"]) for e in body["entries"]] == [
        ("pot", 80, 1040, "t1-1"),
        ("stake", -40, 960, "t1-1"),
    ]
    assert body["entries"][0]["at"] == pytest.approx(time.time(), abs=60)
    assert body["games"][2] == {
        "game": "speedone",
        "played": 1,
        "won": 1,
        "unscored": 0,
        "no_bonus": 0,
        "short_under": None,
    }
    loser = client.get("/balance", headers=auth(app, "bo")).get_json()
    assert (loser["balance"], loser["games"][2]["won"]) == (960, 0)
    assert_problem(client.get("/balance?entries=101", headers=auth(app, "bo")), 400)


def test_every_route_is_in_the_openapi_document(app):
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    assert {"/leaderboards/{game}", "/balance"} <= set(paths)
    assert {"401", "404"} <= set(paths["/leaderboards/{game}"]["get"]["responses"])
