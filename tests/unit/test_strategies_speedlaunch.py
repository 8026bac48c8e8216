"""The Speedlaunch computers at work: positions built card by card (seat 0 to move), the
decision taken under several seeds, checked by what it does through the engine."""

from __future__ import annotations

import copy
import random

import pytest

import shared.games.speedlaunch as sl
from shared.strategies import choose
from shared.strategies.speedlaunch import lookahead, world
from shared.strategies.speedlaunch.odds import Odds
from shared.strategies.speedlaunch.position import fitting
from shared.strategies.speedlaunch.reflex import cautious, reflex
from tests.engines.test_speedlaunch import position

PLANNERS = ("normal", "stark")
SEEDS = range(5)
LOW_AND_SPECIAL = [str(value) for value in range(1, 5) for _ in range(10)] + [
    *["SAT"] * 7,
    *["AST"] * 7,
    *["HOLE"] * 6,
]


def decisions(state: dict, strength: str) -> list[dict]:
    """The moves the computer makes for the seat to move, one per seed."""
    seat = sl.to_move(state)
    view, legal = sl.view(state, seat), sl.legal_moves(state, seat)
    moves = [choose("speedlaunch", view, legal, strength, random.Random(seed)) for seed in SEEDS]
    assert all(move in legal for move in moves)
    return moves


def outcome(state: dict, move: dict) -> list[str]:
    """The kinds of events ``move`` sets off, played on a copy of ``state``."""
    events = sl.apply(copy.deepcopy(state), sl.to_move(state), move)
    return [event["type"] for event in events]


@pytest.mark.parametrize("strength", PLANNERS)
def test_ignites_when_its_hand_holds_the_rest_of_the_four(strength):
    state = position(["2 7 7 10", "3 5 8 9 9"], ramp=["9", "7", "7"])
    for move in decisions(state, strength):
        assert "ignition" in outcome(state, move)


@pytest.mark.parametrize("strength", PLANNERS)
def test_swallows_a_big_ramp_with_a_black_hole_rather_than_take_it(strength):
    state = position(["9 10 HOLE", "3 5 8 9 9"], ramp=["8", "6", "5", "4", "3", "3"])
    for move in decisions(state, strength):
        assert "black_hole" in outcome(state, move)


@pytest.mark.parametrize("strength", PLANNERS)
def test_keeps_its_black_hole_while_a_card_fits(strength):
    state = position(["5 9 HOLE", "3 5 8 9 9"], ramp=["9"])
    for move in decisions(state, strength):
        assert move["type"] == "play" and "HOLE" not in move["hand"]


@pytest.mark.parametrize("strength", PLANNERS)
def test_sends_the_asteroid_to_the_player_closest_to_going_out(strength):
    hands = ["9 10 AST", "3 4 5 6 7 8 9 9 10 10 10 10", "6 7 8 9 10"]
    state = position(hands, ramp=["10", "9", "8", "7", "6", "5", "4", "3", "2"])
    for move in decisions(state, strength):
        assert move == {"type": "play", "hand": ["AST"], "target": 2}


@pytest.mark.parametrize("strength", PLANNERS)
def test_keeps_its_asteroid_while_a_card_fits(strength):
    state = position(["4 8 AST", "3 5 8 9 9", "2 6 7"], ramp=["9", "8"])
    for move in decisions(state, strength):
        assert move["type"] == "play" and "AST" not in move["hand"]


@pytest.mark.parametrize("strength", PLANNERS)
def test_aims_a_revealed_blind_asteroid_at_the_player_closest_to_going_out(strength):
    hands = ["9 10", "3 4 5 6 7 8 9 9 10 10", "6 7 8"]
    state = position(hands, stacks=[["AST - -"]], ramp=["10", "9", "8", "7", "6", "5"])
    sl.apply(state, 0, {"type": "blind", "stack": 0})
    for move in decisions(state, strength):
        assert move == {"type": "aim", "target": 2}


@pytest.mark.parametrize("strength", PLANNERS)
def test_risks_a_blind_card_on_a_high_top_rather_than_take_the_ramp(strength):
    state = position(["10 10", "3 5 8 9 9"], stacks=[["4 - -"]], ramp=["10", "9", "9"])
    for move in decisions(state, strength):
        assert move == {"type": "blind", "stack": 0}


