"""The ledger's read-only player page and the booking of one game: games, wins, points and
rank per game, the last games with place, points and Taler; per seat what a game gave."""

import json

from services.ledger.bookings import book_game
from shared import keys
from tests.integration import test_ledger_routes
from tests.integration.harness import assert_problem
from tests.integration.test_ledger_routes import auth, speedone
from tests.stakes import pay_in

app, r = test_ledger_routes.app, test_ledger_routes.r  # the same ledger app and Redis client


def account(r, player_id, name):
    r.set(keys.account_name(name), player_id)
    r.hset(keys.account(player_id), mapping={"id": player_id, "name": name})


def test_a_player_page_lists_games_rank_and_recent_games(app, r):
    account(r, "ann", "Ann")
    pay_in(r, "ta-1", ["ann", "bo"], 50)
    first = speedone("ta-1", ["ann", "bo"], [1, 2], [3, 1]) | {"stake": 50}
    book_game(first, r)
    book_game(speedone("tb-2", ["bo", "ann"], [1, 2], [3, 0]), r)
    client = app.test_client()
    response = client.get("/players/ANN", headers=auth(app, "bo"))
    assert response.status_code == 200, response.json
    body = response.json
    assert body["name"] == "Ann"
    one = next(entry for entry in body["games"] if entry["game"] == "speedone")
    assert (one["played"], one["won"]) == (2, 1)
    assert one["points"] == r.zscore(keys.leaderboard("speedone", "all"), "ann")
    assert one["rank"] in (1, 2)
    launch = next(entry for entry in body["games"] if entry["game"] == "speedlaunch")
    assert launch == {"game": "speedlaunch", "played": 0, "won": 0, "unscored": 0, "no_bonus": 0,
                      "short_under": 120, "points": 0, "rank": None}  # fmt: skip
    newest, oldest = body["recent"]
    assert (newest["table"], newest["no"], newest["place"], newest["won"]) == ("tb", 2, 2, False)
    assert (oldest["table"], oldest["no"], oldest["place"], oldest["won"]) == ("ta", 1, 1, True)
    assert oldest["taler"] == 50 and newest["taler"] == 0  # the pot of two stakes, minus one's own
    limited = client.get("/players/ann?recent=1", headers=auth(app, "bo")).json
    assert [entry["table"] for entry in limited["recent"]] == ["tb"]


def test_the_booking_of_a_game_per_seat(app, r):
    pay_in(r, "tc-1", ["ann", "bo"], 30)
    booked = book_game(speedone("tc-1", ["ann", "bo"], [2, 1], [1, 3]) | {"stake": 30}, r)
    response = app.test_client().get("/tables/tc/games/1", headers=auth(app, "eve"))
    assert response.status_code == 200, response.json
    body = response.json
    assert (body["game"], body["stake"], body["scored"]) == ("speedone", 30, True)
    ann, bo = body["seats"]
    assert (ann["place"], ann["won"], ann["taler"]) == (2, False, -30)
    assert (bo["place"], bo["won"], bo["taler"]) == (1, True, 30)
    assert ann["points"] == booked["points"]["ann"] and bo["points"] == booked["points"]["bo"]
    assert "ann" not in response.get_data(as_text=True)  # player ids never leave


def test_a_game_over_and_not_booked_yet_is_no_error_but_202_until_it_is_booked(app, r):
    game = speedone("te-1", ["ann", "bo"], [1, 2], [3, 1])
    r.hset(keys.table_unbooked("te"), "te-1", json.dumps(game))  # (as the game's end leaves it)
    client = app.test_client()
    pending = client.get("/tables/te/games/1", headers=auth(app, "ann"))
    assert pending.status_code == 202 and pending.json == {"booked": False}
    assert pending.headers["Retry-After"] == "1"
    book_game(game, r)
    booked = client.get("/tables/te/games/1", headers=auth(app, "ann"))
    assert booked.status_code == 200 and booked.json["booked"] is True


def test_unknown_players_and_games_no_table_had_are_404_problems(app):
    client = app.test_client()
    headers = auth(app, "ann")
    assert assert_problem(client.get("/players/nobody", headers=headers), 404)["code"] == (
        "no_such_player"
    )
    assert assert_problem(client.get("/tables/zz/games/1", headers=headers), 404)["code"] == (
        "no_such_game"
    )
    assert_problem(client.get("/players/ann"), 401)
