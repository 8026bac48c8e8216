"""Speedlaunch blind cards: when they may be risked, fit / special / too high, the follow-up."""

from __future__ import annotations

import pytest

import shared.games.speedlaunch as sl
from tests.engines.test_speedlaunch import act, check, play, position, refuse, scenario

BLIND = {"type": "blind", "stack": 0}
END = {"type": "end"}

SCENARIOS = [
    scenario(
        "a fitting blind card lies on the ramp and opens the follow-up",
        dict(hands=["7 7 3", "5"], stacks=[["7 - -"]], ramp=["9"]),
        BLIND,
        dict(ramp=["9", "7"], lamps=1, turn=0, phase="follow", events=["blind"]),
    ),
    scenario(
        "no follow-up possible: the turn ends at once",
        dict(hands=["3", "5"], stacks=[["7 - -"]], ramp=["9"]),
        BLIND,
        dict(ramp=["9", "7"], turn=1, phase="play", events=["blind", "turn"]),
    ),
    scenario(
        "a fitting blind card that makes four ignites",
        dict(hands=["7 3", "5"], stacks=[["7 - -"]], ramp=["7", "7", "7"]),
        BLIND,
        dict(ramp=[], burned=["7"] * 4, turn=0, phase="play", events=["blind", "ignition", "turn"]),
    ),
    scenario(
        "a blind card onto an empty ramp always fits",
        dict(hands=["10 3", "5"], stacks=[["10 - -"]]),
        BLIND,
        dict(ramp=["10"], phase="follow"),
    ),
    scenario(
        "a blind satellite carries the top value",
        dict(hands=["7 3", "5"], stacks=[["SAT - -"]], ramp=["7"]),
        BLIND,
        dict(carried=[7, 7], lamps=2, phase="follow"),
    ),
    scenario(
        "a blind satellite on an empty ramp carries no value",
        dict(hands=["9 3", "5"], stacks=[["SAT - -"]]),
        BLIND,
        dict(carried=[None], lamps=0, phase="follow"),
    ),
    scenario(
        "a blind black hole swallows the ramp, same player again",
        dict(hands=["3", "5"], stacks=[["HOLE - -"]], ramp=["9"]),
        BLIND,
        dict(ramp=[], burned=["9", "HOLE"], turn=0, events=["blind", "black_hole", "turn"]),
    ),
    scenario(
        "a blind asteroid on an empty ramp just burns",
        dict(hands=["3", "5"], stacks=[["AST - -"]]),
        BLIND,
        dict(burned=["AST"], turn=1, events=["blind", "asteroid", "turn"]),
    ),
    scenario(
        "a blind asteroid with one opponent goes to that one at once",
        dict(hands=["3", "5"], stacks=[["AST - -"]], ramp=["9"]),
        BLIND,
        dict(hand1="5 9", burned=["AST"], turn=1, events=["blind", "asteroid", "turn"]),
    ),
    scenario(
        "a blind asteroid with the left-neighbour setting goes there at once",
        dict(hands=["3", "5", "6"], stacks=[["AST - -"]], ramp=["9"], asteroid_target="left"),
        BLIND,
        dict(hand1="5 9", turn=1),
    ),
    scenario(
        "a blind asteroid with several opponents waits for its target",
        dict(hands=["3", "5", "6"], stacks=[["AST - -"]], ramp=["9"]),
        BLIND,
        dict(ramp=["9"], burned=["AST"], turn=0, phase="aim", events=["blind"]),
    ),
    scenario(
        "too high: the ramp and the blind card go into the hand",
        dict(hands=["3", "5"], stacks=[["9 - -"]], ramp=["5", ("SAT", 5)]),
        BLIND,
        dict(ramp=[], hand0="3 5 9 SAT", turn=1, events=["blind", "take", "turn"]),
    ),
    scenario(
        "a fitting blind card as the last card wins",
        dict(hands=["", "5"], stacks=[["7 - -"]], ramp=["9"]),
        BLIND,
        dict(over=True, minus=[0, 1], events=["blind", "round_over", "game_over"]),
    ),
    # the follow-up
    scenario(
        "the follow-up adds the same value, then the turn ends",
        dict(hands=["7 7 3", "5"], ramp=["9", "7"], phase="follow"),
        play("7 7"),
        dict(ramp=["9", "7", "7", "7"], turn=1, phase="play"),
    ),
    scenario(
        "the follow-up may be satellites alone",
        dict(hands=["SAT 3", "5"], ramp=["9", "7"], phase="follow"),
        play("SAT"),
        dict(carried=[9, 7, 7], turn=1),
    ),
    scenario(
        "a follow-up that ignites gives another turn",
        dict(hands=["7 7 3", "5"], ramp=["7", "7"], phase="follow"),
        play("7 7"),
        dict(ramp=[], turn=0, phase="play"),
    ),
    scenario(
        "after a blind satellite without value any value may follow",
        dict(hands=["9 3", "5"], ramp=[("SAT", None)], phase="follow"),
        play("9"),
        dict(carried=[None, 9], turn=1),
    ),
    scenario(
        "the follow-up may be declined",
        dict(hands=["7 3", "5"], ramp=["9", "7"], phase="follow"),
        END,
        dict(ramp=["9", "7"], turn=1, phase="play", events=["end", "turn"]),
    ),
    scenario(
        "the waiting asteroid is aimed",
        dict(hands=["3", "5", "6"], ramp=["9"], burned=["AST"], phase="aim"),
        {"type": "aim", "target": 2},
        dict(ramp=[], hand2="6 9", turn=1, events=["asteroid", "turn"]),
    ),
]


