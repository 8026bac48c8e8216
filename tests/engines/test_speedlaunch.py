"""Speedlaunch scenarios: countdown plays, the four-limit, chains, satellites, specials, taking.

Positions are built with ``position``: hands as "7 7 SAT", stacks as "blind standing open"
("-" for none), the ramp bottom first (a satellite as ("SAT", value)). The box gets whatever
the position leaves over, so every position holds the whole deck.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest

import shared.games.speedlaunch as sl
from shared.games.base import IllegalSettings
from shared.games.speedlaunch.cards import grouped, tokens
from tests.engines import moves


def stack(spec: str) -> list:
    return [None if part == "-" else part for part in spec.split()]


def position(hands, stacks=None, ramp=(), turn=0, phase="play", burned=(), **settings) -> dict:
    """A state with these cards where they are; ``settings`` as for ``sl.new``."""
    seats = len(hands)
    state = sl.new(settings, seats, seed=7, first=turn)
    state["hands"] = [grouped(Counter(hand.split())) for hand in hands]
    stacks = [*(stacks or []), *[[]] * (seats - len(stacks or []))]
    state["stacks"] = [
        [stack(spec) for spec in [*own, *["- - -"] * (4 - len(own))]] for own in stacks
    ]
    state["ramp"] = [card if isinstance(card, str) else card[0] for card in ramp]
    state["carried"] = [int(card) if isinstance(card, str) else card[1] for card in ramp]
    state["burned"] = grouped(Counter(burned))
    state["phase"] = phase
    used = Counter([*state["ramp"], *burned])
    for seat in range(seats):
        used.update(tokens(state["hands"][seat]))
        used.update(card for pile in state["stacks"][seat] for card in pile if card)
    assert used <= Counter(sl.DECK), f"more cards than the deck holds: {used - Counter(sl.DECK)}"
    state["box"] = grouped(Counter(sl.DECK) - used)
    return state


act = partial(moves.act, sl)
refuse = partial(moves.refuse, sl)


def _hand(state: dict, seat: int) -> str:
    return " ".join(tokens(grouped(state["hands"][seat])))


def _stack_specs(state: dict, seat: int) -> list[str]:
    return [" ".join(card or "-" for card in pile) for pile in state["stacks"][seat]]


# What a scenario may expect after its move, read from the state and the move's events.
FACTS = {
    "ramp": lambda state, events: state["ramp"],
    "carried": lambda state, events: state["carried"],
    "lamps": lambda state, events: sl.view(state, None)["lamps"],
    "burned": lambda state, events: sorted(tokens(state["burned"])),
    "turn": lambda state, events: state["turn"],
    "phase": lambda state, events: state["phase"],
    "over": lambda state, events: state["over"],
    "hand0": lambda state, events: _hand(state, 0),
    "hand1": lambda state, events: _hand(state, 1),
    "hand2": lambda state, events: _hand(state, 2),
    "held": lambda state, events: [sum(hand.values()) for hand in state["hands"]],
    "stacks0": lambda state, events: _stack_specs(state, 0),
    "minus": lambda state, events: state["minus"],
    "events": lambda state, events: [event["type"] for event in events],
    "follows": lambda state, events: [e["follows"] for e in events if e["type"] == "turn_up"],
}


def check(state: dict, events: list[dict], expected: dict) -> None:
    for key, want in expected.items():
        assert FACTS[key](state, events) == want, key


def play(hand=(), stacks=(), **target) -> dict:
    move = {"type": "play"}
    if hand:
        move["hand"] = list(hand.split()) if isinstance(hand, str) else list(hand)
    if stacks:
        move["stacks"] = list(stacks)
    return {**move, **target}


def scenario(name, where, move, expected):
    return pytest.param(where, move, expected, id=name)


SCENARIOS = [
    # countdown plays: lower or equal, anything on an empty ramp, hand and stacks mixed
    scenario(
        "equal value goes on",
        dict(hands=["7 7 3", "5"], ramp=["7"]),
        play("7"),
        dict(ramp=["7", "7"], lamps=2, hand0="3 7", turn=1, events=["play", "turn"]),
    ),
    scenario(
        "lower value goes on",
        dict(hands=["3 1", "5"], ramp=["9"]),
        play("3"),
        dict(ramp=["9", "3"], lamps=1, turn=1),
    ),
    scenario(
        "an empty ramp takes anything",
        dict(hands=["10 3", "5"]),
        play("10"),
        dict(ramp=["10"], lamps=1, turn=1),
    ),
    scenario(
        "hand and open stack cards mix",
        dict(hands=["7", "5"], stacks=[["1 2 7"]], ramp=["8"]),
        play("7", [0]),
        dict(
            ramp=["8", "7", "7"],
            lamps=2,
            stacks0=["1 - 2", "- - -", "- - -", "- - -"],
            events=["play", "turn_up", "turn"],
        ),
    ),
    # the four-limit and ignition
    scenario(
        "four equal ignite: the ramp burns, same player again",
        dict(hands=["7 7 3", "5"], ramp=["9", "7", "7"]),
        play("7 7"),
        dict(
            ramp=[],
            burned=["7", "7", "7", "7", "9"],
            turn=0,
            phase="play",
            events=["play", "ignition", "turn"],
        ),
    ),
    scenario(
        "a lower value may add four",
        dict(hands=["5 5 5 5 1", "9"], ramp=["7", "7", "7"]),
        play("5 5 5 5"),
        dict(ramp=[], burned=["5"] * 4 + ["7"] * 3, turn=0),
    ),
    scenario(
        "a satellite carrying the value counts toward four",
        dict(hands=["7 3", "5"], ramp=["7", "7", ("SAT", 7)]),
        play("7"),
        dict(ramp=[], burned=["7", "7", "7", "SAT"], turn=0),
    ),
    scenario(
        "ignition as the last play wins the round",
        dict(hands=["7", "5 5"], ramp=["7", "7", "7"]),
        play("7"),
        dict(over=True, minus=[0, 2], events=["play", "ignition", "round_over", "game_over"]),
    ),
    # chain ignition from a stack
    scenario(
        "a matching standing card follows",
        dict(hands=["3", "5"], stacks=[["1 7 7"]], ramp=["9"]),
        play(stacks=[0]),
        dict(
            ramp=["9", "7", "7"],
            lamps=2,
            stacks0=["1 - -", "- - -", "- - -", "- - -"],
            turn=1,
            follows=[True],
        ),
    ),
    scenario(
        "a standing satellite turns up and stays",
        dict(hands=["3", "5"], stacks=[["1 SAT 7"]], ramp=["9"]),
        play(stacks=[0]),
        dict(ramp=["9", "7"], stacks0=["1 - SAT", "- - -", "- - -", "- - -"], follows=[False]),
    ),
    scenario(
        "a standing card of another value turns up and stays",
        dict(hands=["3", "5"], stacks=[["1 4 7"]], ramp=["9"]),
        play(stacks=[0]),
        dict(ramp=["9", "7"], stacks0=["1 - 4", "- - -", "- - -", "- - -"]),
    ),
    scenario(
        "a chain stops at the fourth card",
        dict(hands=["3", "5"], stacks=[["1 7 7", "2 7 7"]], ramp=["7"]),
        play(stacks=[0, 1]),
        dict(
            ramp=[],
            burned=["7"] * 4,
            turn=0,
            follows=[True, False],
            stacks0=["1 - -", "2 - 7", "- - -", "- - -"],
            events=["play", "turn_up", "turn_up", "ignition", "turn"],
        ),
    ),
    scenario(
        "a chain that ignites gives another turn",
        dict(hands=["3", "5"], stacks=[["1 7 7"]], ramp=["7", "7"]),
        play(stacks=[0]),
        dict(ramp=[], burned=["7"] * 4, turn=0),
    ),
    scenario(
        "the blind card never follows",
        dict(hands=["3", "5"], stacks=[["7 - 7"]], ramp=["9"]),
        play(stacks=[0]),
        dict(
            ramp=["9", "7"], stacks0=["7 - -", "- - -", "- - -", "- - -"], events=["play", "turn"]
        ),
    ),
    scenario(
        "a stack satellite alone carries the top value, and a matching standing card follows",
        dict(hands=["3", "5"], stacks=[["1 7 SAT"]], ramp=["7"]),
        play(stacks=[0]),
        dict(ramp=["7", "SAT", "7"], carried=[7, 7, 7], lamps=3),
    ),
    # satellites
    scenario(
        "a satellite with countdown cards carries their value",
        dict(hands=["7 SAT", "5"], ramp=["9"]),
        play("7 SAT"),
        dict(carried=[9, 7, 7], lamps=2),
    ),
    scenario(
        "a satellite alone carries the top card's value",
        dict(hands=["SAT SAT 3", "5"], ramp=["7"]),
        play("SAT"),
        dict(carried=[7, 7], lamps=2, turn=1),
    ),
    scenario(
        "satellites alone onto an empty ramp carry no value",
        dict(hands=["SAT SAT 3", "5"]),
        play("SAT SAT"),
        dict(carried=[None, None], lamps=0, turn=1),
    ),
    scenario(
        "any number of satellites onto an empty ramp",
        dict(hands=["SAT SAT SAT SAT SAT 3", "5"]),
        play("SAT SAT SAT SAT SAT"),
        dict(carried=[None] * 5, lamps=0, turn=1),
    ),
    scenario(
        "anything goes onto a satellite without value",
        dict(hands=["10 3", "5"], ramp=[("SAT", None)]),
        play("10"),
        dict(carried=[None, 10], lamps=1),
    ),
    scenario(
        "satellites onto satellites without value stay without",
        dict(hands=["SAT SAT SAT SAT 3", "5"], ramp=[("SAT", None)]),
        play("SAT SAT SAT SAT"),
        dict(carried=[None] * 5, turn=1),
    ),
    scenario(
        "satellites as the only cards, onto an empty ramp, win",
        dict(hands=["SAT SAT", "5"]),
        play("SAT SAT"),
        dict(over=True, minus=[0, 1]),
    ),
    scenario(
        "satellites as the only cards ignite and win",
        dict(hands=["SAT SAT", "5"], ramp=["7", "7"]),
        play("SAT SAT"),
        dict(over=True, burned=["7", "7", "SAT", "SAT"]),
    ),
    # asteroid
    scenario(
        "an asteroid sends the whole ramp to the chosen opponent; the turn passes on",
        dict(hands=["AST 3", "5", "6"], ramp=["9", ("SAT", 9)]),
        play("AST", target=2),
        dict(ramp=[], burned=["AST"], hand2="6 9 SAT", turn=1, events=["play", "asteroid", "turn"]),
    ),
    scenario(
        "an asteroid from an open stack card",
        dict(hands=["3", "5"], stacks=[["1 2 AST"]], ramp=["9"]),
        play(stacks=[0], target=1),
        dict(hand1="5 9", stacks0=["1 - 2", "- - -", "- - -", "- - -"], turn=1),
    ),
    scenario(
        "with the left-neighbour setting it goes to the next seat",
        dict(hands=["AST 3", "5", "6"], ramp=["9"], asteroid_target="left"),
        play("AST", target=1),
        dict(hand1="5 9", turn=1),
    ),
    scenario(
        "an asteroid on an empty ramp just burns",
        dict(hands=["AST 3", "5"]),
        play("AST"),
        dict(burned=["AST"], turn=1, events=["play", "asteroid", "turn"]),
    ),
    scenario(
        "an asteroid to a player who then holds 40 cards",
        dict(
            hands=["AST 3", " ".join(["1"] * 10 + ["2"] * 10 + ["4"] * 10)],
            ramp=["10", "10", "10", "9", "9", "9", "8", "8", "8", "6"],
        ),
        play("AST", target=1),
        dict(held=[1, 40], turn=1),
    ),
    scenario(
        "an asteroid as the last card wins once the target has taken the ramp",
        dict(hands=["AST", "5"], ramp=["9"]),
        play("AST", target=1),
        dict(over=True, minus=[0, 2], events=["play", "asteroid", "round_over", "game_over"]),
    ),
    # black hole
    scenario(
        "a black hole swallows the ramp, same player again",
        dict(hands=["HOLE 3", "5"], ramp=["9", "7"]),
        play("HOLE"),
        dict(ramp=[], burned=["7", "9", "HOLE"], turn=0, events=["play", "black_hole", "turn"]),
    ),
    scenario(
        "a black hole on an empty ramp",
        dict(hands=["HOLE 3", "5"]),
        play("HOLE"),
        dict(burned=["HOLE"], turn=0),
    ),
    scenario(
        "a black hole as the last card wins",
        dict(hands=["HOLE", "5"], ramp=["9"]),
        play("HOLE"),
        dict(over=True, minus=[0, 1]),
    ),
    # taking the ramp
    scenario(
        "taking: the ramp into the hand, satellites lose their value, the turn passes",
        dict(hands=["3", "5"], ramp=["9", ("SAT", 9)]),
        {"type": "take"},
        dict(ramp=[], carried=[], hand0="3 9 SAT", turn=1, events=["take", "turn"]),
    ),
]


@pytest.mark.parametrize(("where", "move", "expected"), SCENARIOS)
def test_scenario(where, move, expected):
    state = position(**where)
    events = act(state, move)
    check(state, events, expected)


REFUSED = [
    pytest.param(dict(hands=["7", "5"], ramp=["5"]), play("7"), "too high", id="higher value"),
    pytest.param(
        dict(hands=["7 7 7", "5"], ramp=["7", "7"]),
        play("7 7 7"),
        "four-limit",
        id="past the fourth equal card",
    ),
    pytest.param(
        dict(hands=["7 7 7 7 SAT", "5"]),
        play("7 7 7 7 SAT"),
        "four-limit",
        id="five at once onto an empty ramp",
    ),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["1 7 7", "2 7 7"]], ramp=["7", "7", "7"]),
        play(stacks=[0, 1]),
        "four-limit",
        id="two stack cards onto three",
    ),
    pytest.param(
        dict(hands=["SAT SAT", "5"], ramp=["7", "7", "7"]),
        play("SAT SAT"),
        "four-limit",
        id="two satellites onto three equal",
    ),
    pytest.param(dict(hands=["5 7", "5"]), play("5 7"), "one value", id="two values"),
    pytest.param(dict(hands=["7 SAT", "5"]), play(["SAT", "7"]), "deck order", id="hand order"),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["1 2 7", "1 2 7"]]),
        play(stacks=[1, 0]),
        "ascending",
        id="stacks not ascending",
    ),
    pytest.param(
        dict(hands=["3", "5"], stacks=[["1 2 7"]]),
        play(stacks=[0, 0]),
        "ascending",
        id="a stack twice",
    ),
    pytest.param(dict(hands=["3", "5"]), play(stacks=[2]), "no open card", id="empty stack"),
    pytest.param(dict(hands=["3", "5"]), play("8"), "do not hold", id="a card not held"),
    pytest.param(dict(hands=["3 3", "5"]), play("3 3 3"), "do not hold", id="too many held"),
    pytest.param(dict(hands=["3", "5"]), {"type": "play", "hand": []}, "non-empty", id="empty"),
    pytest.param(dict(hands=["3", "5"]), {"type": "play"}, "at least one", id="no card"),
    pytest.param(dict(hands=["3", "5"]), {**play("3"), "x": 1}, "no field", id="unknown field"),
    pytest.param(dict(hands=["3", "5"]), play("3", target=1), "only an asteroid", id="target"),
    pytest.param(dict(hands=["3", "5"]), {"type": "take"}, "empty", id="take an empty ramp"),
    pytest.param(dict(hands=["3", "5"]), {"type": "fly"}, "type must be", id="unknown type"),
    pytest.param(dict(hands=["3", "5"]), ["play"], "JSON object", id="not an object"),
    pytest.param(
        dict(hands=["AST SAT", "5"], ramp=["9"]),
        play("SAT AST", target=1),
        "alone",
        id="asteroid with another card",
    ),
    pytest.param(
        dict(hands=["AST", "5"], ramp=["9"]), play("AST"), "target", id="asteroid without target"
    ),
    pytest.param(
        dict(hands=["AST", "5"], ramp=["9"]),
        play("AST", target=0),
        "target",
        id="asteroid at oneself",
    ),
    pytest.param(
        dict(hands=["AST", "5", "6"], ramp=["9"], asteroid_target="left"),
        play("AST", target=2),
        "left neighbour, seat 1",
        id="asteroid past the left neighbour",
    ),
    pytest.param(
        dict(hands=["AST", "5"]), play("AST", target=1), "empty", id="asteroid target, no ramp"
    ),
    pytest.param(
        dict(hands=["HOLE 3", "5"]), play("3 HOLE"), "alone", id="black hole with another card"
    ),
]


@pytest.mark.parametrize(("where", "move", "reason"), REFUSED)
def test_refused(where, move, reason):
    refuse(position(**where), move, reason)


def test_not_your_turn():
    refuse(position(hands=["3", "5"]), play("5"), "not your turn", seat=1)


def test_legal_moves_list_every_play_of_one_value_within_the_limit():
    state = position(hands=["7 7 SAT 3", "5"], stacks=[["1 2 7"]], ramp=["8", "7"])
    plays = [move for move in sl.legal_moves(state, 0) if move.get("hand", [""])[0] != "3"]
    assert plays == [
        play("7"),
        play("7 SAT"),
        play("7 7"),
        play("7 7 SAT"),
        play(stacks=[0]),
        play("SAT", [0]),
        play("7", [0]),
        play("7 SAT", [0]),
        play("7 7", [0]),
        play("SAT"),
        {"type": "take"},
    ]


def test_deck_and_deal():
    assert Counter(sl.DECK) == Counter(
        {**{str(v): 10 for v in range(1, 11)}, "SAT": 7, "AST": 7, "HOLE": 6}
    )
    for seats in range(2, 7):
        state = sl.new({}, seats, seed=seats)
        zones = sl.snapshot(state)["zones"]
        for seat in range(seats):
            assert len(zones[f"hand:{seat}"]) == 8
            for index in range(4):
                assert len(zones[f"stack:{seat}:{index}"]) == 2  # standing under open
                assert len(zones[f"stack:{seat}:{index}:blind"]) == 1
        assert len(zones["box"]) == 120 - 20 * seats
        assert zones["ramp"] == zones["burned"] == []


@pytest.mark.parametrize(
    ("settings", "seats", "first"),
    [
        ({}, 1, None),
        ({}, 7, None),
        ({"rounds": "three"}, 3, None),
        ({"asteroid_target": "right"}, 3, None),
        ({}, 3, 3),
        ({}, 3, -1),
        ({}, 3, "0"),
    ],
)
def test_bad_settings(settings, seats, first):
    with pytest.raises(IllegalSettings):
        sl.new(settings, seats, seed=1, first=first)


def test_first_seat_by_lot_or_given():
    drawn = {sl.new({}, 4, seed=seed)["turn"] for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert sl.new({}, 4, seed=5)["turn"] == sl.new({}, 4, seed=5)["turn"]
    assert sl.new({}, 4, seed=5, first=2)["turn"] == 2
    assert sl.new({}, 4, seed=5)["settings"] == {"rounds": "one", "asteroid_target": "free"}


def test_leave_notes_who_left_and_changes_nothing_else():
    state = sl.new({}, 3, seed=1)
    before = {**json.loads(json.dumps(state)), "left": [1]}
    assert sl.leave(state, 1) is None
    assert state == before
