"""The Speedtower computers at work: scenario turns played through the engine, each checked
by what the turn leaves behind (stock, hand, storage, towers)."""

from __future__ import annotations

import random

import pytest

import shared.games.speedtower as engine
from shared.games.speedtower.cards import hand_order
from shared.strategies import choose
from shared.strategies.speedtower.planner import anywhere
from shared.strategies.speedtower.position import Position

PLANNERS = ("normal", "stark")


def site(hand, stock, towers, storage=((), (), (), ()), opponent_stock="12", seats=2):
    """Seat 0 to move: its hand, stock top (on two 12s), storage piles; the heights of towers
    A–D; every opponent's stock top (on two 12s as well)."""
    state = engine.new({"stock": 10}, seats, 1, first=0)
    state["hands"][0] = sorted(hand, key=hand_order)
    state["stocks"][0] = ["12", "12", stock]
    for opponent in range(1, seats):
        state["stocks"][opponent] = ["12", "12", opponent_stock]
    state["storage"][0] = [list(pile) for pile in storage]
    state["towers"] = [[str(floor) for floor in range(1, height + 1)] for height in towers]
    return state


def play_turn(state, strength):
    """Let the computer play seat 0's turn to its end; the moves it made."""
    moves = []
    while engine.to_move(state) == 0:
        legal = engine.legal_moves(state, 0)
        move = choose("speedtower", engine.view(state, 0), legal, strength, random.Random(0))
        assert move in legal
        engine.apply(state, 0, move)
        moves.append(move)
    return moves


def needs(state):
    return [len(tower) + 1 for tower in state["towers"]]


@pytest.mark.parametrize("strength", PLANNERS)
def test_builds_the_stock_card_through_a_chain_from_hand_and_storage(strength):
    state = site(["4", "9", "11", "11", "12"], "6", [3, 9, 9, 9], storage=[["5"], [], [], []])
    play_turn(state, strength)
    assert len(state["stocks"][0]) < 3
    assert "5" not in state["storage"][0][0]


@pytest.mark.parametrize("strength", PLANNERS)
def test_spends_a_crane_when_it_brings_the_stock_card(strength):
    state = site(["CRANE", "9", "10", "11", "12"], "6", [4, 9, 9, 9])
    play_turn(state, strength)
    assert len(state["stocks"][0]) < 3


@pytest.mark.parametrize("strength", PLANNERS)
def test_saves_its_cranes_when_no_stock_card_is_in_reach(strength):
    state = site(["2", "7", "9", "CRANE", "CRANE"], "11", [0, 0, 0, 0])
    play_turn(state, strength)
    assert len(state["stocks"][0]) == 3
    assert state["hands"][0].count("CRANE") == 2
    assert all("CRANE" not in pile for pile in state["storage"][0])


@pytest.mark.parametrize("strength", PLANNERS)
def test_stores_downwards_and_like_with_like(strength):
    storage = [["9", "8"], ["5"], [], []]
    for hand, pile in ((["3", "5", "10", "11", "12"], 1), (["2", "7", "10", "11", "12"], 0)):
        state = site(hand, "12", [5, 5, 5, 5], storage=storage)
        (move,) = play_turn(state, strength)
        assert move["type"] == "store" and move["pile"] == pile


@pytest.mark.parametrize("strength", PLANNERS)
def test_opens_an_empty_pile_with_a_card_held_twice_else_with_its_highest(strength):
    storage = [["9"], [], [], []]
    for hand, card in ((["2", "4", "4", "7", "11"], "4"), (["2", "4", "7", "10", "11"], "11")):
        state = site(hand, "12", [5, 5, 5, 5], storage=storage)
        (move,) = play_turn(state, strength)
        assert move["type"] == "store" and move["pile"] != 0
        assert state["storage"][0][move["pile"]] == [card]


def test_stark_blocks_the_set_up_its_own_stock_card_made():
    state = site(["4", "9", "10", "11", "12"], "3", [2, 9, 9, 9], opponent_stock="4")
    play_turn(state, "stark")
    assert len(state["stocks"][0]) < 3
    assert 4 not in needs(state)


def test_stark_builds_nothing_that_sets_the_next_player_up():
    state = site(["3", "8", "9", "10", "11"], "12", [2, 6, 6, 6], opponent_stock="4")
    play_turn(state, "stark")
    assert 4 not in needs(state)


@pytest.mark.parametrize("seats", [2, 4])
def test_stark_spares_the_others_a_set_up_heads_up_more_than_among_four(seats):
    """Its last card, a 3, would empty its hand (five fresh cards) and raise a tower to where
    the others' stock cards (4) go on. Heads-up that hands the one rival the race: it stores
    the 3. Among three others, who set each other up anyway, it builds it and draws."""
    state = site(["3"], "8", [2, 6, 6, 6], opponent_stock="4", seats=seats)
    play_turn(state, "stark")
    if seats == 2:
        assert 4 not in needs(state) and state["storage"][0] != [[], [], [], []]
    else:
        assert 4 in needs(state) and len(state["hands"][0]) == 4  # five drawn, one stored


def test_stark_builds_its_stock_card_even_where_it_sets_players_up():
    state = site(["2", "3", "9", "10", "11"], "5", [4, 6, 6, 6], opponent_stock="6", seats=4)
    state["stocks"][0][:0] = ["12"] * 4  # every opponent leads by four stock cards
    play_turn(state, "stark")
    assert len(state["stocks"][0]) < 7


def test_stark_takes_a_crane_round_past_the_twelfth_floor_to_its_stock_card():
    hand = ["CRANE", "1", "5", "6", "8"]
    state = site(hand, "2", [5, 10, 10, 10], storage=[["12"], [], [], []], seats=4)
    play_turn(state, "stark")
    assert len(state["stocks"][0]) < 3


def test_stark_values_holding_the_floors_just_below_its_stock_card():
    def chance(hand):
        return anywhere(Position(hand, ((), (), (), ()), (0, 0, 0, 0), 9), fresh=1)

    assert chance((7, 8, 12)) > chance((6, 8, 12)) > chance((2, 3, 12))


def test_leicht_builds_its_stock_card_when_it_fits():
    state = site(["1", "2", "8", "9", "10"], "6", [5, 0, 0, 0])
    assert play_turn(state, "leicht")[0] == {"type": "build", "from": "stock", "tower": "A"}


@pytest.mark.parametrize("strength", PLANNERS)
def test_with_an_empty_hand_builds_on_while_anything_fits(strength):
    state = site([], "11", [0, 0, 0, 0], storage=[["CRANE"], [], [], []])
    moves = play_turn(state, strength)
    assert [move["type"] for move in moves] == ["build", "pass"]
