"""Speedone scenarios for a turn: matching, action cards, penalties and stacking, drawing,
ONE, and refused moves.

Positions are built with ``position``: hands as "R7 GS W", the top card, and any fact of the
state by keyword. The draw pile gets whatever the position leaves over (``draw`` puts given
cards on top, first drawn first), so every position holds the whole deck.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest

import shared.games.speedone as so
from shared.games.base import redact_event
from tests.engines import moves


def position(*hands: str, top="R5", under=(), draw=(), settings=None, **facts) -> dict:
    """A running game: seat ``i`` holds ``hands[i]``; ``under`` lies below the top card."""
    state = so.new(settings or {}, len(hands), seed=1, first=0)
    state["hands"] = [hand.split() for hand in hands]
    used = Counter(card for hand in state["hands"] for card in hand)
    used.update([*under, top, *draw])
    assert used <= Counter(so.DECK), f"more cards than the deck holds: {used - Counter(so.DECK)}"
    rest = sorted((Counter(so.DECK) - used).elements())
    state.update(
        discard=[*under, top],
        draw=[*rest, *reversed(draw)],
        color=facts.pop("color", top[0]),
        turn=facts.pop("turn", 0),
    )
    assert set(facts) <= set(state), f"unknown facts {set(facts) - set(state)}"
    state.update(facts)
    return state


act = partial(moves.act, so)
refuse = partial(moves.refuse, so)


def play(card: str, color: str | None = None) -> dict:
    return {"type": "play", "card": card} | ({"color": color} if color else {})


DRAW = {"type": "draw"}
ONE = {"type": "one"}


def only(events: list[dict], kind: str) -> dict:
    """The one event of type ``kind``."""
    found = [event for event in events if event["type"] == kind]
    assert len(found) == 1, f"expected one {kind} event in {events}"
    return found[0]


# --- matching -------------------------------------------------------------------------------

MATCHES = [
    # (top, colour to match, card played, colour named)
    pytest.param("R5", "R", "R9", None, id="same colour"),
    pytest.param("R5", "R", "G5", None, id="same number"),
    pytest.param("RS", "R", "BS", None, id="same action"),
    pytest.param("R5", "R", "W", "B", id="wild on anything"),
    pytest.param("R5", "R", "W4", "Y", id="wild draw four at any time"),
    pytest.param("W", "G", "G2", None, id="the colour a wild named"),
    pytest.param("W4", "B", "W", "R", id="wild on wild"),
]


@pytest.mark.parametrize(("top", "color", "card", "named"), MATCHES)
def test_a_card_matching_colour_or_symbol_is_played(top, color, card, named):
    state = position(f"{card} Y0 Y1", "B1 B2", "G1 G2", top=top, color=color)
    events = act(state, play(card, named))
    assert state["discard"][-1] == card
    assert state["color"] == (named or card[0])
    assert state["hands"][0] == ["Y0", "Y1"]
    assert events[0] | {"skipped": None, "pending": None} == {
        "type": "play",
        "seat": 0,
        "card": card,
        "color": named or card[0],
        "skipped": None,
        "pending": None,
    }


REFUSED_PLAYS = [
    pytest.param(
        "R5", "R", "G7", "G7 matches neither the colour R nor the symbol of R5", id="no match"
    ),
    pytest.param("W", "G", "R7", "R7 matches neither the colour G", id="not the named colour"),
    pytest.param("W4", "B", "G4", "matches neither", id="a wild's symbol matches nothing"),
]


@pytest.mark.parametrize(("top", "color", "card", "reason"), REFUSED_PLAYS)
def test_a_card_matching_neither_is_refused(top, color, card, reason):
    state = position(f"{card} Y1", "B1 B2", top=top, color=color)
    refuse(state, play(card), reason)


def test_legal_moves_list_each_playable_card_once_and_wild_cards_per_colour():
    state = position("R7 R7 G5 B1 W Y9", "B2 B3", top="R5")
    assert so.legal_moves(state, 0) == [
        play("G5"),
        play("R7"),
        *(play("W", colour) for colour in "RGBY"),
        DRAW,
    ]
    assert so.legal_moves(state, 1) == []


# --- action cards ---------------------------------------------------------------------------

OTHER_HANDS = ["B1 B2 B3", "G1 G2 G3", "Y3 Y4 Y5", "B7 B8 B9", "G7 G8 G9"]

ACTIONS = [
    # (seats, direction, card, turn after, direction after, extra event facts)
    pytest.param(4, 1, "RS", 2, 1, {"skipped": 1}, id="skip"),
    pytest.param(4, -1, "RS", 2, -1, {"skipped": 3}, id="skip counter-clockwise"),
    pytest.param(2, 1, "RS", 0, 1, {"skipped": 1, "again": True}, id="skip with two: play again"),
    pytest.param(4, 1, "RR", 3, -1, {"direction": -1}, id="reverse"),
    pytest.param(4, -1, "RR", 1, 1, {"direction": 1}, id="reverse back"),
    pytest.param(
        2, 1, "RR", 0, -1, {"direction": -1, "again": True}, id="reverse with two: play again"
    ),
    pytest.param(4, 1, "R9", 1, 1, {}, id="number"),
    pytest.param(4, -1, "R9", 3, -1, {}, id="number counter-clockwise"),
]


@pytest.mark.parametrize(("seats", "direction", "card", "turn", "after", "facts"), ACTIONS)
def test_skip_and_reverse_move_the_turn(seats, direction, card, turn, after, facts):
    state = position(f"{card} Y1 Y2", *OTHER_HANDS[: seats - 1], top="R5", direction=direction)
    events = act(state, play(card))
    assert (state["turn"], state["direction"]) == (turn, after)
    assert events == [{"type": "play", "seat": 0, "card": card, "color": "R", **facts}]


@pytest.mark.parametrize("seats", [2, 3])
def test_draw_two_puts_a_penalty_on_the_next_seat(seats):
    state = position("RD Y1 Y2", *OTHER_HANDS[: seats - 1], top="R5")
    act(state, play("RD"))
    assert state["pending"] == {"kind": "draw_two", "amount": 2}
    assert so.legal_moves(state, 1) == [DRAW]
    events = act(state, DRAW)
    assert len(state["hands"][1]) == 5 and state["pending"] is None
    assert state["turn"] == (2 if seats == 3 else 0)
    assert only(events, "draw") | {"private": None} == {
        "type": "draw",
        "seat": 1,
        "count": 2,
        "forfeited": 0,
        "reason": "draw_two",
        "private": None,
    }


def test_after_a_penalty_is_taken_the_top_card_is_matched_as_usual():
    state = position("Y1 Y2", "GD G1 B3", top="RD", pending=None, turn=1)
    assert so.legal_moves(state, 1) == [play("GD"), DRAW]


# --- stacking options -----------------------------------------------------------------------

STACKING = [
    # (option, pending kind, card stacked, colour named, allowed)
    pytest.param("stack_draw_two", "draw_two", "GD", None, True, id="draw two on draw two: on"),
    pytest.param("stack_draw_two", "draw_two", "GD", None, False, id="draw two on draw two: off"),
    pytest.param("stack_draw_four", "draw_four", "W4", "G", True, id="four on four: on"),
    pytest.param("stack_draw_four", "draw_four", "W4", "G", False, id="four on four: off"),
]


@pytest.mark.parametrize(("option", "kind", "card", "named", "allowed"), STACKING)
def test_stacking_a_penalty_follows_its_option(option, kind, card, named, allowed):
    amount = 2 if kind == "draw_two" else 4
    top = "RD" if kind == "draw_two" else "W4"
    state = position(
        "Y1 Y2",
        f"{card} G1 R3",
        "B1 B2",
        top=top,
        color="R",
        turn=1,
        pending={"kind": kind, "amount": amount},
        settings={option: allowed},
    )
    if not allowed:
        refuse(state, play(card, named), "stacking is off: draw")
        assert so.legal_moves(state, 1) == [DRAW]
        return
    events = act(state, play(card, named))
    assert state["pending"] == {"kind": kind, "amount": 2 * amount}
    assert events[0]["pending"] == {"kind": kind, "amount": 2 * amount}
    assert state["turn"] == 2
    act(state, DRAW)
    assert len(state["hands"][2]) == 2 + 2 * amount, "the whole penalty is taken"
    assert state["pending"] is None and state["turn"] == 0


NEVER_CROSSED = [
    pytest.param("draw_two", "RD", "W4", "G", id="draw four on draw two"),
    pytest.param("draw_four", "W4", "RD", None, id="draw two on draw four"),
    pytest.param("draw_two", "RD", "R7", None, id="a matching colour on draw two"),
    pytest.param("draw_four", "W4", "W", "B", id="a wild on draw four"),
]


@pytest.mark.parametrize(("kind", "top", "card", "named"), NEVER_CROSSED)
def test_only_the_same_kind_goes_onto_a_pending_penalty(kind, top, card, named):
    state = position(
        "Y1 Y2",
        f"{card} G1 R3",
        top=top,
        color="R",
        turn=1,
        pending={"kind": kind, "amount": 2},
    )
    refuse(state, play(card, named), "is pending: stack a")


# --- drawing --------------------------------------------------------------------------------


def test_drawing_one_card_ends_the_turn_and_only_the_drawer_sees_it():
    state = position("Y1 Y2", "G1 G2", "B1 B2", top="R5", draw=["R9"])
    events = act(state, DRAW)
    assert state["hands"][0] == ["Y1", "Y2", "R9"] and state["turn"] == 1
    assert redact_event(events[0], 0)["cards"] == ["R9"]
    for seat in (1, 2, None):
        assert "cards" not in redact_event(events[0], seat)


HAND_LIMIT = [
    # (hand size, penalty, drawn, forfeited)
    pytest.param(21, 4, 1, 3, id="penalty beyond 22 forfeited"),
    pytest.param(22, None, 0, 1, id="at 22 a draw draws nothing"),
    pytest.param(20, 2, 2, 0, id="up to 22 exactly"),
]


@pytest.mark.parametrize(("size", "penalty", "drawn", "forfeited"), HAND_LIMIT)
def test_nobody_holds_more_than_22_cards(size, penalty, drawn, forfeited):
    numbers = [colour + digit for colour in "RGB" for digit in "0123456789"] * 2
    pending = penalty and {"kind": "draw_four", "amount": penalty}
    state = position(" ".join(numbers[:size]), "Y1 Y2", top="W4", color="Y", pending=pending)
    pile = len(state["draw"])
    events = act(state, DRAW)
    assert len(state["hands"][0]) == size + drawn
    assert len(state["draw"]) == pile - drawn, "forfeited cards stay in the draw pile"
    assert (only(events, "draw")["count"], only(events, "draw")["forfeited"]) == (
        drawn,
        forfeited,
    )
    assert state["turn"] == 1 and state["pending"] is None


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_below_its_top():
    state = position("Y1 Y2", "G1 G2", top="R5", under=["R1", "R2", "R3"])
    spare = state["draw"]
    state["hands"][1] += spare
    state["draw"] = []
    events = act(state, DRAW)
    assert [event["type"] for event in events] == ["reshuffle", "draw"]
    assert events[0]["count"] == 3
    assert state["discard"] == ["R5"]
    assert len(state["draw"]) == 2 and len(state["hands"][0]) == 3
    assert Counter([*state["draw"], state["hands"][0][-1]]) == Counter(["R1", "R2", "R3"])


def test_a_penalty_takes_the_rest_of_the_pile_first_then_the_reshuffled_cards():
    state = position(
        "Y1 Y2",
        "G1 G2",
        top="RD",
        under=["R1", "R2", "R3"],
        pending={"kind": "draw_two", "amount": 2},
    )
    state["hands"][1] += state["draw"][:-1]
    state["draw"] = state["draw"][-1:]
    last = state["draw"][0]
    events = act(state, DRAW)
    drawn = redact_event(only(events, "draw"), 0)["cards"]
    assert drawn[0] == last and drawn[1] in ("R1", "R2", "R3")


def test_a_draw_with_nothing_left_to_draw_is_forfeited():
    state = position("Y1 Y2", "G1 G2", top="R5")
    state["hands"][1] += state["draw"]
    state["draw"] = []
    events = act(state, DRAW)
    assert events[-1]["count"] == 0 and events[-1]["forfeited"] == 1
    assert state["hands"][0] == ["Y1", "Y2"] and state["turn"] == 1


# --- ONE ------------------------------------------------------------------------------------


def test_one_is_called_from_two_cards_and_the_turn_goes_on():
    state = position("R7 Y1", "G1 G2", top="R5")
    assert ONE in so.legal_moves(state, 0)
    assert act(state, ONE) == [{"type": "one", "seat": 0}]
    assert state["turn"] == 0 and so.view(state, 1)["called_one"] is True
    assert ONE not in so.legal_moves(state, 0)
    events = act(state, play("R7"))
    assert [event["type"] for event in events] == ["play"]
    assert state["hands"][0] == ["Y1"] and state["called"] is False


def test_playing_from_two_cards_without_one_draws_two_at_once():
    state = position("R7 Y1", "G1 G2", top="R5", draw=["B1", "B2"])
    events = act(state, play("R7"))
    assert [event["type"] for event in events] == ["play", "draw"]
    assert events[1] | {"private": None} == {
        "type": "draw",
        "seat": 0,
        "count": 2,
        "forfeited": 0,
        "reason": "one",
        "private": None,
    }
    assert state["hands"][0] == ["Y1", "B1", "B2"] and state["turn"] == 1


def test_one_may_be_called_under_a_pending_penalty():
    state = position("R7 Y1", "G1 G2", top="RD", pending={"kind": "draw_two", "amount": 2})
    assert so.legal_moves(state, 0) == [DRAW, ONE]
    act(state, ONE)
    act(state, DRAW)
    assert len(state["hands"][0]) == 4 and state["called"] is False


@pytest.mark.parametrize(
    ("hand", "called", "reason"),
    [
        pytest.param("R7 Y1 Y2", False, "exactly two cards", id="three cards"),
        pytest.param("R7", False, "exactly two cards", id="one card"),
        pytest.param("R7 Y1", True, "already called ONE", id="called twice"),
    ],
)
def test_one_is_refused_at_any_other_count(hand, called, reason):
    refuse(position(hand, "G1 G2", top="R5", called=called), ONE, reason)


# --- refused moves --------------------------------------------------------------------------

MALFORMED = [
    pytest.param(play("B1"), "you do not hold B1", id="a card not held"),
    pytest.param(play("W"), 'must name a "color"', id="a wild without colour"),
    pytest.param(play("W", "P"), 'must name a "color"', id="a colour that is none"),
    pytest.param(play("R7", "G"), "not a wild card", id="a colour for a coloured card"),
    pytest.param(play("W", "G") | {"x": 1}, 'must name a "color"', id="an extra field"),
    pytest.param({"type": "play", "card": "R"}, "must be a card", id="no such card"),
    pytest.param({"type": "play", "card": ["R7"]}, "must be a card", id="a list for a card"),
    pytest.param({"type": "play"}, "must be a card", id="no card"),
    pytest.param({"type": "draw", "card": "R7"}, "no other fields", id="draw with a card"),
    pytest.param({"type": "one", "n": 1}, "no other fields", id="one with a field"),
    pytest.param({"type": "pass"}, '"type" must be', id="an unknown type"),
    pytest.param({"type": None}, '"type" must be', id="no type"),
    pytest.param({}, '"type" must be', id="an empty move"),
    pytest.param(["draw"], "JSON object", id="a list"),
    pytest.param(None, "JSON object", id="None"),
]


@pytest.mark.parametrize(("move", "reason"), MALFORMED)
def test_malformed_moves_are_refused(move, reason):
    refuse(position("R7 W Y1", "G1 G2", top="R5"), move, reason)


def test_a_seat_out_of_turn_is_refused():
    refuse(position("R7 Y1 Y2", "R8 G2", top="R5"), play("R8"), "not your turn", seat=1)


def test_legal_moves_are_read_only_and_copy_to_plain_dicts():
    move = so.legal_moves(position("R7 Y1 Y2", "G1", top="R5"), 0)[0]
    with pytest.raises(TypeError, match="read-only"):
        move["card"] = "R8"
    assert type(dict(move)) is dict and json.loads(json.dumps(move)) == play("R7")


def test_a_listed_move_and_an_equal_plain_dict_do_the_same():
    listed, plain = (position("R7 W Y1", "G1 G2", top="R5") for _ in range(2))
    for move in so.legal_moves(listed, 0):
        first, second = json.loads(json.dumps(listed)), json.loads(json.dumps(plain))
        assert so.apply(first, 0, move) == so.apply(second, 0, dict(move))
        assert first == second
