"""Speedtower scenarios: a position, a move, and what must follow (rules/speedtower.de.txt as
read by rules/DECISIONS.md and docs/rules/speedtower.md)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from shared.games import speedtower as game
from shared.games.base import (
    HIDDEN,
    OWNER,
    PUBLIC,
    TOP,
    IllegalMove,
    IllegalSettings,
    Visibility,
    redact_event,
)
from tests.engines.moves import play_on

CRANE = "CRANE"


def floors(height: int) -> list[str]:
    """A tower built straight up to ``height``."""
    return [str(floor) for floor in range(1, height + 1)]


def position(
    *,
    hand=(),
    stock=("9", "8"),
    storage=(),
    towers=None,
    material=(),
    rubble=(),
    seats=2,
    other_stock=("11", "10"),
    **facts,
):
    """Seat 0 to move in its first turn, with the given cards (top = last); every other seat
    has an empty hand, ``other_stock`` and empty storage. ``facts`` overwrite state keys."""
    state = game.new({"stock": 10}, seats, seed=7, first=0)
    piles = [list(pile) for pile in storage] + [[] for _ in range(4 - len(storage))]
    state.update(
        hands=[list(hand)] + [[] for _ in range(seats - 1)],
        stocks=[list(stock)] + [list(other_stock) for _ in range(seats - 1)],
        storage=[piles] + [[[] for _ in range(4)] for _ in range(seats - 1)],
        towers=[list((towers or {}).get(name, [])) for name in "ABCD"],
        material=list(material),
        rubble=list(rubble),
    )
    state.update(facts)
    return state


def build(source: str, tower: str, slot: int | None = None) -> dict:
    move = {"type": "build", "from": source, "tower": tower}
    if source == "hand":
        move["index"] = slot
    elif source == "storage":
        move["pile"] = slot
    return move


STORE = {"type": "store", "index": 0, "pile": 0}
UNDO = {"type": "undo"}
PASS = {"type": "pass"}


def play(state, *moves, seat=0):
    """Apply ``moves`` in order for ``seat``; the events of the last one."""
    events = []
    for move in moves:
        assert move in game.legal_moves(state, seat), f"{move} should be listed as legal"
        events = game.apply(state, seat, move)
    return events


def refused(state, move, reason, seat=0):
    """``move`` is refused with ``reason`` (a regex), is not listed, and changes nothing."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove, match=reason):
        game.apply(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before
    listed = {json.dumps(legal, sort_keys=True) for legal in game.legal_moves(state, seat)}
    assert json.dumps(move, sort_keys=True) not in listed, "JSON 0.0 or true is not 0 or 1"


def kinds(events) -> list[str]:
    return [event["type"] for event in events]


# --- the deck and the deal -----------------------------------------------------------------


def test_the_deck_is_twelve_of_each_floor_and_eighteen_cranes():
    counts = Counter(game.DECK)
    assert len(game.DECK) == 162
    assert counts == {**{str(floor): 12 for floor in range(1, 13)}, CRANE: 18}


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("stock", [10, 20, 30])
def test_a_deal_gives_each_stock_its_size_and_the_first_seat_a_hand(seats, stock):
    state = game.new({"stock": stock}, seats, seed="deal", first=seats - 1)
    assert [len(pile) for pile in state["stocks"]] == [stock] * seats
    assert [len(hand) for hand in state["hands"]] == [0] * (seats - 1) + [5]
    assert len(state["material"]) == 162 - seats * stock - 5
    assert game.to_move(state) == seats - 1
    assert state["turns"] == 1
    assert game.view(state, 0)["stock_sizes"] == [stock] * seats


def test_the_house_default_stock_is_twenty_and_first_is_drawn_by_lot():
    state = game.new({}, 3, seed=11)
    assert state["settings"] == {"stock": 20}
    assert game.to_move(state) in range(3)
    assert game.new({}, 3, seed=11) == state


@pytest.mark.parametrize(
    ("settings", "seats", "first"),
    [
        ({"stock": 15}, 2, None),
        ({"stock": "20"}, 2, None),
        ({"towers": 4}, 2, None),
        ({}, 1, None),
        ({}, 5, None),
        ({}, 2, 2),
        ({}, 2, True),
    ],
)
def test_bad_settings_are_refused(settings, seats, first):
    with pytest.raises(IllegalSettings):
        game.new(settings, seats, seed=1, first=first)


# --- building ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("towers", "move", "tower_after", "floor"),
    [
        ({}, build("hand", "A", 0), ["1"], 1),
        ({"B": floors(6)}, build("hand", "B", 1), [*floors(6), "7"], 7),
        ({}, build("hand", "C", 2), [CRANE], 1),  # a crane on an empty tower
        ({"D": floors(4)}, build("hand", "D", 2), [*floors(4), CRANE], 5),
    ],
)
def test_a_hand_card_goes_on_a_tower_that_needs_exactly_its_floor(towers, move, tower_after, floor):
    state = position(hand=["1", "7", CRANE], towers=towers)
    [event] = play(state, move)
    assert state["towers"]["ABCD".index(move["tower"])] == tower_after
    assert event == {
        "type": "build",
        "seat": 0,
        "from": "hand",
        "card": state["towers"]["ABCD".index(move["tower"])][-1],
        "tower": move["tower"],
        "floor": floor,
    }
    assert game.to_move(state) == 0, "building does not end the turn"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (build("hand", "A", 1), "tower A needs floor 1, which a 7 is not"),
        (build("hand", "B", 0), "tower B needs floor 4, which a 1 is not"),
        (build("storage", "A", 0), "needs floor 1, which a 5 is not"),
        (build("storage", "A", 1), "storage pile 1 is empty"),
        (build("stock", "A"), "needs floor 1, which a 8 is not"),
        (build("hand", "E", 0), "tower must be one of A, B, C, D"),
        (build("hand", "A", 3), "index must be a whole number from 0 to 2"),
    ],
)
def test_a_card_that_does_not_fit_is_refused(move, reason):
    state = position(hand=["1", "7", "12"], storage=[["1", "5"]], towers={"B": floors(3)})
    refused(state, move, reason)