@pytest.mark.parametrize("strength", PLANNERS)
def test_does_not_risk_a_blind_card_onto_a_one(strength):
    state = position(["1 9", "3 5 8 9 9"], stacks=[["4 - -"]], ramp=["9", "7", "5", "3", "1"])
    for move in decisions(state, strength):
        assert move == {"type": "play", "hand": ["1"]}


@pytest.mark.parametrize("strength", PLANNERS)
def test_answers_low_when_the_next_player_holds_a_last_card(strength):
    state = position(["2 8", "6"], ramp=["9"])
    for move in decisions(state, strength):
        assert move == {"type": "play", "hand": ["2"]}


def test_stark_reads_the_card_count_before_risking_a_blind_card():
    # every card up to 4 and every special is gone: the blind card cannot fit onto the 5,
    # and the next player cannot answer a 5
    state = position(["5 9", "7 8 9"], stacks=[["10 - -"]], ramp=["9", "5"], burned=LOW_AND_SPECIAL)
    for move in decisions(state, "stark"):
        assert move == {"type": "play", "hand": ["5"]}


def test_stark_does_not_leave_three_lamps_to_a_player_seen_taking_the_fourth():
    # seat 1 took a 7 and three 10s from the ramp: 7 7 would hand it the ignition and a
    # fresh turn (its play-outs deal seat 1 that 7 in every world)
    state = position(["3 7 7", "10 10 10 7"], ramp=["9", "7"])
    state["known"][1] = {"7": 1, "10": 3}
    for move in decisions(state, "stark"):
        assert move != {"type": "play", "hand": ["7", "7"]}


def test_a_sampled_world_deals_every_opponent_its_known_cards():
    state = position(["2 7", "3 5 8 9 9", "1 1 SAT 10"], ramp=["9"])
    state["known"][1:] = [{"9": 2, "3": 1}, {"SAT": 1, "10": 1}]
    view = sl.view(state, 0)
    for seed in SEEDS:
        sampled = world.sample(view, random.Random(seed))
        assert sl.view(sampled, 0) == view
        for hand, known in zip(sampled["hands"][1:], state["known"][1:], strict=True):
            assert all(hand.get(kind, 0) >= count for kind, count in known.items())


def test_leicht_plays_a_card_that_fits_rather_than_take():
    state = position(["3 6 9 AST", "3 5 8 9 9"], ramp=["9", "7"])
    for move in decisions(state, "leicht"):
        assert move["type"] == "play"


def test_a_sampled_world_shows_the_seat_exactly_its_view():
    state = position(
        ["2 7 AST", "3 5 8 9 9", "1 1 SAT"],
        stacks=[["4 - -", "6 8 10"], ["5 5 2", "HOLE - -"]],
        ramp=["9", ("SAT", 9), "6"],
        burned=["10", "10", "HOLE"],
    )
    view = sl.view(state, 0)
    for seed in SEEDS:
        sampled = world.sample(view, random.Random(seed))
        assert sl.view(sampled, 0) == view
        assert sl.legal_moves(sampled, 0) == sl.legal_moves(state, 0)


@pytest.mark.parametrize("strength", ("leicht", "normal", "stark"))
def test_a_decision_depends_on_the_seed_alone(strength):
    state = position(["2 7 7 9 SAT", "3 5 8 9 9"], stacks=[["4 - -"]], ramp=["9", "8"])
    view, legal = sl.view(state, 0), sl.legal_moves(state, 0)
    before = random.getstate()
    first = choose("speedlaunch", view, legal, strength, random.Random(3))
    assert choose("speedlaunch", view, legal, strength, random.Random(3)) == first
    assert random.getstate() == before


@pytest.mark.parametrize("hand", (reflex, cautious))
@pytest.mark.parametrize("seats", (2, 4))
def test_the_quick_hands_of_the_play_outs_make_only_legal_moves(seats, hand):
    for seed in SEEDS:
        state = sl.new({"rounds": "everyone"}, seats, seed)
        while (seat := sl.to_move(state)) is not None:
            move = hand(state, seat)
            assert move in sl.legal_moves(state, seat)
            sl.apply(state, seat, move)


