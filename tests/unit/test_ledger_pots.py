"""Who gets the pot, and the placement bonus table every game shares."""

import pytest

from services.ledger.pots import pot_winners
from services.ledger.scoring.common import placement_bonus
from tests.seats import seats


def test_best_placed_human_takes_it():
    assert pot_winners(seats("hhhh"), [3, 1, 2, 4]) == ["p1"]


def test_a_computer_ahead_does_not_count():
    assert pot_winners(seats("chch"), [1, 2, 3, 4]) == ["p1"]


def test_tied_humans_share_lowest_seat_first():
    assert pot_winners(seats("hhhh"), [2, 1, 3, 1]) == ["p1", "p3"]


def test_a_leaver_gives_up_the_claim():
    assert pot_winners(seats("hhh", left={0}), [1, 2, 2]) == ["p1", "p2"]


def test_nobody_wins_when_every_human_left():
    assert pot_winners(seats("hch", left={0, 2}), [1, 2, 3]) == []


@pytest.mark.parametrize(
    ("place", "players", "bonus"),
    [
        (1, 1, 30),
        (1, 2, 30),
        (2, 2, 0),
        (2, 3, 15),
        (3, 3, 0),
        (3, 4, 5),
        (2, 6, 15),
        (3, 6, 5),
        (4, 6, 0),
    ],
)
def test_placement_bonus(place, players, bonus):
    assert placement_bonus(place, players) == bonus