def test_storage_and_stock_tops_build_and_the_next_stock_card_turns_up():
    storage = [["4", "2"], [], ["5", "12"]]
    state = position(hand=["9"], stock=["6", "3"], storage=storage, towers={"A": ["1"]})
    play(state, build("storage", "A", 0))
    [event] = play(state, build("stock", "A"))
    assert event == {
        "type": "build",
        "seat": 0,
        "from": "stock",
        "card": "3",
        "tower": "A",
        "floor": 3,
        "stock_left": 1,
        "stock_top": "6",
    }
    [event] = play(state, build("storage", "A", 0))
    assert event["pile"] == 0 and event["card"] == "4"
    assert state["storage"][0] == [[], [], ["5", "12"], []]
    refused(state, build("storage", "A", 2), "needs floor 5, which a 12 is not")


def test_the_twelfth_floor_completes_the_tower_to_the_rubble_and_frees_the_slot():
    state = position(
        hand=["12", CRANE], towers={"A": floors(11), "B": floors(11)}, material=floors(5)
    )
    events = play(state, build("hand", "A", 0))
    assert kinds(events) == ["build", "complete"]
    assert events[1] == {"type": "complete", "seat": 0, "tower": "A"}
    assert state["towers"][0] == [] and state["rubble"] == floors(12)
    # a crane as the twelfth floor completes just the same
    events = play(state, build("hand", "B", 0))
    assert kinds(events)[:2] == ["build", "complete"] and events[0]["floor"] == 12
    assert state["towers"][1] == [] and Counter(state["rubble"])[CRANE] == 1
    assert game.view(state, 0)["towers"][1]["needs"] == 1


def test_five_hand_cards_built_in_a_row_draw_five_at_once():
    material = ["7", "7", "3", "12", "8", "6"]
    state = position(hand=["1", "2", "3", "4", "5"], material=material)
    for _ in range(4):
        play(state, build("hand", "A", 0))
    assert state["material"] == material
    events = play(state, build("hand", "A", 0))
    assert kinds(events) == ["build", "draw"]
    assert state["hands"][0] == ["3", "6", "7", "8", "12"], "drawn from the top, hand sorted"
    assert state["material"] == ["7"]
    draw = events[1]
    assert redact_event(draw, 1) == {"type": "draw", "seat": 0, "count": 5, "reason": "empty_hand"}
    assert redact_event(draw, 0)["cards"] == ["3", "6", "7", "8", "12"]
    assert game.to_move(state) == 0, "and the turn goes on"


def test_an_emptied_hand_draws_five_even_when_it_held_fewer():
    state = position(hand=["1"], material=floors(9))
    events = play(state, build("hand", "A", 0))
    assert events[-1]["count"] == 5 and len(state["hands"][0]) == 5


