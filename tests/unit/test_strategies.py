"""Every strategy of every game returns one of the legal moves, from positions reached by
random play, and sees only the seat's view."""

from __future__ import annotations

import random

import pytest

from shared.games import get_game, names
from shared.strategies import STRENGTHS, choose

GAMES_PER_ENGINE = 6
SAMPLE = 0.2
CHECKS_PER_GAME = 40  # a random Speedone game runs to thousands of decisions


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("game_name", names())
def test_strategy_returns_a_legal_move(game_name, strength):
    engine = get_game(game_name)
    rng = random.Random(f"{game_name}:{strength}")
    checked = 0
    for index in range(GAMES_PER_ENGINE):
        state = engine.new({}, 2 + index % (engine.MAX_SEATS - 1), index)
        in_game = 0
        while (seat := engine.to_move(state)) is not None:
            legal = engine.legal_moves(state, seat)
            if in_game < CHECKS_PER_GAME and rng.random() < SAMPLE:
                move = choose(game_name, engine.view(state, seat), legal, strength, rng)
                assert move in legal, f"{game_name}/{strength} chose {move}"
                in_game += 1
                engine.apply(state, seat, move)
            else:
                engine.apply(state, seat, rng.choice(legal))
        checked += in_game
    assert checked > 0
