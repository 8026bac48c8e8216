"""Speedtower's Bestenliste: winner 25 + 5 per opponents' remaining stock card (at most 150),
others 2 per built stock card, placement bonus 30 / 15 (3+) / 5 (4), −10 for leaving a game
with other humans, games under 90 s not scored."""

from services.ledger.scoring import score, speedtower
from tests.seats import seats

FULL = 600.0


def result(places, winner, stock_left, size=20, end="stock_emptied"):
    return {
        "places": places,
        "winner": winner,
        "stock_left": stock_left,
        "stock_built": [size - left for left in stock_left],
        "stock_size": size,
        "turns": 120,
        "end": end,
    }


def test_three_players_winner_and_built_cards():
    game = result([1, 2, 3], winner=0, stock_left=[0, 7, 12])
    assert speedtower.points(game, seats("hhh"), FULL) == {
        0: 25 + 5 * 19 + 30,
        1: 2 * 13 + 15,
        2: 2 * 8,
    }


def test_two_players_only_first_place_has_a_bonus():
    game = result([2, 1], winner=1, stock_left=[4, 0], size=10)
    assert speedtower.points(game, seats("hh"), FULL) == {0: 12, 1: 25 + 20 + 30}


def test_four_players_third_place_gets_five():
    game = result([1, 3, 2, 4], winner=0, stock_left=[0, 9, 3, 10], size=10)
    assert speedtower.points(game, seats("hhhh"), FULL) == {
        0: min(150, 25 + 5 * 22) + 30,
        1: 2 + 5,
        2: 14 + 15,
        3: 0,
    }


def test_winner_points_are_capped_at_150_before_the_bonus():
    game = result([1, 2, 3, 4], winner=0, stock_left=[0, 25, 28, 30], size=30)
    assert speedtower.winner_points(game) == 150
    assert speedtower.points(game, seats("hhhh"), FULL)[0] == 180


def test_the_cap_is_reached_exactly_at_25_cards_left():
    assert speedtower.winner_points(result([1, 2], 0, [0, 25], size=30)) == 150
    assert speedtower.winner_points(result([1, 2], 0, [0, 24], size=30)) == 145


def test_computers_stock_counts_for_the_winner_but_computers_score_nothing():
    game = result([1, 2, 3], winner=0, stock_left=[0, 6, 8])
    assert speedtower.points(game, seats("hcc"), FULL) == {0: 25 + 70 + 30}


def test_draw_free_end_has_no_winner_and_shared_places():
    game = result([1, 1, 3], winner=None, stock_left=[5, 5, 9], end="turn_limit")
    assert speedtower.points(game, seats("hhh"), FULL) == {0: 30 + 30, 1: 30 + 30, 2: 22}
    assert speedtower.winners(game) == set()


def test_games_under_90_seconds_are_not_scored():
    game = result([1, 2], winner=0, stock_left=[0, 5], size=10)
    assert speedtower.points(game, seats("hh"), 89.9) is None
    assert score("speedtower", game, seats("hh"), 89.9) is None
    assert speedtower.points(game, seats("hh"), 90.0) == {0: 80, 1: 10}


def test_leaving_a_game_with_other_humans_costs_ten():
    game = result([1, 2, 3], winner=0, stock_left=[0, 7, 12])
    assert speedtower.points(game, seats("hhc", left={0}), FULL) == {0: -10, 1: 26 + 15}


def test_leaving_a_solo_game_costs_nothing_and_earns_nothing():
    game = result([1, 2], winner=0, stock_left=[0, 7])
    assert speedtower.points(game, seats("hc", left={0}), FULL) == {0: 0}


def test_the_winner_is_the_seat_that_emptied_its_stock_if_a_human_stayed():
    game = result([2, 1], winner=1, stock_left=[3, 0])
    assert score("speedtower", game, seats("hh"), FULL).won == {1}
    assert score("speedtower", game, seats("hh", left={1}), FULL).won == frozenset()
