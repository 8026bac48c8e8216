"""Where the card that ends the turn goes: tidy storage piles.

Piles run downwards (a 7 on an 8, so that later several build one after another), like goes
with like, high cards start a pile of their own, and a crane is neither stored nor buried.
"""

from __future__ import annotations

from collections.abc import Iterator

from shared.strategies.speedtower.position import CRANE, Position

ON_SAME = 6.0
ON_NEXT_HIGHER = 8.0
ON_HIGHER = 4.0  # less half a point per floor between
ON_EMPTY = -1.0  # less 2 / the empty piles left
HIGH_CARD = 10  # from here a card deserves a pile of its own
HIGH_ON_EMPTY = 2.0
BURY = -6.0  # less half a point per floor between
BURY_CRANE = -25.0
STORE_CRANE = -30.0
DOUBLE = 1.5  # the hand holds another one of this card


def best_store(position: Position) -> tuple[float, tuple[int, int]]:
    """The best store's score and (card, pile)."""
    return max(stores(position))


def stores(position: Position) -> Iterator[tuple[float, tuple[int, int]]]:
    """Every store (of equal hand cards one) with its score, as (score, (card, pile))."""
    hand, piles = position.hand, position.piles
    empty = sum(1 for pile in piles if not pile)
    for i, value in enumerate(hand):
        if i and hand[i - 1] == value:
            continue
        double = DOUBLE if hand.count(value) > 1 else 0.0
        for k, pile in enumerate(piles):
            yield double + _score(value, pile[-1] if pile else None, empty), (value, k)


def stored(position: Position, value: int, k: int) -> Position:
    """The position after storing hand card ``value`` on pile ``k``."""
    hand = list(position.hand)
    hand.remove(value)
    piles = position.piles[:k] + (position.piles[k] + (value,),) + position.piles[k + 1 :]
    return position._replace(hand=tuple(hand), piles=piles)


def _score(value: int, top: int | None, empty: int) -> float:
    if value == CRANE:
        return STORE_CRANE
    if top is None:
        return ON_EMPTY - 2.0 / empty + (HIGH_ON_EMPTY if value >= HIGH_CARD else 0.0)
    if top == CRANE:
        return BURY_CRANE
    if value == top:
        return ON_SAME
    if value == top - 1:
        return ON_NEXT_HIGHER
    if value < top:
        return ON_HIGHER - 0.5 * (top - value)
    return BURY - 0.5 * (value - top)