def test_only_a_build_from_hand_that_empties_it_draws():
    state = position(hand=[], storage=[["12"]], towers={"A": floors(11)})
    events = play(state, build("storage", "A", 0))
    assert kinds(events) == ["build", "complete"], "the rubble waits for the next refill"
    assert state["hands"][0] == [] and game.legal_moves(state, 0) == [PASS]


def test_legal_moves_list_every_build_and_every_store():
    state = position(hand=["2", "2"], stock=["7"], storage=[[], ["1"]], towers={"C": ["1"]})
    builds = [
        build("hand", "C", 0),
        build("hand", "C", 1),
        build("storage", "A", 1),
        build("storage", "B", 1),
        build("storage", "D", 1),
    ]
    stores = [{"type": "store", "index": i, "pile": k} for i in range(2) for k in range(4)]
    assert game.legal_moves(state, 0) == builds + stores
    assert game.legal_moves(state, 1) == []


# --- storing, refilling, the material ------------------------------------------------------


def test_storing_a_hand_card_ends_the_turn_and_the_next_seat_refills_to_five():
    state = position(hand=["4", "9"], material=floors(7))
    state["hands"][1] = ["12", "12"]
    events = play(state, {"type": "store", "index": 1, "pile": 2})
    assert kinds(events) == ["store", "turn", "draw"]
    assert events[0] == {"type": "store", "seat": 0, "card": "9", "pile": 2}
    assert state["storage"][0][2] == ["9"]
    assert events[1] == {"type": "turn", "seat": 1, "turns": 2}
    assert state["hands"][1] == ["5", "6", "7", "12", "12"]
    assert redact_event(events[2], 0) == {"type": "draw", "seat": 1, "count": 3, "reason": "refill"}
    assert game.to_move(state) == 1


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"type": "store", "from": "stock", "pile": 0}, "exactly the fields type, index, pile"),
        ({"type": "store", "from": "storage", "pile": 0, "to": 1}, "exactly the fields"),
        ({"type": "store", "index": 0, "pile": 4}, "pile must be a whole number from 0 to 3"),
    ],
)
def test_stock_cards_never_go_to_storage_nor_storage_cards_between_piles(move, reason):
    refused(position(hand=["4"], storage=[["5"]]), move, reason)


def test_a_refill_that_runs_out_midway_reshuffles_the_rubble():
    state = position(hand=["12"], material=["3", "4"], rubble=floors(12))
    state["hands"][1] = ["12", "12"]
    events = play(state, STORE)
    assert kinds(events) == ["store", "turn", "reshuffle", "draw"]
    assert events[2] == {"type": "reshuffle", "count": 12}
    assert events[3]["count"] == 3
    assert state["rubble"] == [] and len(state["material"]) == 11
    assert Counter(state["hands"][1]) >= Counter(["3", "4", "12", "12"])


def test_a_redraw_mid_turn_reshuffles_the_rubble_but_never_demolishes():
    state = position(hand=["3"], towers={"A": floors(2)}, rubble=["5", "6"])
    events = play(state, build("hand", "A", 0))
    assert kinds(events) == ["build", "reshuffle", "draw"] and events[2]["count"] == 2
    state = position(hand=["3"], towers={"A": floors(2), "B": floors(5)})
    events = play(state, build("hand", "A", 0))
    assert kinds(events) == ["build"], "no demolition mid-turn"
    assert state["hands"][0] == [] and state["towers"][1] == floors(5)


def test_with_material_and_rubble_empty_a_turn_start_demolishes_the_unfinished_towers():
    state = position(hand=["8"], towers={"A": floors(4), "C": ["1", CRANE]})
    events = play(state, STORE)
    assert kinds(events) == ["store", "turn", "demolish", "draw"]
    assert events[2] == {"type": "demolish", "towers": ["A", "C"], "count": 6}
    assert state["towers"] == [[], [], [], []]
    assert Counter(state["hands"][1] + state["material"]) == Counter([*floors(4), "1", CRANE])
    assert len(state["hands"][1]) == 5


def test_a_refill_finding_nothing_at_all_leaves_the_hand_short():
    state = position(hand=["8"])
    assert kinds(play(state, STORE)) == ["store", "turn"]
    assert state["hands"][1] == []


