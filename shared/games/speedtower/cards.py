"""The Speedtower deck and what a card may go on.

A tower is a list of cards, bottom first; the floor a card stands for is its position + 1,
so a crane needs no extra bookkeeping: it is whatever floor its position makes it.
"""

from __future__ import annotations

CRANE = "CRANE"
TOP_FLOOR = 12
DECK = tuple(str(floor) for floor in range(1, TOP_FLOOR + 1) for _ in range(12)) + (CRANE,) * 18

TOWERS = ("A", "B", "C", "D")
TOWER_INDEX = {name: index for index, name in enumerate(TOWERS)}
STORAGE_PILES = 4
HAND_SIZE = 5

# The hand is kept sorted: by floor, cranes last.
_RANK = {str(floor): floor for floor in range(1, TOP_FLOOR + 1)} | {CRANE: TOP_FLOOR + 1}
hand_order = _RANK.__getitem__

# NEEDED[height] = the token a tower of that height needs next.
NEEDED = tuple(str(height + 1) for height in range(TOP_FLOOR))


def fits(card: str, tower: list[str]) -> bool:
    """Whether ``card`` may go on ``tower`` now (a crane always fits)."""
    return card == CRANE or card == NEEDED[len(tower)]
