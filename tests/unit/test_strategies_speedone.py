"""Speedone's computer players in constructed positions: what normal does by the tips, and
what stark does better by counting cards, reading draws and looking ahead.

Views are built by ``table_view``: the seat to move is 0, the other seats' hands are given by
size, and the draw pile holds whatever no hand and no discard holds, as at a real table.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.games.speedone.cards import COLOURS, DECK, POINTS
from shared.games.speedone.moves import DRAW, ONE, PLAYS
from shared.strategies.speedone import choose, counting, lookahead, race, wild_colour, world


def table_view(hand: str, sizes: list[int], top: str, below=(), **facts) -> dict:
    """Seat 0 to move holding ``hand``; ``sizes`` for seats 1…; ``below`` the discard pile
    under ``top``."""
    hand_cards = hand.split()
    below = list(below)
    used = Counter(hand_cards) + Counter(below) + Counter([top])
    assert used <= Counter(DECK), f"more cards than the deck holds: {used - Counter(DECK)}"
    hand_sizes = [len(hand_cards), *sizes]
    view = {
        "hand": sorted(hand_cards),
        "hand_sizes": hand_sizes,
        "draw_size": len(DECK) - sum(hand_sizes) - len(below) - 1,
        "discard_size": len(below) + 1,
        "discard_below": below,
        "drew_on": [{} for _ in hand_sizes],
        "top": top,
        "color": top[0] if top[0] in COLOURS else "R",
        "direction": 1,
        "pending": None,
        "turn": 0,
        "dealer": len(hand_sizes) - 1,
        "called_one": False,
        "round": 1,
        "totals": [0] * len(hand_sizes),
        "team_totals": None,
        "rounds_won": [0] * len(hand_sizes),
        "left": [],
        "over": False,
        "settings": {
            "stack_draw_two": True,
            "stack_draw_four": True,
            "scoring": "winner_collects",
            "target": 200,
            "partners": False,
        },
    }
    view.update(facts)
    return view


def legal(view: dict) -> list[dict]:
    """The plays of the view's hand on its top card, then draw (no penalty pending)."""
    top, colour = view["top"], view["color"]
    moves = []
    for card in sorted(set(view["hand"])):
        if card in ("W", "W4") or card[0] == colour or card[1:] == top[1:]:
            moves += PLAYS[card]
    return [*moves, DRAW]


def every(cards: str) -> list[str]:
    """Both copies of each card named."""
    return [card for card in cards.split() for _ in "ab"]


def test_normal_and_stark_call_one_and_draw_when_nothing_fits():
    view = table_view("B1 B2", [5], top="R5")
    for strength in ("normal", "stark"):
        assert choose(view, [*legal(view), ONE], strength, random.Random(1)) == ONE
        assert choose(view, legal(view), strength, random.Random(1)) == DRAW


def test_normal_stays_in_the_colour_it_holds_most():
    view = table_view("R4 G4 R1 R2 Y7", [6], top="B4")
    assert choose(view, legal(view), "normal", random.Random(1))["card"] == "R4"


def test_the_unseen_cards_are_the_deck_less_the_hand_and_the_discard_pile():
    view = table_view("R4 G4", [6], top="R5", below=["R4", "G9"])
    pool = counting.unseen(view)
    assert sum(pool.values()) == 6 + view["draw_size"]
    assert "R4" not in pool and pool["R5"] == 1 and pool["G9"] == 1 and pool["B1"] == 2


def test_stark_names_the_colour_the_next_player_drew_on():
    # Blue and yellow are held alike; seat 1 drew on blue and has drawn one card since.
    view = table_view("W B1 B2 Y1 Y2", [6], top="R5", drew_on=[{}, {"B": 1}])
    assert wild_colour(view, "W") == "B"
    move = choose(view, legal(view), "stark", random.Random(1))
    assert move == {"type": "play", "card": "W", "color": "B"}


def test_stark_names_the_colour_whose_cards_are_all_played():
    # Every green but our own is in the discard pile: the next player cannot hold green.
    # Without that count it would name yellow, which it holds more of.
    greens = every("G0 G1 G2 G3 G5 G6 G7 G8 G9 GS GR GD")
    view = table_view("W G4 Y4 Y5", [5], top="R5", below=[*greens, "G4"])
    assert wild_colour(view, "W") == "G"
    assert wild_colour(table_view("W G4 Y4 Y5", [5], top="R5"), "W") == "Y"


def test_stark_tries_a_wild_card_in_a_second_colour_that_stops_the_last_card():
    # The opponent holds one card. Every green but ours and every other wild card has been
    # played, so naming green stops it. The count ranks yellow first (we hold more of it);
    # the look-ahead tries green too and sees it go out on yellow.
    played = every("G0 G1 G2 G3 G5 G6 G7 G8 G9 GS GR GD W4") + ["W", "G4"]
    view = table_view("W Y4 Y6 G4", [1], top="R5", below=played)
    assert wild_colour(view, "W") == "Y"
    move = choose(view, legal(view), "stark", random.Random(1))
    assert move == {"type": "play", "card": "W", "color": "G"}


