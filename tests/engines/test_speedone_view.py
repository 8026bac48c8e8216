"""Speedone's view carries the round's public history: the discard pile below its top card
(every card in it was played face up) and, per seat, the colours it drew on."""

from __future__ import annotations

import shared.games.speedone as so
from shared.games.base import Visibility
from shared.games.speedone.cards import DECK
from tests.engines.test_speedone import DRAW, act, play, position
from tests.redaction import assert_hides, visible_cards


def test_the_discard_pile_is_public_and_the_view_shows_it_below_the_top():
    state = position("R7 G1", "B1 B2", top="R5", under=("G5", "GS"))
    assert so.zone_visibility("discard") == Visibility("public")
    assert so.view(state, 1)["discard_below"] == ["G5", "GS"]
    act(state, play("R7"))
    view = so.view(state, 1)
    assert (view["top"], view["discard_below"]) == ("R7", ["G5", "GS", "R5"])
    assert view["discard_size"] == 4
    for seat in (0, 1, None):
        assert_hides(so.view(state, seat), visible_cards(so, state, seat), DECK, f"seat {seat}")


def test_a_plain_draw_records_the_colour_asked_and_later_draws_count_on():
    state = position("G1 G2", "B1 B2 B3", "Y1 Y2", top="R5")
    act(state, DRAW)  # seat 0 drew on red
    assert so.view(state, 2)["drew_on"] == [{"R": 1}, {}, {}]
    act(state, DRAW)  # seat 1 too
    act(state, DRAW)  # seat 2 as well
    act(state, DRAW)  # seat 0 again on red: counted afresh from this draw
    assert so.view(state, None)["drew_on"] == [{"R": 1}, {"R": 1}, {"R": 1}]


def test_a_wild_colour_is_the_colour_asked_and_penalties_only_count():
    state = position("W G1 G2", "B1 B2 B3", top="R5")
    act(state, play("W", "Y"))
    act(state, DRAW)  # seat 1 drew on the yellow a wild named
    assert so.view(state, 0)["drew_on"][1] == {"Y": 1}
    state = position("RD G1", "B1 B2 B3", top="R5")
    act(state, play("RD"))
    act(state, DRAW)  # taking a penalty is no sign of lacking a colour
    assert so.view(state, 0)["drew_on"] == [{}, {}]
    state = position("RD G1", "B1 B2 B3", top="R5", drew_on=[{}, {"G": 1}])
    act(state, play("RD"))
    act(state, DRAW)  # but its cards count as drawn since
    assert so.view(state, 0)["drew_on"] == [{}, {"G": 3}]


def test_a_new_round_forgets_the_draws_and_the_snapshot_keeps_them():
    state = position("R7", "B1 B2", top="R5", drew_on=[{"B": 2}, {"R": 1}])
    assert so.snapshot(state)["drew_on"] == [{"B": 2}, {"R": 1}]
    act(state, play("R7"))
    assert state["round"] == 2
    view = so.view(state, 0)
    assert view["drew_on"] == [{}, {}] and view["discard_below"] == []


def test_a_state_dealt_before_the_record_was_kept_plays_on_and_counts_from_its_upgrade():
    state = position("G1 G2", "B1 B2", top="R5")
    del state["drew_on"]
    assert so.view(so.upgrade(state), 1)["drew_on"] == [{}, {}]
    act(state, DRAW)
    assert so.view(state, 1)["drew_on"] == [{"R": 1}, {}]
