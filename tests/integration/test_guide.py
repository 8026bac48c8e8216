"""The first game's guide and the clock: alone among computers the player's clock waits while
the guide is open (GUIDE_SECONDS at most per game) and runs again after; with other humans at
the table the guide stops nobody's clock (409 not_alone)."""

from __future__ import annotations

import time

import pytest

from shared import store
from shared.tables import house as settings
from tests.integration.harness import (
    CLOCK,
    assert_problem,
    solo_table_to_move,
    start_two_player_game,
)


def test_the_guide_holds_the_clock_of_the_only_human_and_gives_back_what_it_did_not_use(house):
    player, view = solo_table_to_move(house)
    table_id, deadline = view["id"], view["current"]["deadline"]
    opened = house.guide(player, table_id, True)
    assert opened.status_code == 200, opened.json
    current = opened.json["current"]
    assert current["guide_until"] == pytest.approx(time.time() + settings.GUIDE_SECONDS, abs=5)
    assert current["deadline"] >= deadline + settings.GUIDE_SECONDS
    again = house.guide(player, table_id, True).json["current"]
    assert again["deadline"] == current["deadline"]  # open already: nothing changes
    closed = house.guide(player, table_id, False).json["current"]
    assert closed["guide_until"] is None
    assert deadline <= closed["deadline"] <= deadline + 5  # a few seconds open, no more
    doc = store.load(house.r, table_id)
    assert 0 < doc["current"]["guide"]["used"] < 5


def test_at_a_table_with_another_human_the_guide_stops_no_clock(house):
    table_id, players = start_two_player_game(house, clock=CLOCK)
    before = store.load(house.r, table_id)
    for player in players.values():
        assert_problem(house.guide(player, table_id, True), 409, "not_alone")
    assert store.load(house.r, table_id)["current"]["deadline"] == before["current"]["deadline"]
    stranger = house.player("Cleo")
    assert_problem(house.guide(stranger, table_id, True), 403, "not_seated")
    assert_problem(house.guide(players[0], table_id, "yes"), 400, "invalid_request")
