"""Speedlaunch rounds and scoring, the view with its card count, and the preview."""

from __future__ import annotations

import json
import random

import pytest

import shared.games.speedlaunch as sl
from shared.games.base import redact_event
from shared.games.speedlaunch.cards import cards_left
from shared.games.speedlaunch.rounds import places
from tests.engines.moves import play_on
from tests.engines.test_speedlaunch import act, play, position
from tests.redaction import assert_hides, visible_cards


def test_the_round_ends_the_moment_a_player_has_nothing_left():
    state = position(hands=["7", "5 5", "1 2 3"], stacks=[[], ["1 2 3"]])
    assert sl.result(state) is None
    events = act(state, play("7"))
    assert [event["type"] for event in events] == ["play", "round_over", "game_over"]
    assert sl.to_move(state) is None and sl.legal_moves(state, 1) == []
    assert sl.result(state) == {
        "places": [1, 3, 2],
        "minus": [0, 5, 3],
        "rounds_won": [1, 0, 0],
        "rounds": [{"winner": 0, "first": 0, "remaining": [0, 5, 3]}],
        "left": [],
    }
    assert events[-1] == {"type": "game_over", **sl.result(state)}


def test_everyone_begins_once_the_next_round_is_dealt_afresh_and_begun_by_the_next_seat():
    state = position(hands=["7", "5 5", "6"], ramp=["9"], rounds="everyone")
    events = act(state, play("7"))
    assert [event["type"] for event in events] == ["play", "round_over", "deal", "turn"]
    assert state["round"] == 2 and state["first"] == 1 and sl.to_move(state) == 1
    assert state["minus"] == [0, 2, 1] and sl.result(state) is None
    assert [cards_left(state, seat) for seat in range(3)] == [20, 20, 20]
    assert sum(state["box"].values()) == 60 and state["ramp"] == [] and state["burned"] == {}
    # the played card was shown, but the new deal gathers it up: it is named as revealed
    assert events[0]["revealed"] == ["7"] and "cards" not in events[0]
    deal = events[2]
    for seat in range(3):
        assert redact_event(deal, seat)["hand"] == state["hands"][seat]
    assert "hand" not in redact_event(deal, None)
    assert deal["open"][2] == [pile[-1] for pile in state["stacks"][2]]


def test_the_last_round_ends_the_game_with_totals_and_a_shared_place():
    state = position(hands=["7", "5 5", "6"], turn=2, rounds="everyone")
    state.update(
        round=3,
        first=2,
        minus=[4, 3, 8],
        won=[1, 1, 0],
        record=[
            {"winner": 1, "first": 0, "remaining": [4, 0, 6]},
            {"winner": 0, "first": 1, "remaining": [0, 3, 2]},
        ],
    )
    act(state, play("6"))
    assert sl.result(state) == {
        "places": [1, 1, 3],
        "minus": [5, 5, 8],
        "rounds_won": [1, 1, 1],
        "rounds": [
            {"winner": 1, "first": 0, "remaining": [4, 0, 6]},
            {"winner": 0, "first": 1, "remaining": [0, 3, 2]},
            {"winner": 2, "first": 2, "remaining": [1, 2, 0]},
        ],
        "left": [],
    }


def test_a_round_that_reaches_a_thousand_turns_ends_without_a_winner():
    """DECISIONS §15: nobody wins it, everyone counts the cards still in hand and stacks."""
    state = position(hands=["7", "5 5", "6"], ramp=["9"])
    state["turns"] = sl.ROUND_TURNS - 1
    events = act(state, {"type": "take"})
    assert [event["type"] for event in events] == ["take", "round_over", "game_over"]
    assert events[1] == {
        "type": "round_over",
        "round": 1,
        "winner": None,
        "remaining": [2, 2, 1],
        "minus": [2, 2, 1],
        "turns": sl.ROUND_TURNS,
    }
    assert sl.result(state) == {
        "places": [2, 2, 1],
        "minus": [2, 2, 1],
        "rounds_won": [0, 0, 0],
        "rounds": [{"winner": None, "first": 0, "remaining": [2, 2, 1]}],
        "left": [],
    }


