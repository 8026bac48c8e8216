"""The reference players of bench/opponents/ play whole games through the engines' own move
path: every move they make is one of the seat's legal moves, at 2 and at 4 seats."""

from __future__ import annotations

import random

import pytest

from bench.opponents import GAMES, reference
from bench.tournament import OPTIONS
from shared.games import get_game
from shared.strategies import choose


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game", GAMES)
def test_a_reference_plays_a_whole_game_with_legal_moves(game, seats):
    engine, rng = get_game(game), random.Random(7)
    state = engine.new(OPTIONS[game], seats, 30 + seats)
    moves = 0
    while (seat := engine.to_move(state)) is not None:
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        if seat % 2:
            move = choose(game, view, legal, "normal", rng)
        else:
            move = reference(game).choose(view, legal, rng)
            assert move in legal
            moves += 1
        engine.apply(state, seat, move)
    assert moves and engine.result(state) is not None
