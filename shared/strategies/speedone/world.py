"""A determinisation: one engine state consistent with what the seat sees.

The unseen cards are dealt at random into the other hands (their sizes known, each seat's
draw limits respected where the cards allow it) and the draw pile. The round ends the game in
it (target 0), so a play-out stops at the round's end instead of dealing the next round.
"""

from __future__ import annotations

import random

from shared.games.base import Rng
from shared.games.speedone.cards import shuffle
from shared.strategies.speedone.counting import limit_key, limits, unseen

ROUND_ONLY_TARGET = 0  # any total reaches it: the round's end ends the sampled game


class Worlds:
    """Samples engine states for ``view``'s seat to move; the unseen cards and each seat's
    limits are worked out once."""

    def __init__(self, view: dict):
        self.view = view
        me = view["turn"]
        sizes = view["hand_sizes"]
        self.pool = list(unseen(view).elements())
        others = [seat for seat, size in enumerate(sizes) if seat != me and size]
        # The most bounded seats first, so that their limits are met where the cards allow.
        self.others = [
            (seat, sizes[seat], limits(view, seat))
            for seat in sorted(others, key=lambda other: -len(view["drew_on"][other]))
        ]
        self.sound = len(self.pool) == sum(sizes[seat] for seat in others) + view["draw_size"]

    def sample(self, rng: random.Random) -> dict:
        """One engine state: the unseen cards shuffled and dealt to the other seats."""
        view = self.view
        pool = list(self.pool)
        shuffle(pool, Rng(rng.getrandbits(64)))
        hands: list[list[str]] = [[] for _ in view["hand_sizes"]]
        hands[view["turn"]] = list(view["hand"])
        for seat, size, bounds in self.others:
            hands[seat] = _deal(pool, size, bounds)
        seats = len(hands)
        return {
            "settings": dict(view["settings"], target=ROUND_ONLY_TARGET),
            "seats": seats,
            "rng": rng.getrandbits(64),
            "round": view["round"],
            "dealer": view["dealer"],
            "totals": [0] * seats,
            "rounds_won": [0] * seats,
            "left": list(view["left"]),
            "over": False,
            "hands": hands,
            "draw": pool,
            "discard": [*view["discard_below"], view["top"]],
            "color": view["color"],
            "direction": view["direction"],
            "pending": dict(view["pending"]) if view["pending"] else None,
            "turn": view["turn"],
            "turns": 0,  # a play-out counts its round's turns, draws and rounds from here on
            "drew_on": [{} for _ in hands],
            "history": [],
            "called": view["called_one"],
        }


def _deal(pool: list[str], size: int, bounds: dict[str, int]) -> list[str]:
    """Take ``size`` cards off ``pool`` (shuffled), skipping cards over ``bounds``; if the
    bounds cannot all be met, the last cards are taken regardless."""
    if not bounds:
        top = pool[-size:]
        del pool[-size:]
        return top
    hand: list[str] = []
    taken = dict.fromkeys(bounds, 0)
    index = len(pool) - 1
    while len(hand) < size and index >= 0:
        card = pool[index]
        key = limit_key(card)
        if key not in bounds or taken[key] < bounds[key]:
            if key in bounds:
                taken[key] += 1
            hand.append(pool.pop(index))
        index -= 1
    if len(hand) < size:
        missing = size - len(hand)
        hand += pool[-missing:]
        del pool[-missing:]
    return hand


def copy(state: dict) -> dict:
    """A copy of a sampled state deep enough for a play-out to change freely."""
    return {
        **state,
        "hands": [list(hand) for hand in state["hands"]],
        "draw": list(state["draw"]),
        "discard": list(state["discard"]),
        "pending": dict(state["pending"]) if state["pending"] else None,
        "totals": list(state["totals"]),
        "rounds_won": list(state["rounds_won"]),
        "left": list(state["left"]),
        "drew_on": [dict(seen) for seen in state["drew_on"]],
        "history": list(state["history"]),
    }