def test_after_a_round_without_a_winner_the_next_round_is_dealt():
    state = position(hands=["7 7", "5 5", "6"], rounds="everyone")
    state["turns"] = sl.ROUND_TURNS - 1
    assert sl.view(state, 0)["turns"] == sl.ROUND_TURNS - 1
    events = act(state, play("7"))  # one card left: the turn passes, the 1,000th is over
    assert [event["type"] for event in events][-3:] == ["round_over", "deal", "turn"]
    assert state["round"] == 2 and state["turns"] == 0 and state["won"] == [0, 0, 0]
    assert state["minus"] == [1, 2, 1]


def test_every_turn_counts_toward_the_thousand_new_turns_too():
    state = position(hands=["HOLE 3 3", "5", "6"], ramp=["9"])
    act(state, play("HOLE"))
    assert state["turns"] == 1 and state["turn"] == 0
    act(state, play("3"))
    assert state["turns"] == 2 and state["turn"] == 1


@pytest.mark.parametrize(
    ("minus", "won", "expected"),
    [
        ([5, 5, 3], [1, 0, 1], [2, 3, 1]),  # a tie on points goes to more rounds won
        ([4, 4, 9], [1, 1, 0], [1, 1, 3]),  # still tied: the place is shared
        ([0, 7], [1, 0], [1, 2]),
        ([6, 6, 6, 6], [0, 0, 0, 0], [1, 1, 1, 1]),
    ],
)
def test_places(minus, won, expected):
    assert places(minus, won) == expected


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_a_whole_game_of_everyone_begins_once(seats):
    rng = random.Random(seats)
    state = sl.new({"rounds": "everyone"}, seats, seed=seats, first=1)
    while (seat := sl.to_move(state)) is not None:
        sl.apply(state, seat, rng.choice(sl.legal_moves(state, seat)))
    result = sl.result(state)
    assert [entry["first"] for entry in result["rounds"]] == [(1 + i) % seats for i in range(seats)]
    for entry in result["rounds"]:
        assert entry["remaining"][entry["winner"]] == 0
    totals = [sum(entry["remaining"][seat] for entry in result["rounds"]) for seat in range(seats)]
    assert result["minus"] == totals
    assert sum(result["rounds_won"]) == seats
    assert result["places"] == places(result["minus"], result["rounds_won"])


def test_one_round_by_default():
    rng = random.Random(3)
    state = sl.new({}, 3, seed=3)
    while (seat := sl.to_move(state)) is not None:
        sl.apply(state, seat, rng.choice(sl.legal_moves(state, seat)))
    assert len(sl.result(state)["rounds"]) == 1


def viewed():
    return position(
        hands=["7 7 SAT 3", "5 5", "6"],
        stacks=[["1 2 7", "4 - -"], ["8 9 10"]],
        ramp=["9", ("SAT", 9)],
        burned=["HOLE", "2", "2"],
    )


def test_view_of_a_seat():
    state = viewed()
    view = sl.view(state, 0)
    assert view["hand"] == {"3": 1, "7": 2, "SAT": 1}
    players = [
        {"cards": 8, "hand": 4, "open": ["7", None, None, None], "face_down": [2, 1, 0, 0]},
        {"cards": 5, "hand": 2, "open": ["10", None, None, None], "face_down": [2, 0, 0, 0]},
        {"cards": 1, "hand": 1, "open": [None] * 4, "face_down": [0] * 4},
    ]
    assert view["players"] == [dict(player, known={}) for player in players]
    assert view["ramp"] == [{"card": "9", "value": 9}, {"card": "SAT", "value": 9}]
    assert (view["top"], view["lamps"], view["burned"], view["box"]) == (9, 2, 3, 120 - 19)
    assert (view["turn"], view["phase"], view["first_action"]) == (0, "play", True)
    assert (view["round"], view["rounds"], view["first"]) == (1, 1, 0)
    assert view["minus"] == [0, 0, 0] and view["round_winners"] == []
    assert_hides(view, visible_cards(sl, state, 0), frozenset(sl.DECK), "view")


def test_card_count_from_the_viewers_standpoint():
    state = viewed()
    count = sl.view(state, 0)["card_count"]
    assert count["unknown"]["7"] == 10 - 2 - 1  # own hand, an open stack card
    assert count["unknown"]["9"] == 10 - 1  # the ramp; seat 1's standing 9 is unseen
    assert count["unknown"]["2"] == 10 - 2  # burned; own standing 2 is unseen too
    assert count["unknown"]["SAT"] == 7 - 1 - 1
    assert count["unknown"]["HOLE"] == 6 - 1
    assert count["burned"] == {**dict.fromkeys(count["unknown"], 0), "2": 2, "HOLE": 1}
    assert sl.view(state, 1)["card_count"]["unknown"]["5"] == 10 - 2
    spectator = sl.view(state, None)
    assert spectator["hand"] is None and spectator["card_count"]["unknown"]["7"] == 10 - 1