@pytest.mark.parametrize(
    ("hand", "storage", "reason"),
    [
        (["8"], [], "cannot pass while you hold cards"),
        ([], [["1"]], "cannot pass while you can still build"),
    ],
)
def test_passing_needs_an_empty_hand_and_nothing_to_build(hand, storage, reason):
    refused(position(hand=hand, storage=storage), PASS, reason)


def test_a_player_with_nothing_to_build_or_store_passes():
    state = position(hand=[], towers={"A": floors(3)})
    assert game.legal_moves(state, 0) == [PASS]
    events = play(state, PASS)
    assert kinds(events) == ["pass", "turn", "demolish", "draw"]
    assert events[0] == {"type": "pass", "seat": 0}


# --- undo ----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_built_cards_one_by_one():
    state = position(hand=["1", "3", "7"], storage=[["2"]], material=["9"])
    play(state, build("hand", "A", 0), build("storage", "A", 0), build("hand", "A", 0))
    assert game.view(state, 0)["undo"] == {"tower": "A", "floor": 3, "to": "hand"}
    [event] = play(state, UNDO)
    assert event == {"type": "undo", "seat": 0, "card": "3", "tower": "A", "to": "hand"}
    assert state["hands"][0] == ["3", "7"]
    assert game.view(state, 1)["undo"] == {"tower": "A", "floor": 2, "to": "storage", "pile": 0}
    [event] = play(state, UNDO)
    assert event["to"] == "storage" and event["pile"] == 0
    play(state, UNDO)
    assert state["hands"][0] == ["1", "3", "7"] and state["storage"][0][0] == ["2"]
    assert state["towers"][0] == [] and state["built"] == 0
    assert game.view(state, 0)["undo"] is None
    refused(state, UNDO, "nothing to undo: you have built nothing this turn")


@pytest.mark.parametrize(
    ("cards", "moves", "reason"),
    [
        ({"stock": ["9", "1"]}, [build("stock", "A")], "last card built came from your stock"),
        ({"towers": {"B": floors(11)}}, [build("hand", "B", 1)], "last card built completed a"),
        ({"hand": ["2"], "towers": {"C": ["1"]}}, [build("hand", "C", 0)], "drawn new hand cards"),
        (
            {"hand": ["2", "12"], "stock": ["9", "1"]},
            [build("stock", "A"), build("hand", "A", 0), UNDO],
            "your stock",
        ),
        (
            {"hand": ["1", "5", "12"], "towers": {"B": floors(11)}},
            [build("hand", "B", 2), build("hand", "A", 0), UNDO],
            "a tower",
        ),
    ],
)
def test_undo_is_refused_after_a_stock_card_a_completed_tower_or_new_hand_cards(
    cards, moves, reason
):
    state = position(**{"hand": ["1", "12"], "material": floors(5), **cards})
    play(state, *moves)
    refused(state, UNDO, reason)


def test_undo_goes_on_after_a_hand_emptied_with_nothing_left_to_draw():
    """DECISIONS §4: undo stops when hand cards have been drawn, not when the hand empties."""
    state = position(hand=["1"], stock=["9"], other_stock=["9"], towers={"B": floors(3)})
    events = play(state, build("hand", "A", 0))
    assert kinds(events) == ["build"], "material and rubble are empty: nothing is drawn"
    assert UNDO in game.legal_moves(state, 0)
    assert game.view(state, 0)["undo"] == {"tower": "A", "floor": 1, "to": "hand"}
    [event] = play(state, UNDO)
    assert event["card"] == "1" and state["hands"][0] == ["1"] and state["towers"][0] == []


