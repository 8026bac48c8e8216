"""What leavers and those who stayed score, refereed by hand from games the engines played
(DECISIONS.md "All games" §5, §8, §9; Speedone §14, §16): a leaver gets the −10 and nothing
else, whatever the computer in the seat achieved; those who stayed take the places and the
bonus the leaver would have pushed them out of; the pot goes to the best who stayed; a game
too short for its rules says what it lost."""

from __future__ import annotations

import shared.games.speedlaunch as sl
import shared.games.speedone as so
from services.ledger.pots import pot_winners
from services.ledger.scoring import score, short_game
from shared.games import speedtower as st
from tests.engines import test_speedlaunch as launch
from tests.engines import test_speedtower as tower
from tests.engines.test_speedone import act, play, position
from tests.seats import seats

FULL = 300.0


def test_speedlaunch_two_humans_the_leavers_computer_goes_out_first():
    """The issue's game: B left, the computer finished B's seat and went out first. A counts
    one card (19 points) and takes place 1 with its +30; B gets −10 and nothing else."""
    state = launch.position(hands=["8 9 9", "5"])
    sl.leave(state, 1)
    launch.act(state, launch.play("9 9"))
    launch.act(state, launch.play("5"))
    table = seats("hh", left={1})
    card = score("speedlaunch", sl.result(state), table, FULL)
    assert card.points == {0: 19 + 30, 1: -10}
    assert card.won == {0}
    assert pot_winners(table, sl.result(state)["places"]) == ["p0"]


def test_speedlaunch_at_three_the_others_keep_their_bonus():
    state = launch.position(hands=["8 7", "5", "3 3 3 4"])
    sl.leave(state, 1)
    launch.act(state, launch.play("8"))
    launch.act(state, launch.play("5"))
    card = score("speedlaunch", sl.result(state), seats("hhh", left={1}), FULL)
    assert card.points == {0: 19 + 30, 1: -10, 2: 16 + 15}


def test_speedlaunch_short_game_the_leaver_gets_no_minus_ten_and_the_screen_says_why():
    state = launch.position(hands=["8 9 9", "5"])
    sl.leave(state, 1)
    launch.act(state, launch.play("9 9"))
    launch.act(state, launch.play("5"))
    card = score("speedlaunch", sl.result(state), seats("hh", left={1}), 100.0)
    assert card.points == {0: 19, 1: 0}
    assert short_game("speedlaunch", 100.0) == {"loses": "bonus", "under": 120}
    assert short_game("speedlaunch", 120.0) is None


def test_speedtower_the_leavers_computer_builds_out_nobody_gets_the_winners_points():
    """B left; B's computer built B's last stock card. A and C (8 built each) share place 1:
    2 × 8 + 30 each, and the game counts as won for both; B gets −10."""
    state = tower.position(hand=["5"], stock=["9", "8"], seats=3, other_stock=["1"])
    state["stocks"][2] = ["4", "4"]
    st.leave(state, 1)
    tower.play(state, tower.STORE)
    tower.play(state, tower.build("stock", "A"), seat=1)
    table = seats("hhh", left={1})
    card = score("speedtower", st.result(state), table, FULL)
    assert card.points == {0: 16 + 30, 1: -10, 2: 16 + 30}
    assert card.won == {0, 2}
    assert pot_winners(table, st.result(state)["places"]) == ["p0", "p2"]


def test_speedtower_under_90_seconds_is_not_scored_and_says_so():
    state = tower.position(hand=["5"], stock=["1"], seats=2)
    tower.play(state, tower.build("stock", "A"))
    assert score("speedtower", st.result(state), seats("hh"), 28.0) is None
    assert short_game("speedtower", 28.0) == {"loses": "everything", "under": 90}
    assert short_game("speedone", 5.0) is None


def test_speedone_partners_a_team_that_lost_both_players_comes_after_the_stayers():
    """Partners (0+2 against 1+3): seat 1 leaves, later seat 3; the game ends. Seats 0 and 2
    take place 1 (+30 each), seat 3 left later than seat 1 and is placed 2, seat 1 3; both
    leavers get −10 and no bonus."""
    state = position("R7 R8", "G1 G6", "B1 B2", "Y1 Y2", top="R5", settings={"partners": True})
    so.leave(state, 1)
    so.leave(state, 3)
    result = so.result(state)
    assert result["places"] == [1, 3, 1, 2]
    card = score("speedone", result, seats("hhhh", left={1, 3}), FULL)
    assert card.points == {0: 30, 1: -10, 2: 30, 3: -10}
    assert card.won == {0, 2}


def test_speedone_partners_score_the_team_place_and_the_round_won():
    """Seat 0 plays out and is credited the opponents' 8 points (not the partner's 100): team
    0 reaches 203 of a target of 200. Seats 0 and 2 take place 1 (+30), seat 0 also +10 for
    the round; seats 1 and 3 place 2 (+15 at four players)."""
    state = position(
        "R7", "G1 G6", "W W4", "B1", top="R5", settings={"partners": True, "target": 200}
    )
    state["totals"] = [195, 0, 0, 0]
    act(state, play("R7"))
    result = so.result(state)
    assert result["team_totals"] == [203, 0] and result["places"] == [1, 2, 1, 2]
    card = score("speedone", result, seats("hhhh"), FULL)
    assert card.points == {0: 30 + 10, 1: 15, 2: 30, 3: 15}
