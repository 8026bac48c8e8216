"""One generic test for every registered engine (OpenSpiel-style random play).

Registering a game in ``shared.games`` is all it takes to have it checked: cards conserved,
``legal_moves`` exactly for the seat to move, refused moves change nothing, JSON round trips,
exact replays, an end within a bound, no view, preview or event showing a card hidden from its
seat, the same words in every state and view (``turn``: the seat to move, None once ``over``),
and states of an older house (without the keys ``ADDED_LATER`` lists) upgraded to play on.
Every engine declares ``MAX_MOVES``, a bound no game may pass, and games of players who
always take the passive way out (draw, take the ramp, undo, pass) must end within it too.
The default run checks a dense sample of positions; ``-m slow`` checks every position of
the first games.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from shared.games import get_game, names
from shared.games.base import IllegalMove, IllegalSettings, redact_event
from tests.redaction import assert_hides, visible_by_seat
from tests.toygame import engine as toygame

GAMES_PER_ENGINE = 200
# Every position of fewer games: each position costs a full redaction scan of every view.
GAMES_AT_EVERY_MOVE = 50
# Games of stubborn players: long by design, so fewer, and only sparsely checked.
STUBBORN_GAMES = 4
# Moves that only take cards in. A uniformly random player picks them as often as real plays,
# so shedding games would last far longer than any real game (a random Speedone game to 500
# averages some 27,000 moves); the random player picks again once when it drew one of these.
PASSIVE = frozenset({"draw", "take", "undo"})
# What a stubborn player does whenever it can: never shed a card if it can help it, and
# rather build again what it has just taken back than end its turn.
STUBBORN = ("take", "draw", "undo", "pass", "end", "build")
JUNK = (None, -1, 999, "??", [], {}, 1.5, True, "R", "draw")


def engine(name):
    return toygame if name == toygame.NAME else get_game(name)


ENGINES = [*names(), toygame.NAME]


def random_settings(game, rng):
    return {option.name: rng.choice(option.choices) for option in game.OPTIONS}


def deal(game, rng, index):
    """A new game with settings and a seat count drawn from ``rng`` (redrawn when the
    combination is not allowed, e.g. a partner mode for the wrong number of seats)."""
    for _ in range(100):
        seats = game.MIN_SEATS + index % (game.MAX_SEATS - game.MIN_SEATS + 1)
        settings = random_settings(game, rng)
        seed = rng.randrange(2**32)
        try:
            return settings, seats, seed, game.new(settings, seats, seed)
        except IllegalSettings:
            index += 1
    raise AssertionError("no allowed settings found")


def mutations(move, rng):
    """Moves that differ from a legal one by a junk value or a missing field."""
    out = []
    for key in move:
        changed = dict(move)
        changed[key] = rng.choice(JUNK)
        out.append(changed)
        dropped = {k: v for k, v in move.items() if k != key}
        out.append(dropped)
    out.append({"type": "no-such-move"})
    out.append({})
    return out


def check_position(game, state, deck, rng, visible, probe):
    """Every invariant of one position (``visible``: what each seat may see in it; ``probe``:
    a move to try on the seats not to move, a spectator (None) and a finished game)."""
    frozen = json.dumps(state, sort_keys=True)
    assert json.loads(frozen) == json.loads(json.dumps(state)), "state must be JSON"
    upgraded = json.dumps(game.upgrade(json.loads(frozen)), sort_keys=True)
    assert upgraded == frozen, "upgrade changed a state that is up to date"
    snapshot = game.snapshot(state)
    json.dumps(snapshot)
    assert Counter(card for cards in snapshot["zones"].values() for card in cards) == Counter(
        game.DECK
    ), "cards must be conserved"

    mover = game.to_move(state)
    over = game.result(state) is not None
    assert (state["turn"], state["over"]) == (mover, over), "the state's turn and over"
    seats = state["seats"]
    others = [seat for seat in [*range(seats), None] if seat is None or seat != mover]
    for seat in [*range(seats), None]:
        moves = game.legal_moves(state, seat)
        assert bool(moves) == (seat not in others), f"legal_moves of seat {seat} vs {mover}"
    for seat in [*range(seats), None]:
        view = game.view(state, seat)
        json.dumps(view)
        assert (view["turn"], view["over"]) == (mover, over), f"turn and over in view {seat}"
        assert_hides(view, visible[seat], deck, f"view of seat {seat}")

    for seat in others:
        assert game.previews(state, seat, []) is None, f"previews for seat {seat}, not to move"
    if mover is not None:
        previews = game.previews(state, mover, game.legal_moves(state, mover))
        json.dumps(previews)
        assert_hides(previews, visible[mover], deck, f"previews of seat {mover}")

    legal = game.legal_moves(state, mover) if mover is not None else [probe]
    for seat in others:
        with pytest.raises(IllegalMove):
            game.apply(state, seat, rng.choice(legal))
    if mover is None:
        assert json.dumps(state, sort_keys=True) == frozen, "a refused move changed the state"
        return
    for bad in mutations(rng.choice(legal), rng):
        if bad in legal:
            continue
        with pytest.raises(IllegalMove):
            game.apply(state, mover, bad)
    assert json.dumps(state, sort_keys=True) == frozen, "a refused move changed the state"


def check_events(before, after, events, deck):
    """Events cut for each seat show only what it saw before or sees after the move."""
    for seat in before:
        allowed = before[seat] | after[seat]
        for event in events:
            json.dumps(event)
            shown = redact_event(event, seat)
            revealed = Counter(shown.get("revealed", []))
            assert_hides(shown, allowed | revealed, deck, f"event {event.get('type')} for {seat}")


def random_move(legal, rng):
    """A random legal move, a passive one (see PASSIVE) picked again once."""
    move = rng.choice(legal)
    if move.get("type") in PASSIVE and len(legal) > 1:
        move = rng.choice(legal)
    return move


def stubborn_move(legal, rng):
    """The first of STUBBORN the moves offer, else a random one."""
    for kind in STUBBORN:
        for move in legal:
            if move.get("type") == kind:
                return move
    return rng.choice(legal)


def play(name, index, every_move, choose=random_move, density=0.04):
    game = engine(name)
    rng = random.Random(f"{name}:{index}")
    deck = frozenset(game.DECK)
    settings, seats, seed, state = deal(game, rng, index)
    moves = []
    probe = {"type": "draw"}
    visible = None  # what each seat sees now, when the last move was checked
    for _ in range(game.MAX_MOVES + 1):
        dense = every_move or rng.random() < density
        if dense:
            visible = visible or visible_by_seat(game, state)
            check_position(game, state, deck, rng, visible, probe)
        seat = game.to_move(state)
        if seat is None:
            break
        move = choose(game.legal_moves(state, seat), rng)
        events = game.apply(state, seat, move)
        assert isinstance(events, list)
        moves.append((seat, move))
        probe = move
        before, visible = visible if dense else None, None
        if dense:
            visible = visible_by_seat(game, state)
            check_events(before, visible, events, deck)
    else:
        raise AssertionError(f"{name} game {index} did not end within {game.MAX_MOVES} moves")

    check_position(game, state, deck, rng, visible or visible_by_seat(game, state), probe)
    result = game.result(state)
    assert result is not None and len(result["places"]) == seats
    assert all(isinstance(place, int) and 1 <= place <= seats for place in result["places"])
    replay = game.new(settings, seats, seed)
    for seat, move in moves:
        game.apply(replay, seat, move)
    assert json.dumps(replay, sort_keys=True) == json.dumps(state, sort_keys=True), "replay"
    return len(moves)


@pytest.mark.parametrize("name", ENGINES)
def test_random_games_keep_the_contract(name):
    for index in range(GAMES_PER_ENGINE):
        play(name, index, every_move=False)


@pytest.mark.parametrize("name", ENGINES)
def test_a_leaver_is_placed_after_everyone_who_stayed(name):
    """DECISIONS.md "All games" §8: whatever the game does with the seat (a computer plays
    it on, or the player is dropped), the result places the one who left last."""
    game = engine(name)
    for index in range(20):
        rng = random.Random(f"leaver:{name}:{index}")
        _, seats, _, state = deal(game, rng, index)
        for _ in range(rng.randrange(30)):
            if (seat := game.to_move(state)) is not None:
                game.apply(state, seat, random_move(game.legal_moves(state, seat), rng))
        if state["over"]:
            continue
        leaver = rng.randrange(seats)
        assert isinstance(game.leave(state, leaver) or [], list)
        for _ in range(game.MAX_MOVES):
            if (seat := game.to_move(state)) is None:
                break
            game.apply(state, seat, random_move(game.legal_moves(state, seat), rng))
        places = game.result(state)["places"]
        stayed = [place for seat, place in enumerate(places) if seat != leaver]
        assert places[leaver] > max(stayed), (index, leaver, places)


@pytest.mark.parametrize("name", ENGINES)
def test_stubborn_players_end_within_the_bound(name):
    """Players who always draw, take the ramp, undo or pass when they can still finish."""
    for index in range(STUBBORN_GAMES):
        play(name, index, every_move=False, choose=stubborn_move, density=0.0005)


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("name", ENGINES)
def test_random_games_keep_the_contract_at_every_move(name):
    for index in range(GAMES_AT_EVERY_MOVE):
        play(name, index, every_move=True)


@pytest.mark.parametrize("name", ENGINES)
def test_module_declares_the_contract(name):
    game = engine(name)
    for attribute in ("NAME", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "DECK", "MAX_MOVES",
                      "ADDED_LATER"):  # fmt: skip
        assert hasattr(game, attribute), attribute
    assert type(game.MAX_MOVES) is int and game.MAX_MOVES > 0
    for function in (
        "new",
        "upgrade",
        "to_move",
        "legal_moves",
        "apply",
        "view",
        "previews",
        "snapshot",
        "zone_visibility",
        "result",
        "leave",
    ):
        assert callable(getattr(game, function)), function
    assert name == game.NAME
    with pytest.raises(IllegalSettings):
        game.new({"no_such_option": 1}, game.MIN_SEATS, 1)


@pytest.mark.parametrize("name", ENGINES)
def test_states_of_an_older_house_are_upgraded_and_play_on(name):
    """Without any of the keys ADDED_LATER names (a state an older house dealt and stored),
    ``upgrade`` puts each back and the game goes on to its end under the contract."""
    game = engine(name)
    rng = random.Random(f"{name}:older")
    _, _, _, state = deal(game, rng, 0)
    for _ in range(game.MAX_MOVES):
        seat = game.to_move(state)
        if seat is None:
            break
        if rng.random() < 0.05:
            older = {key: value for key, value in state.items() if key not in game.ADDED_LATER}
            state = game.upgrade(json.loads(json.dumps(older)))
            assert set(game.ADDED_LATER) <= set(state), "upgrade put back what was kept since"
            for viewer in [*range(state["seats"]), None]:
                json.dumps(game.view(state, viewer))
        game.apply(state, seat, random_move(game.legal_moves(state, seat), rng))
    assert game.result(state) is not None, f"{name} did not end"
