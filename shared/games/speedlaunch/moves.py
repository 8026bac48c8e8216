"""Which moves a seat has, and reading a move into what it does.

``plays`` enumerates every play in its one canonical JSON form; ``read_play`` checks a play
against the same rules (``ramp.room`` and the follow-up restriction) without building the
list, so ``apply`` stays fast and agrees exactly with ``legal_moves``.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any, NamedTuple

from shared.games.base import IllegalMove
from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import (
    AST,
    BLIND,
    COUNTDOWN,
    HOLE,
    OPEN,
    ORDER,
    SAT,
    STACKS,
    VALUE,
)

PLAY_FIELDS = frozenset({"type", "hand", "stacks", "target"})


class Play(NamedTuple):
    """A checked play: the cards by source, the value they carry on the ramp, and for an
    asteroid its target (None when the ramp is empty)."""

    hand: list[str]
    stacks: list[int]
    value: int | None  # a countdown play's value, satellites' carried value; None otherwise
    special: str | None  # AST or HOLE
    target: int | None


def asteroid_targets(state: dict, seat: int) -> list[int]:
    seats = state["seats"]
    if state["settings"]["asteroid_target"] == "left":
        return [(seat + 1) % seats]
    return [other for other in range(seats) if other != seat]


def blind_stacks(state: dict, seat: int) -> list[int]:
    """Stacks holding nothing but their blind card."""
    return [
        index
        for index, stack in enumerate(state["stacks"][seat])
        if stack[OPEN] is None and stack[BLIND] is not None
    ]


@cache
def _subsets(indices: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every subset of the ascending ``indices``, each ascending, the empty one first."""
    subsets: list[tuple[int, ...]] = [()]
    for index in indices:
        subsets += [subset + (index,) for subset in subsets]
    return subsets


@cache
def _picks(token: str, held: int, stacks: tuple[int, ...], limit: int) -> tuple[tuple, ...]:
    """Every pick of one kind — (cards, hand tokens, stack indices) — of at most ``limit``
    cards from ``held`` in hand and the open cards of ``stacks``; the empty pick first."""
    return tuple(
        (taken + len(subset), (token,) * taken, subset)
        for subset in _subsets(stacks)
        for taken in range(min(held, limit - len(subset)) + 1)
    )


def _move(hand: tuple[str, ...], stacks: tuple[int, ...], target: int | None = None) -> dict:
    move: dict[str, Any] = {"type": "play"}
    if hand:
        move["hand"] = list(hand)
    if stacks:
        move["stacks"] = list(stacks)
    if target is not None:
        move["target"] = target
    return move


def plays(state: dict, seat: int, follow: bool) -> list[dict]:
    """Every play of ``seat``; ``follow``: the single follow-up after a fitting blind card."""
    hand = state["hands"][seat]
    opens: dict[str, tuple[int, ...]] = {}
    for index, stack in enumerate(state["stacks"][seat]):
        card = stack[OPEN]
        if card is not None:
            opens[card] = (*opens.get(card, ()), index)
    top_value, lamps = ramp.top(state)
    sats = _picks(SAT, hand.get(SAT, 0), opens.get(SAT, ()), ramp.UNLIMITED)
    moves = []
    for token in COUNTDOWN:
        if token not in hand and token not in opens:
            continue
        value = VALUE[token]
        if follow and top_value is not None and value != top_value:
            continue
        limit = ramp.room(top_value, lamps, value)
        own = _picks(token, hand.get(token, 0), opens.get(token, ()), limit)
        for size, picked, subset in own[1:]:
            for sat_size, sat_picked, sat_subset in sats:
                if size + sat_size <= limit:
                    stacks = tuple(sorted(subset + sat_subset)) if sat_subset else subset
                    moves.append(_move(picked + sat_picked, stacks))
    limit = ramp.room(top_value, lamps, None)
    moves += [_move(picked, subset) for size, picked, subset in sats[1:] if size <= limit]
    if follow:
        return moves
    for token in (AST, HOLE):
        sources = [((token,), ())] if token in hand else []
        sources += [((), (index,)) for index in opens.get(token, ())]
        targets = asteroid_targets(state, seat) if token == AST and state["ramp"] else [None]
        moves += [_move(picked, stacks, target) for picked, stacks in sources for target in targets]
    return moves


