"""The round history in the views of Speedlaunch and Speedone: every ended round, the same
for every seat and a spectator, public (no card), and in step with the game's result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.games import get_game
from tests.redaction import assert_hides

SETTINGS = {
    "speedlaunch": {"rounds": "everyone"},
    "speedone": {"target": 200, "scoring": "each_their_own"},
}


def finish(name: str, seats: int, seed: int):
    """A game of random legal moves, with the views after every move."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new(SETTINGS[name], seats, seed, 0)
    rounds_seen = [0]
    for _ in range(game.MAX_MOVES):
        seat = game.to_move(state)
        if seat is None:
            break
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        history = game.view(state, None)["round_history"]
        assert len(history) >= rounds_seen[-1], "the history only grows"
        rounds_seen.append(len(history))
    return game, state


@pytest.mark.parametrize("seed", [1, 2])
def test_speedlaunch_lists_every_round_with_cards_left_and_minus(seed):
    game, state = finish("speedlaunch", 3, seed)
    result = game.result(state)
    views = [game.view(state, seat) for seat in [0, 1, 2, None]]
    history = views[0]["round_history"]
    assert all(view["round_history"] == history for view in views)
    assert len(history) == len(result["rounds"]) == 3  # everyone begins once
    assert [entry["round"] for entry in history] == [1, 2, 3]
    for entry, booked in zip(history, result["rounds"], strict=True):
        assert {key: entry[key] for key in ("winner", "first", "remaining")} == booked
    assert history[-1]["minus"] == result["minus"]
    assert_hides(history, Counter(), frozenset(game.DECK), "round history")


@pytest.mark.parametrize("seed", [3, 4])
def test_speedone_lists_every_round_with_points_scored_and_totals(seed):
    game, state = finish("speedone", 3, seed)
    result = game.result(state)
    views = [game.view(state, seat) for seat in [0, 1, 2, None]]
    history = views[0]["round_history"]
    assert all(view["round_history"] == history for view in views)
    assert [entry["round"] for entry in history] == list(range(1, len(history) + 1))
    assert history and history[-1]["totals"] == result["totals"]
    won = [sum(entry["winner"] == seat for entry in history) for seat in range(3)]
    assert won == result["rounds_won"]
    for entry in history:
        assert entry["winner"] is None or entry["points"][entry["winner"]] == 0
    assert_hides(history, Counter(), frozenset(game.DECK), "round history")
    assert game.snapshot(state)["round_history"] == history


def test_a_speedone_state_dealt_before_the_history_was_kept_shows_none():
    game = get_game("speedone")
    state = game.new(SETTINGS["speedone"], 2, 5, 0)
    del state["history"]
    assert game.view(game.upgrade(state), 0)["round_history"] == []
