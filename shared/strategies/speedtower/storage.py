"""Where the card that ends the turn goes: tidy storage piles.

The order of preference of a published Skip-Bo player (ac-he/COS389-SkipBo, its discard
rules; the computers are measured against it in bench/opponents.py): onto a pile's top of
the same floor, then onto one a floor higher (so that later several build one after
another); else, with a pile empty, a card held twice or more opens it (the most held first),
else the highest card does; else onto a top two or three floors higher. Low cards stay in
hand, where the towers need them soonest; a crane is neither stored nor buried.
"""

from __future__ import annotations

from collections.abc import Iterator

from shared.strategies.speedtower.position import CRANE, Position

ON_SAME = 8.0
ON_NEXT_HIGHER = 7.0
TWIN_ON_EMPTY = 6.0  # plus a tenth per copy held
HIGHEST_ON_EMPTY = 5.0
ON_HIGHER = 5.0  # less a point per floor between (two floors higher: 3, three: 2)
ON_EMPTY = 0.0  # any other card opening a pile
BURY = -6.0  # less half a point per floor between
BURY_CRANE = -25.0
STORE_CRANE = -30.0
LOWER_FIRST = 0.01  # per floor: of equally good stores the lower card goes


def best_store(position: Position) -> tuple[float, tuple[int, int]]:
    """The best store's score and (card, pile)."""
    return max(stores(position))


def stores(position: Position) -> Iterator[tuple[float, tuple[int, int]]]:
    """Every store (of equal hand cards one) with its score, as (score, (card, pile))."""
    hand, piles = position.hand, position.piles
    highest = max(hand, default=CRANE)  # cranes are 0: a hand of cranes has no highest card
    for i, value in enumerate(hand):
        if i and hand[i - 1] == value:
            continue
        opening = _opening(value, hand.count(value), value == highest)
        for k, pile in enumerate(piles):
            yield (_score(value, pile[-1]) if pile else opening), (value, k)


def _opening(value: int, copies: int, highest: bool) -> float:
    """The score of ``value`` opening an empty pile."""
    if value == CRANE:
        return STORE_CRANE
    if copies > 1:
        return TWIN_ON_EMPTY + 0.1 * copies - LOWER_FIRST * value
    return HIGHEST_ON_EMPTY if highest else ON_EMPTY


def _score(value: int, top: int) -> float:
    """The score of ``value`` stored onto a pile whose top is ``top``."""
    if value == CRANE:
        return STORE_CRANE
    if top == CRANE:
        return BURY_CRANE
    if value == top:
        return ON_SAME - LOWER_FIRST * value
    if value == top - 1:
        return ON_NEXT_HIGHER - LOWER_FIRST * value
    if value < top:
        return ON_HIGHER - (top - value)
    return BURY - 0.5 * (value - top)