def _hand_part(hand: dict[str, int], move: dict) -> list[str]:
    if "hand" not in move:
        return []
    picked = move["hand"]
    if (
        type(picked) is not list
        or not picked
        or not all(type(token) is str and token in ORDER for token in picked)
    ):
        raise IllegalMove("hand must be a non-empty list of card tokens (leave it out for none)")
    if any(ORDER[a] > ORDER[b] for a, b in pairwise(picked)):
        raise IllegalMove("list hand cards in deck order: the value first, then satellites")
    for token in set(picked):
        if picked.count(token) > hand.get(token, 0):
            raise IllegalMove(f"you do not hold {picked.count(token)} × {token}")
    return picked


def _stack_part(stacks: list[list], move: dict) -> list[int]:
    if "stacks" not in move:
        return []
    indices = move["stacks"]
    if (
        type(indices) is not list
        or not indices
        or not all(type(index) is int and 0 <= index < STACKS for index in indices)
    ):
        raise IllegalMove(f"stacks must be a non-empty list of stack numbers 0–{STACKS - 1}")
    if any(a >= b for a, b in pairwise(indices)):
        raise IllegalMove("list stacks in ascending order, each once")
    for index in indices:
        if stacks[index][OPEN] is None:
            raise IllegalMove(f"stack {index} has no open card")
    return indices


def _target(state: dict, seat: int, move: dict) -> int | None:
    if not state["ramp"]:
        if "target" in move:
            raise IllegalMove("the ramp is empty: the asteroid just burns, name no target")
        return None
    target = move.get("target")
    targets = asteroid_targets(state, seat)
    if type(target) is not int or target not in targets:
        if state["settings"]["asteroid_target"] == "left":
            raise IllegalMove(f"the asteroid goes to the left neighbour, seat {targets[0]}")
        raise IllegalMove("an asteroid needs an opponent's seat as target")
    return target


def read_play(state: dict, seat: int, move: dict, follow: bool) -> Play:
    """Check a play move of ``seat``; IllegalMove with the reason when the rules refuse it."""
    unknown = [key for key in move if key not in PLAY_FIELDS]
    if unknown:
        raise IllegalMove(f"a play has no field {unknown[0]!r}")
    stacks = state["stacks"][seat]
    hand_part = _hand_part(state["hands"][seat], move)
    stack_part = _stack_part(stacks, move)
    cards = hand_part + [stacks[index][OPEN] for index in stack_part]
    if not cards:
        raise IllegalMove("a play needs at least one card")
    if AST in cards or HOLE in cards:
        if len(cards) > 1:
            raise IllegalMove("an asteroid or a black hole is played alone, one card")
        if follow:
            raise IllegalMove("after a blind card only its value or satellites may follow")
        if cards[0] == HOLE and "target" in move:
            raise IllegalMove("only an asteroid takes a target")
        target = _target(state, seat, move) if cards[0] == AST else None
        return Play(hand_part, stack_part, None, cards[0], target)
    if "target" in move:
        raise IllegalMove("only an asteroid takes a target")
    values = {VALUE[token] for token in cards if token != SAT}
    if len(values) > 1:
        raise IllegalMove("a play holds cards of one value only")
    top_value, lamps = ramp.top(state)
    value = values.pop() if values else None
    if value is not None and top_value is not None:
        if value > top_value:
            raise IllegalMove(f"too high: {value} does not go on {top_value}")
        if follow and value != top_value:
            raise IllegalMove(f"after the blind card only {top_value}s or satellites may follow")
    limit = ramp.room(top_value, lamps, value)
    if len(cards) > limit:
        raise IllegalMove(f"the four-limit: this play may add at most {limit} card(s)")
    return Play(hand_part, stack_part, top_value if value is None else value, None, None)
