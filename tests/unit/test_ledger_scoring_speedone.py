"""Speedone on the leaderboard (DECISIONS.md All games §6): placement bonus 30 / 15 (3+) /
5 (4+) plus 10 per round won, −10 for leaving a game with other humans."""

from services.ledger.scoring import score, speedone
from tests.seats import seats


def result(places, rounds_won, left=(), team_totals=None):
    return {
        "places": places,
        "totals": [100 * won for won in rounds_won],
        "team_totals": team_totals,
        "rounds_won": rounds_won,
        "rounds": sum(rounds_won),
        "left": list(left),
    }


def test_four_players_bonus_and_rounds():
    game = result([1, 3, 2, 4], [4, 1, 2, 0])
    assert speedone.points(game, seats("hhhh"), 900) == {0: 70, 1: 15, 2: 35, 3: 0}


def test_three_players_no_bonus_for_third():
    game = result([2, 1, 3], [2, 3, 1])
    assert speedone.points(game, seats("hhh"), 900) == {0: 35, 1: 60, 2: 10}


def test_two_players_only_the_first_bonus():
    game = result([2, 1], [3, 4])
    assert speedone.points(game, seats("hh"), 900) == {0: 30, 1: 70}


def test_partners_share_their_place():
    game = result([1, 2, 1, 2], [3, 1, 2, 2], team_totals=[510, 320])
    assert speedone.points(game, seats("hhhh"), 900) == {0: 60, 1: 25, 2: 50, 3: 35}


def test_the_second_team_gets_the_bonus_of_place_two_even_when_numbered_three():
    """DECISIONS Speedone §14: the bonus follows the team place (older results said 3)."""
    game = result([1, 3, 1, 3], [3, 1, 2, 2], team_totals=[510, 320])
    assert speedone.points(game, seats("hhhh"), 900) == {0: 60, 1: 25, 2: 50, 3: 35}


def test_tied_teams_both_take_the_bonus_of_place_one():
    game = result([1, 1, 1, 1], [1, 1, 0, 0], team_totals=[200, 200])
    assert speedone.points(game, seats("hhhh"), 900) == {0: 40, 1: 40, 2: 30, 3: 30}


def test_short_games_are_scored():
    game = result([1, 2], [1, 0])
    assert speedone.points(game, seats("hh"), 5) == {0: 40, 1: 0}


def test_leaving_with_other_humans_costs_ten_and_forfeits_rounds_won():
    game = result([1, 2, 3], [3, 1, 2], left=[2])
    assert speedone.points(game, seats("hhh", left={2}), 900) == {0: 60, 1: 25, 2: -10}


def test_leaving_a_game_against_computers_only_scores_zero():
    game = result([2, 1], [2, 3], left=[0])
    assert speedone.points(game, seats("hc", left={0}), 900) == {0: 0}


def test_computers_score_nothing_and_win_nothing():
    game = result([1, 2, 3], [4, 2, 0])
    card = score("speedone", game, seats("chh"), 900)
    assert card.points == {1: 35, 2: 0}
    assert card.won == frozenset()
