"""A booking is validated as a whole before anything is booked."""

import copy

import pytest

from services.ledger.booking_schema import BookingSchema
from services.ledger.bookings import InvalidBooking, book_game, month_of, plan_booking

BOOKING = {
    "game_id": "t7-3",
    "table": "t7",
    "game": "speedone",
    "started_at": 1_700_000_000.0,
    "ended_at": 1_700_000_900.0,
    "stake": 50,
    "seats": [
        {"seat": 0, "kind": "human", "player": "ann", "name": "Ann", "left": False},
        {"seat": 1, "kind": "computer", "player": None, "name": "Bot", "left": False},
        {"seat": 2, "kind": "human", "player": "bo", "name": "Bo", "left": False},
    ],
    "result": {
        "places": [1, 2, 3],
        "totals": [510, 200, 0],
        "team_totals": None,
        "rounds_won": [3, 2, 0],
        "rounds": 5,
        "left": [2],
    },
}


def changed(path, value):
    booking = copy.deepcopy(BOOKING)
    *parents, last = path
    target = booking
    for name in parents:
        target = target[name]
    target[last] = value
    return booking


def test_a_valid_booking_loads_and_speedone_leavers_are_marked():
    loaded = BookingSchema().load(copy.deepcopy(BOOKING))
    assert [seat["left"] for seat in loaded["seats"]] == [False, False, True]
    assert loaded["result"]["places"] == [1, 2, 3]


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("game",), "poker"),
        (("ended_at",), 1_600_000_000.0),
        (("stake",), -1),
        (("seats", 1, "seat"), 5),
        (("seats", 1, "left"), True),
        (("seats", 2, "player"), "ann"),
        (("seats", 0, "player"), None),
        (("seats", 0, "kind"), "ghost"),
        (("result", "places"), [1, 2]),
        (("result", "places"), [1, 2, 4]),
        (("result", "rounds_won"), [1, 2, -1]),
        (("result", "left"), [3]),
        (("result",), {"places": [1, 2, 3]}),
        (("seats",), []),
    ],
)
def test_bad_bookings_are_refused(path, value):
    with pytest.raises(InvalidBooking):
        book_game(changed(path, value), r=None)


def test_speedtower_and_speedlaunch_results_are_checked_against_the_seats():
    tower = changed(("game",), "speedtower")
    tower["result"] = {"places": [1, 2, 3], "winner": 3, "stock_left": [0, 1, 2]}
    tower["result"]["stock_built"] = [10, 9, 8]
    with pytest.raises(InvalidBooking):
        book_game(tower)
    launch = changed(("game",), "speedlaunch")
    launch["result"] = {"places": [1, 2, 3], "rounds": [{"winner": 0, "remaining": [0, 1]}]}
    with pytest.raises(InvalidBooking):
        book_game(launch)


def test_the_plan_books_humans_only_and_names_the_month_of_the_end():
    loaded = BookingSchema().load(copy.deepcopy(BOOKING))
    script_keys, plan = plan_booking(loaded, payers=["ann", "bo", "cy"])
    assert [human["player"] for human in plan["humans"]] == ["ann", "bo"]
    assert [human["points"] for human in plan["humans"]] == [60, -10]
    assert plan["journals"] == ["ann", "bo", "cy"]
    assert plan["winners"] == ["ann"]
    assert "{ledger}:board:speedone:2023-11" in script_keys
    assert script_keys[plan["humans"][1]["stats"] - 1] == "{ledger}:stats:bo"


def test_months_are_calendar_months_in_utc():
    assert month_of(1_706_745_599.0) == "2024-01"  # 2024-01-31 23:59:59 UTC
    assert month_of(1_706_745_600.0) == "2024-02"


def test_a_speedlaunch_round_that_reached_its_turn_limit_has_no_winner_and_is_booked():
    launch = changed(("game",), "speedlaunch")
    launch["result"] = {"places": [1, 1, 1], "rounds": [{"winner": None, "first": 0,
                                                         "remaining": [2, 2, 2]}]}  # fmt: skip
    loaded = BookingSchema().load(launch)
    assert loaded["result"]["rounds"][0]["winner"] is None
