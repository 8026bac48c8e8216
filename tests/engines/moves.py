"""Scenario steps shared by the engines' rule tests: a legal move made, an illegal one refused."""

from __future__ import annotations

import json
import random

import pytest

from shared.games.base import IllegalMove


def act(game, state: dict, move: dict) -> list[dict]:
    """The seat to move makes ``move``, which legal_moves must list."""
    seat = game.to_move(state)
    assert move in game.legal_moves(state, seat), f"{move} not among the legal moves"
    return game.apply(state, seat, move)


def refuse(game, state: dict, move, reason: str, seat: int | None = None) -> None:
    """``move`` (by the seat to move, or ``seat``) is refused with ``reason``, is not
    listed, and changes nothing."""
    seat = game.to_move(state) if seat is None else seat
    before = json.dumps(state, sort_keys=True)
    assert move not in game.legal_moves(state, seat)
    with pytest.raises(IllegalMove, match=reason):
        game.apply(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before


def play_on(game, state: dict, seed: int = 0) -> dict:
    """Random legal moves until the game is over (a card shed rather than one drawn, taken
    or taken back, where the seat can); the result."""
    rng = random.Random(seed)
    for _ in range(game.MAX_MOVES):
        seat = game.to_move(state)
        if seat is None:
            return game.result(state)
        legal = game.legal_moves(state, seat)
        active = [move for move in legal if move["type"] not in ("draw", "take", "undo")]
        game.apply(state, seat, rng.choice(active or legal))
    raise AssertionError(f"{game.NAME} did not end within {game.MAX_MOVES} moves")