def test_view_in_the_follow_up_and_after_the_game():
    state = position(hands=["7 3", "5"], ramp=["9", "7"], phase="follow")
    assert sl.view(state, 0)["first_action"] is False
    act(state, play("7"))
    assert sl.view(state, 1)["first_action"] is True
    state = position(hands=["7", "5"])
    act(state, play("7"))
    view = sl.view(state, 1)
    assert view["turn"] is None and view["round_winners"] == [0] and view["minus"] == [0, 1]


def previewed():
    return position(hands=["7 7 3 SAT", "5"], stacks=[["1 2 7", "1 - 7"]], ramp=["9", "7"])


def test_preview_of_a_selection():
    state = previewed()
    before = json.dumps(state, sort_keys=True)
    shown = sl.preview(state, 0, {"hand": ["7", "7"]})
    assert shown == {
        "legal": True,
        "move": play("7 7"),
        "turns_up": [],
        "text": "→ 2 × 7",
        "value": 7,
        "count": 2,
        "lamps": 3,
        "ignition": False,
        "room": 1,
    }
    assert sl.preview(state, 0, {"hand": ["SAT", "7", "7"]})["text"] == "→ 3 × 7 — IGNITION!"
    assert json.dumps(state, sort_keys=True) == before


def test_preview_of_a_hand_group_adds_open_stack_cards_up_to_the_four_limit():
    shown = sl.preview(previewed(), 0, {"group": "7"})
    assert shown["move"] == play("7 7", [0])
    assert (shown["ignition"], shown["turns_up"], shown["room"]) == (True, [0], 0)


def test_preview_too_high_and_refusals():
    state = position(hands=["7 AST", "5"], ramp=["5"])
    shown = sl.preview(state, 0, {"group": "7"})
    assert shown["legal"] is False and shown["too_high"] is True and shown["text"] == "too high"
    assert sl.preview(state, 0, {"hand": ["7", "5"]})["legal"] is False
    assert sl.preview(state, 1, {"hand": ["5"]})["legal"] is False
    assert sl.preview(state, 0, {"hand": ["AST"], "target": 1})["text"] == "asteroid → seat 1"
    assert sl.preview(state, 0, "7")["legal"] is False
    for junk in ({"hand": 5}, {"hand": [[]]}, {"stacks": "0"}, {"stacks": [9, None]}, {}):
        assert sl.preview(state, 0, junk)["legal"] is False


def test_preview_of_open_stack_cards():
    state = position(hands=["3", "5"], stacks=[["1 2 9", "1 - 5"]], ramp=["5"])
    assert sl.preview(state, 0, {"stacks": [0]})["too_high"] is True
    shown = sl.preview(state, 0, {"stacks": [1]})
    assert (shown["move"], shown["turns_up"], shown["lamps"]) == (play(stacks=[1]), [], 2)


# --- states an older house stored -----------------------------------------------------------


def older(state: dict, seat: int) -> dict:
    """``state`` in an older house's words: no "over", a game over the phase "over" with
    ``seat`` (the last to move) still in "turn"."""
    kept = {key: value for key, value in state.items() if key != "over"}
    if state["over"]:
        kept.update(phase="over", turn=seat)
    return json.loads(json.dumps(kept))


def test_a_running_game_an_older_house_stored_is_renamed_and_plays_on():
    state = sl.new({"rounds": "everyone"}, 3, seed="older")
    for _ in range(6):
        seat = sl.to_move(state)
        sl.apply(state, seat, sl.legal_moves(state, seat)[0])
    upgraded = sl.upgrade(older(state, sl.to_move(state)))
    assert json.dumps(upgraded, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert play_on(sl, upgraded) == play_on(sl, state)


def test_a_finished_game_an_older_house_stored_is_over():
    state = sl.new({}, 2, seed="older")
    result = play_on(sl, state)
    upgraded = sl.upgrade(older(state, 1))
    assert (upgraded["over"], upgraded["turn"], upgraded["phase"]) == (True, None, None)
    assert sl.result(upgraded) == result and sl.view(upgraded, 0)["over"] is True
    assert json.dumps(upgraded, sort_keys=True) == json.dumps(state, sort_keys=True)
