"""Speedlaunch's known cards: what every seat saw a player take into its hand, in the view."""

from __future__ import annotations

import random

import shared.games.speedlaunch as sl
from tests.engines.test_speedlaunch import act, play, position
from tests.redaction import assert_hides, visible_cards

TAKE = {"type": "take"}
GAMES = 20
MOVES = 400  # of each random game: random players take often, so games run long


def known(state: dict, viewer: int | None = 0) -> list[dict]:
    return [player["known"] for player in sl.view(state, viewer)["players"]]


def test_a_new_game_knows_nothing():
    state = sl.new({}, 3, seed=5)
    assert known(state) == [{}, {}, {}]


def test_taking_the_ramp_makes_its_cards_known_to_every_seat():
    state = position(hands=["1 2", "5", "6"], ramp=["9", ("SAT", 9), "8"])
    act(state, TAKE)
    for viewer in (0, 1, 2, None):
        assert known(state, viewer) == [{"8": 1, "9": 1, "SAT": 1}, {}, {}]


def test_playing_a_known_kind_from_the_hand_forgets_as_many_down_to_none():
    state = position(hands=["10 9 1", "5"], ramp=["9", "9"], turn=1)
    act(state, TAKE)  # seat 1 now holds 5 9 9, both 9s known
    assert known(state) == [{}, {"9": 2}]
    act(state, play("10"))
    act(state, play("9"))
    assert known(state) == [{}, {"9": 1}]
    act(state, play("9"))
    act(state, play("9"))
    assert known(state) == [{}, {}]


def test_a_kind_played_beyond_what_is_known_leaves_none_known():
    state = position(hands=["3 3 3", "5 5"], ramp=["3"])
    act(state, TAKE)  # four 3s in the hand, one of them known
    act(state, play("5"))
    act(state, play("3 3 3"))
    assert known(state) == [{}, {}]


def test_open_stack_cards_played_do_not_touch_the_known_hand():
    state = position(hands=["7 1", "8 8"], stacks=[["- - 7"]], ramp=["7"])
    act(state, TAKE)
    act(state, play("8"))
    act(state, play(stacks=[0]))
    assert known(state) == [{"7": 1}, {}]


def test_an_asteroid_makes_the_ramp_known_in_its_targets_hand():
    state = position(hands=["AST 3", "5", "6"], ramp=["9", "4"])
    act(state, play("AST", target=2))
    assert known(state, 1) == [{}, {}, {"4": 1, "9": 1}]


def test_a_blind_card_too_high_is_known_with_the_ramp():
    state = position(hands=["1", "5"], stacks=[["10 - -"]], ramp=["4"])
    act(state, {"type": "blind", "stack": 0})
    assert known(state, 1) == [{"4": 1, "10": 1}, {}]


def test_a_new_deal_forgets_everything():
    state = position(hands=["1", "5", "6 6"], ramp=["9"], turn=1, rounds="everyone")
    act(state, TAKE)
    act(state, play("6"))
    assert known(state) == [{}, {"9": 1}, {}]  # the 5 was dealt: nobody saw it
    act(state, play("1"))  # seat 0 goes out: round 2 is dealt
    assert state["round"] == 2 and known(state) == [{}, {}, {}]


def test_known_cards_never_show_a_card_as_a_token():
    """Known cards are keys, counts by kind: the redaction check scans string values only,
    and what a seat holds beyond its own hand must never appear there as a card."""
    rng = random.Random(11)
    state = sl.new({}, 4, seed=11)
    shown = 0
    for _ in range(MOVES):
        seat = sl.to_move(state)
        if seat is None:
            break
        for viewer in (*range(4), None):
            assert_hides(
                sl.view(state, viewer), visible_cards(sl, state, viewer), frozenset(sl.DECK), "view"
            )
        shown += any(known(state))
        sl.apply(state, seat, rng.choice(sl.legal_moves(state, seat)))
    assert shown, "no position with known cards was checked"


def test_known_never_exceeds_the_hand_in_random_games():
    rng = random.Random(2)
    for seed in range(GAMES):
        state = sl.new({}, 3, seed=seed)
        for _ in range(MOVES):
            seat = sl.to_move(state)
            if seat is None:
                break
            for hand, held in zip(state["hands"], state["known"], strict=True):
                assert all(count <= hand.get(kind, 0) for kind, count in held.items())
            sl.apply(state, seat, rng.choice(sl.legal_moves(state, seat)))