def test_a_turn_of_endless_building_and_taking_back_must_end_by_storing():
    state = position(hand=["1", "7"])
    for _ in range(game.TURN_STEPS // 2):
        play(state, build("hand", "A", 0), UNDO)
    assert game.snapshot(state)["steps_this_turn"] == game.TURN_STEPS
    assert {move["type"] for move in game.legal_moves(state, 0)} == {"store"}
    refused(state, build("hand", "A", 0), "store a card")
    play(state, STORE)
    assert state["turn"] == 1 and game.snapshot(state)["steps_this_turn"] == 0


def test_once_its_steps_are_spent_an_empty_hand_passes_though_it_could_build():
    state = position(hand=[], storage=[["1"]], steps=game.TURN_STEPS)
    assert game.legal_moves(state, 0) == [PASS]
    assert kinds(play(state, PASS))[0] == "pass"


def test_a_new_turn_starts_with_nothing_to_undo():
    state = position(hand=["1", "9"], material=floors(5))
    play(state, build("hand", "A", 0), STORE)
    refused(state, UNDO, "nothing to undo", seat=1)


# --- the end -------------------------------------------------------------------------------


def test_the_last_stock_card_wins_at_once():
    state = position(hand=["5"], stock=["1"], seats=3, other_stock=["4", "4"])
    state["stocks"][2] = ["7"]
    events = play(state, build("stock", "D"))
    assert kinds(events) == ["build", "game_over"]
    outcome = game.result(state)
    assert outcome == {
        "places": [1, 3, 2],
        "winner": 0,
        "left": [],
        "stock_left": [0, 2, 1],
        "stock_built": [10, 8, 9],
        "stock_size": 10,
        "turns": 1,
        "end": "stock_emptied",
    }
    assert events[-1] == {"type": "game_over", **outcome}
    assert game.to_move(state) is None and game.legal_moves(state, 0) == []
    refused(state, STORE, "the game is over")


def test_a_stock_card_that_completes_a_tower_clears_it_and_wins():
    state = position(hand=["5"], stock=[CRANE], towers={"B": floors(11)})
    events = play(state, build("stock", "B"))
    assert kinds(events) == ["build", "complete", "game_over"]
    assert state["towers"][1] == [] and len(state["rubble"]) == 12
    assert game.result(state)["winner"] == 0


def test_after_the_1500th_turn_the_game_ends_without_a_winner_places_shared():
    state = position(hand=["5"], stock=["1", "2", "3"], seats=4, turns=1500)
    state["stocks"][3] = ["6"]
    events = play(state, STORE)
    assert kinds(events) == ["store", "game_over"]
    assert game.result(state) == {
        "places": [4, 2, 2, 1],
        "winner": None,
        "left": [],
        "stock_left": [3, 2, 2, 1],
        "stock_built": [7, 8, 8, 9],
        "stock_size": 10,
        "turns": 1500,
        "end": "turn_limit",
    }


def test_two_full_rounds_with_nothing_built_and_no_material_end_in_a_stalemate():
    state = position(hand=["12"], seats=2, other_stock=["10", "11"])
    state["hands"][1] = ["11"]
    play(state, STORE)  # stalls 1
    play(state, STORE, seat=1)  # stalls 2
    play(state, PASS)  # stalls 3: the 12 stays in storage, nothing fits
    assert state["stalemate"] == 3 and game.result(state) is None
    events = play(state, PASS, seat=1)
    assert kinds(events) == ["pass", "game_over"]
    assert game.result(state)["end"] == "stalemate"
    assert game.result(state)["places"] == [1, 1] and state["turns"] == 4


def test_turns_that_only_store_count_toward_the_stalemate():
    """DECISIONS §5 and §9: storing moves no card toward a finish, so it is no build."""
    state = position(hand=["12", "12"], seats=3, other_stock=["10", "11"])
    for seat in (1, 2):
        state["hands"][seat] = ["11", "11"]
    for count in range(1, 6):
        play(state, STORE, seat=state["turn"])
        assert state["stalemate"] == count and game.result(state) is None
    events = play(state, STORE, seat=state["turn"])
    assert kinds(events) == ["store", "game_over"]
    assert game.result(state)["end"] == "stalemate" and state["turns"] == 6


def test_a_build_or_any_material_resets_the_stalemate_count():
    state = position(hand=["1", "12"], stalemate=3)
    play(state, build("hand", "A", 0), STORE)
    assert state["stalemate"] == 0
    state = position(hand=["12"], material=["4", "5"], stalemate=3)
    play(state, STORE)
    assert state["stalemate"] == 0
    state = position(hand=["1", "12"], stalemate=2)
    play(state, build("hand", "A", 0), UNDO, STORE)
    assert state["stalemate"] == 3, "a build taken back is no build"


# --- view, leave, malformed moves ---------------------------------------------------------


def test_the_view_shows_own_hand_stock_tops_storage_towers_and_sizes():
    state = position(
        hand=["3", CRANE],
        stock=["9", "8"],
        storage=[["7", "6"], [], ["11"]],
        towers={"A": ["1", CRANE]},
        material=["5", "5", "5"],
        rubble=["4"],
    )
    state["hands"][1] = ["10"]
    view = game.view(state, 0)
    assert view["hand"] == ["3", CRANE]
    assert view["hand_sizes"] == [2, 1]
    assert view["stock_tops"] == ["8", "10"] and view["stock_sizes"] == [2, 2]
    assert view["storage"][0] == [["7", "6"], [], ["11"], []]
    assert view["towers"][0] == {"name": "A", "cards": ["1", CRANE], "floors": [1, 2], "needs": 3}
    assert view["towers"][3]["needs"] == 1
    assert (view["material"], view["rubble"], view["turns"], view["turn"]) == (3, 1, 1, 0)
    assert view["over"] is False
    assert view["undo"] is None and view["result"] is None
    assert game.view(state, 1)["hand"] == ["10"]
    assert game.view(state, None)["hand"] is None
    assert '"5"' not in json.dumps(view), "the material stays hidden"


@pytest.mark.parametrize(
    ("zone", "visibility"),
    [
        ("hand:2", Visibility(OWNER, 2)),
        ("stock:0", Visibility(TOP)),
        ("storage:1:3", Visibility(PUBLIC)),
        ("tower:C", Visibility(PUBLIC)),
        ("material", Visibility(HIDDEN)),
        ("rubble", Visibility(HIDDEN)),
    ],
)
def test_who_sees_each_zone(zone, visibility):
    assert game.zone_visibility(zone) == visibility


def test_the_snapshot_holds_every_card_once_in_its_zone():
    state = game.new({"stock": 30}, 4, seed=3)
    zones = game.snapshot(state)["zones"]
    assert Counter(card for cards in zones.values() for card in cards) == Counter(game.DECK)
    assert zones["stock:1"] == state["stocks"][1] and zones["tower:A"] == []
    assert len(zones) == 4 * (2 + 4) + 4 + 2


def test_leaving_keeps_the_seat_for_a_computer_and_notes_only_who_left():
    state = position(hand=["3"])
    before = {**json.loads(json.dumps(state)), "left": [1]}
    assert game.leave(state, 1) is None and state == before


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "undo",
        {},
        {"type": None},
        {"type": ["build"]},
        {"type": "fly"},
        {"type": "build"},
        {"type": "build", "from": {}, "index": 0, "tower": "A"},
        {"type": "build", "from": "hand", "index": True, "tower": "A"},
        {"type": "build", "from": "hand", "index": 0.0, "tower": "A"},
        {"type": "build", "from": "hand", "index": -1, "tower": "A"},
        {"type": "build", "from": "hand", "index": 0, "tower": ["A"]},
        {"type": "build", "from": "hand", "index": 0, "tower": "a"},
        {"type": "build", "from": "hand", "pile": 0, "tower": "A"},
        {"type": "build", "from": "hand", "index": 0, "tower": "A", "extra": 1},
        {"type": "build", "from": "stock", "index": 0, "tower": "A"},
        {"type": "store", "index": "0", "pile": 0},
        {"type": "store", "index": 0, "pile": None},
        {"type": "undo", "steps": 2},
        {"type": "pass", "seat": 0},
    ],
)
def test_malformed_moves_are_refused_cleanly(move):
    refused(position(hand=["1"], stock=["1"], material=["4"]), move, ".")


