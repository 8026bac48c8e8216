"""What a tower's height hands the opponents: the chance that the next players bring their
open stock card onto it, with the storage tops everyone sees and a hand of five unknown cards.
"""

from __future__ import annotations

from shared.strategies.speedtower.odds import reach
from shared.strategies.speedtower.position import CRANE, HAND_SIZE, TOP_FLOOR, card

GIFT = 90.0  # an opponent's stock card built, seen from here, when both have as many left
# stark among three or more players: the others set each other up whatever it does, and
# shunning every set-up cost it more than it spared it (docs/bots/speedtower.md, 2026-12-07)
CROWDED_GIFT = 15.0
LEAD_DOUBLES = 4.0  # every so many stock cards an opponent has fewer, a gift weighs double
NEXT = (1.0, 0.6, 0.4)  # the players after this one: the later, the more the towers change


def risks(view: dict, gift: float = GIFT) -> tuple[tuple[float, ...], ...]:
    """Per opponent (the next first), the expected loss of leaving a tower at each height,
    ``gift`` for a stock card it builds when both have as many left."""
    seats, sizes = len(view["stock_tops"]), view["stock_sizes"]
    tables = []
    for distance in range(1, seats):
        opponent = (view["seat"] + distance) % seats
        top = view["stock_tops"][opponent]
        if top is None or top == "CRANE":
            continue
        piles = [[card(token) for token in pile] for pile in view["storage"][opponent]]
        lead = sizes[view["seat"]] - sizes[opponent]
        weight = gift * NEXT[distance - 1] * 2.0 ** (lead / LEAD_DOUBLES)
        tables.append(
            tuple(weight * _chance(height, card(top), piles) for height in range(TOP_FLOOR))
        )
    return tuple(tables)


def _chance(height: int, target: int, piles: list[list[int]]) -> float:
    """The chance that a player with these storage piles builds ``target`` onto a tower of
    ``height`` (only towers below it: going round past 12 takes too long to matter)."""
    if height >= target:
        return 0.0
    piles = [list(pile) for pile in piles]
    missing = 0
    for floor in range(height + 1, target):
        pile = next((p for p in piles if p and p[-1] == floor), None)
        pile = pile or next((p for p in piles if p and p[-1] == CRANE), None)
        if pile:
            pile.pop()
        else:
            missing += 1
    return reach(HAND_SIZE, missing)


def stark_gift(view: dict) -> float:
    """What a set-up costs stark: GIFT heads-up, where it hands the one rival the race;
    CROWDED_GIFT among three or more players."""
    return GIFT if len(view["stock_tops"]) == 2 else CROWDED_GIFT
