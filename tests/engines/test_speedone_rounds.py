"""Speedone scenarios beyond a turn: the deal, round end and scoring, game end and places,
partner mode, players leaving, and what the view shows."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import shared.games.speedone as so
from shared.games.base import IllegalMove, IllegalSettings, Visibility
from shared.games.speedone.cards import NUMBER_CARDS, hand_points
from shared.games.speedone.scoring import places
from tests.engines.moves import play_on
from tests.engines.test_contract import check_events
from tests.engines.test_speedone import DRAW, act, only, play, position
from tests.redaction import assert_hides, visible_by_seat, visible_cards

DECK = frozenset(so.DECK)


def going_out(*hands: str, settings=None, **facts) -> dict:
    """Seat 0 holds only R7 and plays it onto R5 next; the others hold ``hands``."""
    return position("R7", *hands, top="R5", settings=settings, **facts)


# --- the deal -------------------------------------------------------------------------------


def test_the_deck_has_108_cards_26_a_colour_and_four_wild():
    counts = Counter(so.DECK)
    assert len(so.DECK) == 108
    for colour in "RGBY":
        assert sum(n for card, n in counts.items() if card[0] == colour) == 26
        assert all(counts[colour + symbol] == 2 for symbol in "0123456789SRD")
    assert counts["W"] == 2 and counts["W4"] == 2


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_a_new_game_deals_seven_each_and_turns_a_number(seats):
    state = so.new({}, seats, seed=seats)
    assert [len(hand) for hand in state["hands"]] == [7] * seats
    assert state["discard"][-1] in NUMBER_CARDS and len(state["discard"]) == 1
    assert len(state["draw"]) == 108 - 7 * seats - 1
    assert state["turn"] == (state["dealer"] + 1) % seats
    assert (state["direction"], state["pending"], state["round"]) == (1, None, 1)
    assert state["totals"] == [0] * seats


def test_the_first_dealer_is_drawn_by_lot_and_replays_from_the_seed():
    dealers = {so.new({}, 4, seed=seed)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert so.new({}, 4, seed="table-9") == so.new({}, 4, seed="table-9")


@pytest.mark.parametrize(("first", "dealer"), [(0, 3), (2, 1)])
def test_first_names_the_seat_that_begins(first, dealer):
    state = so.new({}, 4, seed=5, first=first)
    assert (state["turn"], state["dealer"]) == (first, dealer)


@pytest.mark.parametrize(
    ("settings", "seats", "first"),
    [
        pytest.param({}, 1, None, id="one seat"),
        pytest.param({}, 7, None, id="seven seats"),
        pytest.param({"partners": True}, 3, None, id="partners with three"),
        pytest.param({"partners": True}, 6, None, id="partners with six"),
        pytest.param({"target": 300}, 4, None, id="a target not offered"),
        pytest.param({"stack_draw_two": 1}, 4, None, id="a number for a switch"),
        pytest.param({}, 4, 4, id="a first seat not at the table"),
    ],
)
def test_bad_settings_are_refused(settings, seats, first):
    with pytest.raises(IllegalSettings):
        so.new(settings, seats, seed=1, first=first)


def test_the_house_defaults():
    state = so.new({}, 4, seed=1)
    assert state["settings"] == {
        "stack_draw_two": True,
        "stack_draw_four": True,
        "scoring": "winner_collects",
        "target": 500,
        "partners": False,
    }


def test_turned_action_and_wild_cards_go_back_until_a_number_shows():
    for rng in range(200):
        state = going_out("G1 G2", "B1 B2", rng=rng)
        events = act(state, play("R7"))
        turned = [event["revealed"][0] for event in events if event["type"] == "turn_up"]
        if turned:
            break
    else:
        pytest.fail("no deal in 200 turned an action or wild card first")
    assert not set(turned) & NUMBER_CARDS
    assert state["discard"] == [only(events, "deal")["top"]]
    assert state["discard"][0] in NUMBER_CARDS
    assert Counter(turned) <= Counter(state["draw"]), "turned cards are shuffled back in"


# --- round end and scoring ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [("R7 B0 Y9", 16), ("GS BR YD", 60), ("W W4", 100), ("R7 GS W4 B0", 77), ("", 0)],
)
def test_hand_points_numbers_face_value_actions_20_wild_cards_50(hand, points):
    assert hand_points(hand.split()) == points


@pytest.mark.parametrize(
    ("scoring", "totals"),
    [
        pytest.param("winner_collects", [107, 0, 0], id="winner collects"),
        pytest.param("each_their_own", [0, 7, 100], id="each their own"),
    ],
)
def test_the_last_card_ends_the_round_and_scores_it(scoring, totals):
    state = going_out("G1 G6", "W W4", settings={"scoring": scoring}, dealer=2)
    events = act(state, play("R7"))
    assert events[0] == {"type": "out", "seat": 0, "revealed": ["R7"]}
    assert events[1] == {"type": "hand", "seat": 1, "points": 7, "revealed": ["G1", "G6"]}
    assert events[2] == {"type": "hand", "seat": 2, "points": 100, "revealed": ["W", "W4"]}
    assert events[3] == {
        "type": "round_end",
        "round": 1,
        "winner": 0,
        "points": [0, 7, 100],
        "scored": totals,
        "totals": totals,
        "team_totals": None,
    }
    assert state["totals"] == totals and state["rounds_won"] == [1, 0, 0]


def test_the_next_round_is_dealt_by_the_next_seat_clockwise():
    state = going_out("G1 G6", "B1 B2", dealer=2, direction=-1, round=3)
    events = act(state, play("R7"))
    deal = only(events, "deal")
    assert (state["round"], state["dealer"], state["turn"], state["direction"]) == (4, 0, 1, 1)
    assert deal | {"private": None, "top": None} == {
        "type": "deal",
        "round": 4,
        "dealer": 0,
        "turn": 1,
        "top": None,
        "hand_sizes": [7, 7, 7],
        "private": None,
    }
    assert [sorted(deal["private"][str(seat)]["hand"]) for seat in range(3)] == [
        sorted(hand) for hand in state["hands"]
    ]


def test_a_draw_card_as_the_last_card_ends_the_round_without_its_penalty():
    state = position("RD", "G1 G6", "B1 B2", top="R5", dealer=2)
    act(state, play("RD"))
    assert state["round"] == 2 and state["pending"] is None
    assert [len(hand) for hand in state["hands"]] == [7, 7, 7]


def test_a_stacked_draw_card_ending_the_game_leaves_no_penalty_pending():
    state = position(
        "GD",
        "G1 G6",
        top="RD",
        pending={"kind": "draw_two", "amount": 2},
        settings={"target": 200},
        totals=[195, 0],
    )
    act(state, play("GD"))
    assert so.to_move(state) is None
    view = so.view(state, 1)
    assert (view["top"], view["color"], view["pending"]) == ("GD", "G", None)


def test_round_end_events_show_each_seat_only_what_it_may_see():
    state = going_out("G1 G6", "W W4", dealer=2)
    before = visible_by_seat(so, state)
    events = act(state, play("R7"))
    check_events(before, visible_by_seat(so, state), events, DECK)


# --- game end and places --------------------------------------------------------------------

GAME_ENDS = [
    # (scoring, target, totals before, over, places)
    pytest.param("winner_collects", 200, [100, 0, 0], True, [1, 2, 2], id="collects 200: reached"),
    pytest.param("winner_collects", 500, [100, 0, 0], False, None, id="collects 500: not yet"),
    pytest.param(
        "winner_collects", 500, [400, 450, 0], True, [1, 2, 3], id="collects 500: reached"
    ),
    pytest.param("each_their_own", 200, [0, 150, 100], True, [1, 2, 3], id="own 200: lowest wins"),
    pytest.param("each_their_own", 500, [0, 150, 0], False, None, id="own 500: not yet"),
    pytest.param("each_their_own", 200, [107, 193, 7], True, [1, 3, 1], id="own: shared place"),
]


@pytest.mark.parametrize(("scoring", "target", "totals", "over", "places"), GAME_ENDS)
def test_the_game_ends_at_the_target_and_places_follow_the_scoring(
    scoring, target, totals, over, places
):
    state = going_out("G1 G6", "W W4", settings={"scoring": scoring, "target": target})
    state["totals"] = list(totals)
    events = act(state, play("R7"))
    assert (so.to_move(state) is None) == over
    if not over:
        assert so.result(state) is None and state["round"] == 2
        return
    assert events[-1]["type"] == "game_over" and events[-1]["places"] == places
    assert so.result(state) == {
        "places": places,
        "totals": state["totals"],
        "team_totals": None,
        "rounds_won": [1, 0, 0],
        "rounds": 1,
        "left": [],
    }
    assert so.legal_moves(state, 0) == []


def test_partners_sum_their_totals_and_a_team_reaching_the_target_ends_the_game():
    state = going_out(
        "G1 G6", "W W4", "B1", settings={"partners": True, "target": 200}, totals=[120, 0, 80, 60]
    )
    events = act(state, play("R7"))
    round_end = only(events, "round_end")
    assert round_end["points"] == [0, 7, 100, 1], "every hand is shown, the partner's too"
    assert round_end["scored"] == [8, 0, 0, 0], "the opponents' hands only (DECISIONS §16)"
    assert round_end["totals"] == [128, 0, 80, 60]
    assert round_end["team_totals"] == [208, 60]
    assert so.result(state)["places"] == [1, 2, 1, 2], "teams are placed as teams, 1 and 2"
    assert so.result(state)["team_totals"] == [208, 60]


@pytest.mark.parametrize(
    ("scoring", "totals", "left", "expected"),
    [
        pytest.param("winner_collects", [100, 0, 0, 0], [], [1, 2, 1, 2], id="collects"),
        pytest.param("each_their_own", [300, 0, 0, 0], [], [2, 1, 2, 1], id="own: lower wins"),
        pytest.param("each_their_own", [0, 0, 50, 50], [], [1, 1, 1, 1], id="a tie shares 1"),
        pytest.param("winner_collects", [0, 90, 0, 0], [0, 2], [3, 1, 2, 1], id="team left"),
        pytest.param("winner_collects", [0, 90, 0, 0], [1], [2, 3, 2, 1], id="partner left"),
        pytest.param("winner_collects", [90, 0, 0, 0], [1], [1, 3, 1, 2], id="loser left"),
        pytest.param("winner_collects", [90, 0, 0, 0], [1, 0], [3, 4, 1, 2], id="one of each"),
    ],
)
def test_partners_are_placed_as_teams_and_who_left_after_them(scoring, totals, left, expected):
    state = position(
        "R7 R8", "G1 G6", "B1 B2", "Y1 Y2", settings={"partners": True, "scoring": scoring}
    )
    state.update(totals=totals, left=left)
    assert places(state) == expected


def test_partners_play_on_while_no_team_reaches_the_target():
    state = going_out(
        "G1 G6", "W W4", "B1", settings={"partners": True, "target": 500}, totals=[0, 0, 0, 0]
    )
    act(state, play("R7"))
    assert so.to_move(state) is not None
    assert so.view(state, 0)["team_totals"] == [8, 0], "the partner's W W4 count for nothing"


# --- leaving --------------------------------------------------------------------------------


def test_a_player_leaving_abandons_the_round_and_deals_again_without_them():
    state = position("R7 R8", "G1 G6", "B1 B2", "Y1 Y2", top="R5", dealer=3, totals=[5, 6, 7, 8])
    before = visible_by_seat(so, state)
    events = so.leave(state, 1)
    check_events(before, visible_by_seat(so, state), events, DECK)
    assert [event["type"] for event in events][:2] == ["leave", "round_abandoned"]
    assert events[-1]["type"] == "deal"
    assert [len(hand) for hand in state["hands"]] == [7, 0, 7, 7]
    assert state["totals"] == [5, 6, 7, 8] and state["round"] == 1
    assert (state["dealer"], state["turn"]) == (3, 0)
    assert Counter(card for zone in so.snapshot(state)["zones"].values() for card in zone) == (
        Counter(so.DECK)
    )
    act(state, DRAW)
    assert state["turn"] == 2, "the seat that left is skipped"


def test_when_the_dealer_leaves_the_next_seat_deals():
    state = position("R7 R8", "G1 G6", "B1 B2", top="R5", dealer=1)
    so.leave(state, 1)
    assert (state["dealer"], state["turn"]) == (2, 0)


@pytest.mark.parametrize(("card", "turn"), [("RS", 0), ("RR", 0), ("R9", 2)])
def test_seats_that_left_are_skipped_and_two_left_play_as_two(card, turn):
    state = position(f"{card} R8", "", "B1 B2", top="R5", left=[1])
    act(state, play(card))
    assert state["turn"] == turn


def test_one_player_left_ends_the_game_and_leavers_are_placed_last_the_latest_first():
    state = position("R7 R8", "G1 G6", "B1 B2", top="R5", totals=[0, 300, 0])
    so.leave(state, 1)
    events = so.leave(state, 0)
    assert [event["type"] for event in events] == ["leave", "game_over"]
    assert so.to_move(state) is None
    assert so.result(state)["places"] == [2, 3, 1]
    assert so.result(state)["left"] == [1, 0]
    assert so.leave(state, 2) == [] and so.result(state)["left"] == [1, 0]


def test_in_partner_mode_the_game_ends_when_one_team_is_left():
    state = position("R7 R8", "G1 G6", "B1 B2", "Y1 Y2", top="R5", settings={"partners": True})
    so.leave(state, 1)
    assert so.to_move(state) is not None, "one partner leaving leaves both teams in"
    assert so.leave(state, 1) == [], "leaving twice changes nothing"
    events = so.leave(state, 3)
    assert events[-1]["type"] == "game_over" and events[-1]["end"] == "left"
    assert so.result(state)["places"] == [1, 3, 1, 2], "who left follows, the later higher"


def test_a_game_ended_by_leaving_shows_no_pending_penalty_and_takes_no_move():
    state = position("R7 R8", "G1 G6", top="RD", pending={"kind": "draw_two", "amount": 2})
    act(state, {"type": "one"})
    so.leave(state, 1)
    for seat in (0, 1, None):
        view = so.view(state, seat)
        assert view["pending"] is None and view["called_one"] is False and view["turn"] is None
        assert so.legal_moves(state, seat) == []
        with pytest.raises(IllegalMove, match="the game is over"):
            so.apply(state, seat, DRAW)


# --- rounds without end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "scored"),
    [("each_their_own", [15, 8, 3]), ("winner_collects", [0, 0, 0])],
)
def test_a_round_that_reaches_the_turn_limit_ends_without_a_winner(scoring, scored):
    state = position("R7 R8", "G1 G2 G5", "B1 B2", draw=["R0"], settings={"scoring": scoring})
    state["turns"] = so.ROUND_TURNS - 1
    events = act(state, DRAW)
    kinds = [event["type"] for event in events]
    assert kinds[:5] == ["draw", "hand", "hand", "hand", "round_end"] and "out" not in kinds
    round_end = only(events, "round_end")
    assert round_end["winner"] is None and round_end["turns"] == so.ROUND_TURNS
    assert round_end["scored"] == scored and state["rounds_won"] == [0, 0, 0]
    assert state["round"] == 2 and state["turns"] == 0 and kinds[-1] == "deal"


def test_a_player_who_always_draws_cannot_keep_a_round_going():
    state = position("R7", "G1", settings={"scoring": "each_their_own"})
    turns = 0
    while state["round"] == 1:
        act(state, DRAW)
        turns += 1
    assert turns == so.ROUND_TURNS


def test_the_game_ends_after_its_last_round_whatever_the_totals():
    state = going_out("G1 G6", "B1", settings={"target": 500}, round=so.MAX_ROUNDS)
    events = act(state, play("R7"))
    assert events[-1]["type"] == "game_over" and events[-1]["end"] == "rounds"
    assert so.to_move(state) is None and so.result(state)["places"] == [1, 2, 2]


# --- view and snapshot ----------------------------------------------------------------------


def test_the_view_shows_the_own_hand_sorted_and_only_counts_of_the_others():
    state = position(
        "Y1 R7 W G5",
        "G1 G6",
        "B1 B2 B3",
        top="RD",
        pending={"kind": "draw_two", "amount": 4},
        direction=-1,
        dealer=1,
        totals=[10, 20, 30],
        round=2,
    )
    view = so.view(state, 0)
    assert view == {
        "hand": ["G5", "R7", "W", "Y1"],
        "hand_sizes": [4, 2, 3],
        "draw_size": len(state["draw"]),
        "discard_size": 1,
        "discard_below": [],
        "drew_on": [{}, {}, {}],
        "round_history": [],
        "top": "RD",
        "color": "R",
        "direction": -1,
        "pending": {"kind": "draw_two", "amount": 4},
        "turn": 0,
        "turns": 0,
        "dealer": 1,
        "called_one": False,
        "round": 2,
        "totals": [10, 20, 30],
        "team_totals": None,
        "rounds_won": [0, 0, 0],
        "left": [],
        "over": False,
        "settings": state["settings"],
    }
    assert so.view(state, None)["hand"] is None
    for seat in (0, 1, 2, None):
        assert_hides(so.view(state, seat), visible_cards(so, state, seat), DECK, f"seat {seat}")


def test_zones_hold_the_whole_deck_and_say_who_sees_them():
    state = so.new({}, 3, seed=2)
    zones = so.snapshot(state)["zones"]
    assert set(zones) == {"hand:0", "hand:1", "hand:2", "draw", "discard"}
    assert Counter(card for cards in zones.values() for card in cards) == Counter(so.DECK)
    assert so.zone_visibility("hand:2") == Visibility("owner", 2)
    assert so.zone_visibility("discard") == Visibility("public")
    assert so.zone_visibility("draw") == Visibility("hidden")


# --- states an older house stored -----------------------------------------------------------


def test_a_running_game_an_older_house_stored_gets_what_was_kept_since_and_plays_on():
    """Speedone's words are the house's words already; an older state lacks only the keys
    kept since (ADDED_LATER)."""
    state = so.new({}, 3, seed="older")
    for _ in range(6):
        seat = so.to_move(state)
        so.apply(state, seat, so.legal_moves(state, seat)[0])
    older = {key: value for key, value in state.items() if key not in so.ADDED_LATER}
    upgraded = so.upgrade(json.loads(json.dumps(older)))
    assert set(so.ADDED_LATER) <= set(upgraded) and upgraded["over"] is False
    assert play_on(so, upgraded)["places"]