def test_only_the_seat_to_move_may_move():
    refused(position(hand=["1"]), STORE, "not your turn", seat=1)


# --- states an older house stored -----------------------------------------------------------


def older(state: dict, seat: int) -> dict:
    """``state`` in an older house's words: the seat to move (``seat``, which an older house
    kept even once the game was over) under "seat", the turns counted under "turn", no
    "over"."""
    kept = {key: value for key, value in state.items() if key not in ("turn", "turns", "over")}
    return json.loads(json.dumps({**kept, "seat": seat, "turn": state["turns"]}))


def test_a_running_game_an_older_house_stored_is_renamed_and_plays_on():
    state = game.new({"stock": 10}, 3, seed="older", first=1)
    for _ in range(5):
        seat = game.to_move(state)
        game.apply(state, seat, game.legal_moves(state, seat)[-1])
    upgraded = game.upgrade(older(state, game.to_move(state)))
    assert json.dumps(upgraded, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert play_on(game, upgraded) == play_on(game, state)


def test_a_finished_game_an_older_house_stored_is_over():
    state = game.new({"stock": 10}, 2, seed="older")
    result = play_on(game, state)
    upgraded = game.upgrade(older(state, 1))
    assert (upgraded["over"], upgraded["turn"], game.result(upgraded)) == (True, None, result)
    assert json.dumps(upgraded, sort_keys=True) == json.dumps(state, sort_keys=True)
