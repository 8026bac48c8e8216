"""Leavers are placed last in every game (DECISIONS.md "All games" §8), refereed by hand: a
player leaves, the computer in the seat plays on (Speedlaunch, Speedtower) and may even play
out first, and the result still puts everyone who stayed before everyone who left, the later
leaver higher. Speedone's partner scoring (DECISIONS Speedone §16) is here too."""

from __future__ import annotations

import pytest

import shared.games.speedlaunch as sl
import shared.games.speedone as so
from shared.games import speedtower as st
from shared.games.base import IllegalMove, leavers_last
from tests.engines import test_speedlaunch as launch
from tests.engines import test_speedtower as tower
from tests.engines.test_speedone import act, only, play, position


@pytest.mark.parametrize(
    ("places", "left", "expected"),
    [
        pytest.param([2, 1], [1], [1, 2], id="the one who stayed first"),
        pytest.param([2, 1, 3], [1], [1, 3, 2], id="the others move up"),
        pytest.param([1, 2, 2, 4], [0], [4, 1, 1, 3], id="shared places stay shared"),
        pytest.param([1, 2, 3], [2, 0], [2, 1, 3], id="the later leaver higher"),
        pytest.param([3, 2, 1], [0, 1, 2], [3, 2, 1], id="everyone left"),
    ],
)
def test_leavers_last(places, left, expected):
    assert leavers_last(places, left) == expected


def test_speedlaunch_the_computer_in_a_leavers_seat_plays_out_first_and_the_stayer_wins():
    """Two players: B (seat 1) leaves, the computer plays B's seat on and goes out first.
    The round ends as the rules say (seat 1 won it, A counts 2 cards), but A takes place 1."""
    state = launch.position(hands=["8 9 9", "5"])
    assert sl.leave(state, 1) is None
    launch.act(state, launch.play("9 9"))  # A plays two nines onto the empty ramp
    events = launch.act(state, launch.play("5"))  # B's computer: its last card
    assert [event["type"] for event in events][-2:] == ["round_over", "game_over"]
    result = sl.result(state)
    assert result["rounds"] == [{"winner": 1, "first": 0, "remaining": [1, 0]}]
    assert result["minus"] == [1, 0]
    assert result["places"] == [1, 2], "the one who stayed comes first"
    assert result["left"] == [1]
    assert events[-1]["places"] == [1, 2]


def test_speedlaunch_at_three_the_others_keep_their_order_and_their_places():
    state = launch.position(hands=["8 7", "5", "3 3 3 4"])
    sl.leave(state, 1)
    launch.act(state, launch.play("8"))
    launch.act(state, launch.play("5"))
    result = sl.result(state)
    assert result["minus"] == [1, 0, 4]
    assert result["places"] == [1, 3, 2]


def test_speedlaunch_two_leavers_the_later_placed_higher_and_leaving_twice_counts_once():
    state = launch.position(hands=["8 7", "5", "3 3 3 4"])
    sl.leave(state, 2)
    sl.leave(state, 1)
    sl.leave(state, 2)
    with pytest.raises(IllegalMove):
        sl.leave(state, 7)
    launch.act(state, launch.play("8"))
    launch.act(state, launch.play("5"))
    assert sl.result(state)["places"] == [1, 2, 3]
    assert sl.result(state)["left"] == [2, 1]


def test_speedlaunch_leaving_a_finished_game_changes_nothing():
    state = launch.position(hands=["8", "5 5"])
    launch.act(state, launch.play("8"))
    sl.leave(state, 1)
    assert sl.result(state)["places"] == [1, 2] and sl.result(state)["left"] == []


def test_speedtower_the_leavers_computer_builds_out_first_and_the_stayers_come_first():
    """Three players; B (seat 1) leaves, B's computer builds B's last stock card and ends the
    game. B is the game's winner on the table, but placed last; A and C share place 1."""
    state = tower.position(hand=["5"], stock=["9", "8"], seats=3, other_stock=["1"])
    state["stocks"][2] = ["4", "4"]
    st.leave(state, 1)
    tower.play(state, tower.STORE)
    events = tower.play(state, tower.build("stock", "A"), seat=1)
    assert tower.kinds(events)[-1] == "game_over"
    result = st.result(state)
    assert result["winner"] == 1 and result["stock_left"] == [2, 0, 2]
    assert result["places"] == [1, 3, 1]
    assert result["left"] == [1]
    assert st.view(state, 0)["result"]["places"] == [1, 3, 1]


def test_speedone_partners_a_winner_collects_only_the_opponents_hands():
    """DECISIONS Speedone §16, by hand: seat 0 plays out; the opponents (seats 1 and 3) hold
    G1 G6 (7) and B1 (1), the partner (seat 2) W W4 (100): seat 0 is credited 8."""
    state = position("R7", "G1 G6", "W W4", "B1", top="R5", settings={"partners": True})
    round_end = only(act(state, play("R7")), "round_end")
    assert round_end["points"] == [0, 7, 100, 1]
    assert round_end["scored"] == [8, 0, 0, 0]
    assert round_end["team_totals"] == [8, 0]
    assert so.view(state, 1)["round_history"][0]["scored"] == [8, 0, 0, 0]


def test_speedone_partners_each_their_own_charges_every_hand_as_without_partners():
    state = position(
        "R7", "G1 G6", "W W4", "B1", top="R5",
        settings={"partners": True, "scoring": "each_their_own"},
    )  # fmt: skip
    round_end = only(act(state, play("R7")), "round_end")
    assert round_end["scored"] == [0, 7, 100, 1]
    assert round_end["team_totals"] == [100, 8]


def test_speedone_without_partners_the_winner_collects_every_hand():
    state = position("R7", "G1 G6", "W W4", "B1", top="R5")
    round_end = only(act(state, play("R7")), "round_end")
    assert round_end["scored"] == [108, 0, 0, 0]