def test_sampled_worlds_respect_the_colours_a_seat_drew_on():
    view = table_view("R4 G4", [7, 7], top="R5", drew_on=[{}, {"R": 0, "B": 1}, {}])
    rng = random.Random(3)
    worlds = world.Worlds(view)
    for _ in range(50):
        state = worlds.sample(rng)
        hand = state["hands"][1]
        assert len(hand) == 7 and not [card for card in hand if card[0] == "R"]
        assert sum(card[0] == "B" for card in hand) <= 1
        assert len(state["draw"]) == view["draw_size"]
        everything = Counter(state["draw"]) + Counter(state["discard"])
        for seat_hand in state["hands"]:
            everything.update(seat_hand)
        assert everything == Counter(DECK)


def test_stark_leaves_the_player_on_one_card_a_colour_it_cannot_hold():
    # The opponent holds one card. Every green, every 4 and every wild card but ours has been
    # played, so a green 4 on top stops it; normal stays in red and lets it go out often.
    played = every("G0 G1 G2 G3 G5 G6 G7 G8 G9 GS GR GD Y4 W W4") + ["R4", "G4", "B4"]
    view = table_view("R4 G4 R1 R2", [1], top="B4", below=played)
    assert choose(view, legal(view), "normal", random.Random(1))["card"] == "R4"
    assert choose(view, legal(view), "stark", random.Random(1))["card"] == "G4"


def test_stark_plays_its_skip_first_when_two_cards_go_out_in_a_row():
    # Two players: a skip lets the same player play again, so skip then nine goes out now.
    # Played the other way round, the opponent (two cards) gets a turn in between.
    view = table_view("RS R9", [2], top="R5", called_one=True)
    assert choose(view, legal(view), "stark", random.Random(2))["card"] == "RS"


def test_normal_heads_up_plays_the_skip_that_lets_it_play_again():
    # Red skip or red three: both keep one red card. Between two players the skip gives
    # another turn; among four the tips keep it for the end.
    heads_up = table_view("RS R3 G4", [6], top="R5")
    assert choose(heads_up, legal(heads_up), "normal", random.Random(1))["card"] == "RS"
    four = table_view("RS R3 G4", [6, 6, 6], top="R5")
    assert choose(four, legal(four), "normal", random.Random(1))["card"] == "R3"


def test_a_lost_round_costs_stark_the_points_it_holds():
    def lost_holding(card: str) -> dict:
        return {
            "over": True,
            "seats": 2,
            "left": [],
            "hands": [[card], []],
            "totals": [0, POINTS[card]],
            "settings": {"scoring": "winner_collects", "partners": False},
        }

    assert lookahead.value(lost_holding("W"), 0) < lookahead.value(lost_holding("R1"), 0) < 0


@pytest.mark.parametrize("scoring", ["winner_collects", "each_their_own"])
def test_stark_counts_its_partners_round_as_its_own(scoring):
    """Four seats, partners opposite: the partner one card from going out is good news for
    stark (seat 0); without partners the same seat is the rival closest to going out."""

    def position(partners: bool, over: bool) -> dict:
        hands = [["R2", "G3", "B4", "Y5", "R6"], ["G7"] * 8, [] if over else ["R1"], ["B8"] * 8]
        return {
            "over": over,
            "seats": 4,
            "left": [],
            "hands": hands,
            "pending": None,
            "turn": 0,
            "totals": [0, 0, 112, 0] if scoring == "winner_collects" else [20, 56, 0, 64],
            "settings": {"scoring": scoring, "partners": partners},
        }

    for over in (False, True):
        assert (
            lookahead.value(position(True, over), 0) > 0 > lookahead.value(position(False, over), 0)
        )


def test_the_race_favours_the_player_who_needs_fewer_points():
    assert race.chance(12, 12) == pytest.approx(0.5)
    assert race.chance(3, 12) > 0.5 > race.chance(12, 3)
    assert race.chance(3, 12) + race.chance(12, 3) == pytest.approx(1)
    assert race.chance(3, 12) > race.chance(6, 12)


def test_the_race_reads_the_targets_of_both_scoring_modes():
    view = table_view("R1", [5], top="R5", totals=[150, 20])
    collects = race.Race(view, 0, 1)
    assert collects.needs == {0: 50, 1: 180}
    assert collects.after(0, 50) == 1.0
    assert collects.after(1, 50) < collects.after(0, 0) < collects.after(0, 20)
    own = dict(view, settings=dict(view["settings"], scoring="each_their_own"))
    # Each their own: stark at 150 charged is the one close to losing.
    assert race.Race(own, 0, 1).needs == {0: 180, 1: 50}
