"""GET /api/lobby/games: the games, their seats and options, as the engines describe them."""

from __future__ import annotations

import pytest
from werkzeug.test import Client

from services.house import create_house
from shared.games import get_game, names
from tests.integration.harness import TEST_CONFIG


@pytest.fixture
def lobby(redis_url):
    return Client(create_house({**TEST_CONFIG, "REDIS_URL": redis_url}))


def test_the_games_and_their_options_come_from_the_engines(lobby):
    answer = lobby.get("/api/lobby/games")
    assert answer.status_code == 200
    games = {game["name"]: game for game in answer.json}
    assert list(games) == list(names())
    for name, game in games.items():
        engine = get_game(name)
        assert (game["title"], game["min_seats"], game["max_seats"]) == (
            engine.TITLE, engine.MIN_SEATS, engine.MAX_SEATS,
        )  # fmt: skip
        assert [option["name"] for option in game["options"]] == [o.name for o in engine.OPTIONS]
        assert all(option["description"] for option in game["options"])
        for option in game["options"]:
            assert option["default"] in option["choices"]
    assert games["speedlaunch"]["computer_only_from"] == 4
    partners = next(o for o in games["speedone"]["options"] if o["name"] == "partners")
    assert partners["seats"] == [4] and partners["choices"] == [False, True]
