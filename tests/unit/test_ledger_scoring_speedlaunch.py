"""Speedlaunch's Bestenliste: 30 per round won, 20 minus remaining cards otherwise (never
below 0), placement bonus 30 / 15 (3+ players) / 5 (4+ players), bonus and −10 for leaving
only in games of at least two minutes."""

from services.ledger.scoring import score, speedlaunch
from tests.seats import seats

FULL, SHORT = 300.0, 119.0


def one_round(places, winner, remaining):
    return {
        "places": places,
        "minus": remaining,
        "rounds_won": [int(seat == winner) for seat in range(len(places))],
        "rounds": [{"winner": winner, "first": 0, "remaining": remaining}],
    }


def test_four_players_one_round_with_every_bonus():
    result = one_round([2, 1, 3, 4], winner=1, remaining=[4, 0, 9, 15])
    assert speedlaunch.points(result, seats("hhhh"), FULL) == {
        0: 16 + 15,
        1: 30 + 30,
        2: 11 + 5,
        3: 5,
    }


def test_two_players_only_the_first_place_has_a_bonus():
    result = one_round([2, 1], winner=1, remaining=[7, 0])
    assert speedlaunch.points(result, seats("hh"), FULL) == {0: 13, 1: 60}


def test_three_players_no_bonus_for_third():
    result = one_round([3, 1, 2], winner=1, remaining=[12, 0, 2])
    assert speedlaunch.points(result, seats("hhh"), FULL) == {0: 8, 1: 60, 2: 18 + 15}


def test_a_round_without_a_winner_gives_nobody_the_thirty():
    """DECISIONS §15: a round that reached 1,000 turns has no winner; everyone counts cards."""
    result = one_round([2, 1], winner=None, remaining=[9, 4])
    assert speedlaunch.points(result, seats("hh"), FULL) == {0: 11, 1: 16 + 30}


def test_remaining_cards_above_twenty_score_zero_not_negative():
    result = one_round([1, 2], winner=0, remaining=[0, 31])
    assert speedlaunch.points(result, seats("hh"), FULL) == {0: 60, 1: 0}


def test_shared_places_each_get_the_bonus():
    result = one_round([2, 1, 2, 4], winner=1, remaining=[5, 0, 5, 11])
    assert speedlaunch.points(result, seats("hhhh"), FULL) == {0: 30, 1: 60, 2: 30, 3: 9}


def test_every_seat_starts_once_sums_the_rounds():
    result = {
        "places": [1, 2, 3],
        "minus": [3, 6, 30],
        "rounds_won": [2, 1, 0],
        "rounds": [
            {"winner": 0, "first": 0, "remaining": [0, 4, 10]},
            {"winner": 1, "first": 1, "remaining": [3, 0, 8]},
            {"winner": 0, "first": 2, "remaining": [0, 2, 12]},
        ],
    }
    assert speedlaunch.points(result, seats("hhh"), FULL) == {
        0: 30 + 17 + 30 + 30,
        1: 16 + 30 + 18 + 15,
        2: 10 + 12 + 8,
    }


def test_computers_are_placed_but_score_nothing():
    result = one_round([2, 1, 3, 4], winner=1, remaining=[3, 0, 6, 8])
    assert speedlaunch.points(result, seats("hchc"), FULL) == {0: 17 + 15, 2: 14 + 5}


def test_short_game_scores_rounds_without_bonus():
    result = one_round([1, 2, 3], winner=0, remaining=[0, 5, 9])
    assert speedlaunch.points(result, seats("hhh"), SHORT) == {0: 30, 1: 15, 2: 11}


def test_two_minutes_exactly_is_a_full_game():
    result = one_round([1, 2], winner=0, remaining=[0, 5])
    assert speedlaunch.points(result, seats("hh"), 120.0) == {0: 60, 1: 15}


def test_leaver_gets_minus_ten_and_nothing_the_computer_earned():
    result = one_round([1, 2, 3], winner=0, remaining=[0, 5, 9])
    assert speedlaunch.points(result, seats("hhh", left={0}), FULL) == {
        0: -10,
        1: 15 + 15,
        2: 11,
    }


def test_leaving_alone_against_computers_is_penalised_too():
    result = one_round([2, 1], winner=1, remaining=[6, 0])
    assert speedlaunch.points(result, seats("hc", left={0}), FULL) == {0: -10}


def test_leaver_of_a_short_game_gets_neither_penalty_nor_points():
    result = one_round([2, 1], winner=1, remaining=[6, 0])
    assert speedlaunch.points(result, seats("hh", left={0}), SHORT) == {0: 0, 1: 30}


def test_winners_are_every_shared_first_place_but_only_humans_who_stayed_win():
    result = one_round([1, 1, 1, 4], winner=0, remaining=[0, 0, 0, 9])
    card = score("speedlaunch", result, seats("hhch", left={1}), FULL)
    assert speedlaunch.winners(result) == {0, 1, 2}
    assert card.won == {0}
