"""The toy game's computer player: "leicht" any legal move, the others their lowest card, and
a draw only when there is nothing to play."""

from __future__ import annotations

import random


def choose(view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    if strength == "leicht":
        return rng.choice(legal)
    plays = [move for move in legal if move["type"] == "play"]
    return plays[0] if plays else legal[0]