def test_the_quick_hand_completes_the_four_before_it_sheds_high_cards():
    state = position(["7 9 9 10", "3 5 8"], stacks=[["- - 7"]], ramp=["9", "7", "7"])
    assert reflex(state, 0) == {"type": "play", "hand": ["7"], "stacks": [0]}


def test_the_quick_hand_sheds_its_highest_card_that_fits_every_one_it_may():
    state = position(["3 6 6 6 9", "3 5 8"], stacks=[["- - 6"]], ramp=["9", "8"])
    assert reflex(state, 0) == {"type": "play", "hand": ["6", "6", "6"], "stacks": [0]}


def test_the_quick_hand_takes_the_ramp_only_when_nothing_else_is_left():
    state = position(["9 10", "3 5 8"], stacks=[["4 - -"]], ramp=["9", "2"])
    assert reflex(state, 0) == {"type": "blind", "stack": 0}
    state["stacks"][0][0] = [None, None, None]
    assert reflex(state, 0) == {"type": "take"}


def test_the_cautious_hand_takes_the_ramp_rather_than_risk_a_blind_card_while_it_holds_cards():
    state = position(["9 10", "3 5 8"], stacks=[["4 - -"]], ramp=["9", "2"])
    assert cautious(state, 0) == {"type": "take"}
    state["hands"][0] = {}
    assert cautious(state, 0) == {"type": "blind", "stack": 0}


def test_the_cautious_hand_sheds_hand_cards_before_open_ones():
    state = position(["7 10", "3 5 8"], stacks=[["- - 7"]], ramp=["7", "7", "7"])
    assert cautious(state, 0) == {"type": "play", "hand": ["7"]}
    state = position(["6 6 9", "3 5 8"], stacks=[["- - 6", "- - 6"]], ramp=["9", "6"])
    assert cautious(state, 0) == {"type": "play", "hand": ["6", "6"], "stacks": [0]}


def test_the_cautious_hand_spends_a_black_hole_before_an_asteroid_and_takes_when_it_pays():
    state = position(["9 10 AST HOLE", "3 5 8"], ramp=["8", "6"])
    assert cautious(state, 0) == {"type": "play", "hand": ["HOLE"]}
    state = position(["2 7 7 7 9 9 9", "3 5 8"], ramp=["9", "7"])
    assert cautious(state, 0) == {"type": "take"}  # three kinds to shed, then 2s alone


def test_stark_plays_out_the_cautious_hand_normal_the_quick_one():
    assert lookahead.STARK.hand is cautious and lookahead.NORMAL.hand is reflex


def test_stark_reckons_that_a_stuck_player_with_cards_takes_rather_than_risk_its_blind_card():
    view = sl.view(position(["9 10", "3 5 8"], stacks=[[], ["4 - -"]], ramp=["9"]), 0)
    seen, counted = view["players"][1], Odds.counted(view)
    risky = Odds(counted.pool)  # a player who may risk its blind card instead
    nothing_fits = 1.0 - counted.at_least(fitting(2), seen["hand"], 1)
    assert counted.answer(seen, 2, 1)[0] == pytest.approx(nothing_fits)
    assert risky.answer(seen, 2, 1)[0] < nothing_fits
    emptied = {**seen, "hand": 0}  # nothing else left: it risks the blind card
    assert counted.answer(emptied, 2, 1)[0] == pytest.approx(1.0 - counted.chance(fitting(2)))


def test_a_play_out_is_worth_more_the_more_cards_the_seat_ends_ahead():
    def worth(hands: list[str], ramp: list[str], move: dict) -> float:
        state = position(hands, ramp=ramp)
        return lookahead._play_out(state, 0, move, lookahead.STARK.margin, reflex)[0]

    last_nine = {"type": "play", "hand": ["9"]}
    clear_win = worth(["9", "3 5 8 9 9"], ["9"], last_nine)
    narrow_win = worth(["9", "3"], ["9"], last_nine)
    narrow_loss = worth(["9", "3"], ["2"], {"type": "take"})
    heavy_loss = worth(["9 10 10 10", "3"], ["2"], {"type": "take"})
    assert clear_win > narrow_win > 0.5 > narrow_loss > heavy_loss
