"""How the rating sees a booked game: units (seats or partner teams) and their ranks."""

from services.ledger.placings import Unit, units_of
from tests.seats import seats


def test_every_seat_is_a_unit_ranked_by_its_place_and_ties_share_a_rank():
    units = units_of("speedlaunch", seats("hhhh"), {"places": [2, 1, 1, 4]})
    assert units == [Unit((0,), 2), Unit((1,), 1), Unit((2,), 1), Unit((3,), 4)]


def test_leavers_rank_behind_everyone_who_stayed_whatever_their_place():
    units = units_of("speedtower", seats("hhh", left=(0,)), {"places": [1, 3, 2]})
    assert units == [Unit((1,), 3), Unit((2,), 2), Unit((0,), 4)]


def test_the_later_leaver_ranks_higher():
    result = {"places": [3, 1, 3, 3], "left": [2, 0]}  # seat 2 left first, then seat 0
    units = units_of("speedone", seats("hhhh", left=(0, 2)), result)
    assert units == [Unit((1,), 1), Unit((3,), 3), Unit((0,), 4), Unit((2,), 5)]


def test_partners_are_one_unit_and_a_leaving_partner_is_placed_alone_behind():
    partners = {"places": [2, 1, 2, 1], "team_totals": [120, 300], "left": []}
    assert units_of("speedone", seats("hhhh"), partners) == [Unit((0, 2), 2), Unit((1, 3), 1)]
    left = {**partners, "left": [3]}
    assert units_of("speedone", seats("hhhh", left=(3,)), left) == [
        Unit((0, 2), 2),
        Unit((1,), 1),
        Unit((3,), 3),
    ]
