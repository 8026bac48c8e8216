"""A table document stored before the engines' words were settled (Speedtower's "seat" and
"turn", Speedlaunch's phase "over") loads with its state in today's words and plays on."""

from __future__ import annotations

import json

import pytest

from shared import store
from shared.games import get_game
from tests.engines import test_speedlaunch_rounds, test_speedtower
from tests.engines.moves import play_on

OLDER = {"speedlaunch": test_speedlaunch_rounds.older, "speedtower": test_speedtower.older}


def stored(name: str, state: dict) -> dict:
    """The document as store.parse_doc reads it back, the state in an older house's words."""
    older = OLDER[name](state, get_game(name).to_move(state))
    return store.parse_doc("3", json.dumps({"game": name, "current": {"state": older}}))


@pytest.mark.parametrize("name", sorted(OLDER))
def test_a_running_game_stored_in_older_words_loads_and_plays_on(name):
    game = get_game(name)
    state = game.new({}, 2, seed="stored", first=0)
    seat = game.to_move(state)
    game.apply(state, seat, game.legal_moves(state, seat)[-1])
    loaded = stored(name, state)["current"]["state"]
    assert json.dumps(loaded, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert game.view(loaded, None)["turn"] == game.to_move(state)
    assert play_on(game, loaded) == play_on(game, state)