@pytest.mark.parametrize(("where", "move", "expected"), SCENARIOS)
def test_blind_scenario(where, move, expected):
    state = position(**where)
    events = act(state, move)
    check(state, events, expected)


REFUSED = [
    pytest.param(
        dict(hands=["3", "5"], stacks=[["7 - 5"]]),
        BLIND,
        "nothing but its blind card",
        id="a stack that still has its open card",
    ),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["7 - -"]]),
        {"type": "blind", "stack": 1},
        "nothing but its blind card",
        id="an empty stack",
    ),
    pytest.param(
        dict(hands=["7 3", "5"], stacks=[["7 - -"]], ramp=["9", "7"], phase="follow"),
        BLIND,
        "first action",
        id="not as the follow-up",
    ),
    pytest.param(
        dict(hands=["7 3", "5"], ramp=["9", "7"], phase="follow"),
        play("3"),
        "only 7s",
        id="follow-up of a lower value",
    ),
    pytest.param(
        dict(hands=["HOLE 7", "5"], ramp=["9", "7"], phase="follow"),
        play("HOLE"),
        "only its value",
        id="no special as the follow-up",
    ),
    pytest.param(
        dict(hands=["7 3", "5"], ramp=["9", "7"], phase="follow"),
        {"type": "take"},
        "follow-up or end",
        id="no taking in the follow-up",
    ),
    pytest.param(
        dict(hands=["7 3", "5"], ramp=["9", "7"]),
        END,
        "only the follow-up",
        id="end outside the follow-up",
    ),
    pytest.param(
        dict(hands=["3", "5", "6"], ramp=["9"], phase="aim"),
        {"type": "aim", "target": 0},
        "opponent",
        id="aim at oneself",
    ),
    pytest.param(
        dict(hands=["3", "5", "6"], ramp=["9"], phase="aim"),
        {"type": "take"},
        "target first",
        id="anything but aiming",
    ),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["7 - -"]]),
        {"type": "blind", "stack": True},
        "nothing but its blind card",
        id="a bool for a stack",
    ),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["7 - -"]]),
        {**BLIND, "target": 1},
        "exactly the fields",
        id="extra field",
    ),
]


@pytest.mark.parametrize(("where", "move", "reason"), REFUSED)
def test_blind_refused(where, move, reason):
    refuse(position(**where), move, reason)


def test_blind_moves_are_listed_only_for_stacks_holding_only_their_blind_card():
    state = position(hands=["3", "5"], stacks=[["7 - -", "8 - 2", "- - -", "9 - -"]], ramp=["5"])
    blinds = [move for move in sl.legal_moves(state, 0) if move["type"] == "blind"]
    assert blinds == [{"type": "blind", "stack": 0}, {"type": "blind", "stack": 3}]


def test_the_follow_up_lists_only_the_blind_value_and_satellites():
    state = position(hands=["7 SAT 3", "5"], stacks=[["1 2 7"]], ramp=["9", "7"], phase="follow")
    assert sl.legal_moves(state, 0) == [
        play("7"),
        play("7 SAT"),
        play(stacks=[0]),
        play("SAT", [0]),
        play("7", [0]),
        play("7 SAT", [0]),
        play("SAT"),
        END,
    ]


def test_a_revealed_blind_card_is_public_even_when_it_goes_into_the_hand():
    state = position(hands=["3", "5"], stacks=[["9 - -"]], ramp=["5"])
    blind = act(state, BLIND)[0]
    assert blind == {
        "type": "blind",
        "seat": 0,
        "stack": 0,
        "revealed": ["9"],
        "outcome": "too_high",
    }
    assert "private" not in blind
