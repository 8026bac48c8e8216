"""Computer players: pure strategies per game (each game's strategy part, found by its name:
shared/parts.py) and strength.

A strategy sees exactly what a human in its seat would — the seat's ``view`` and its
``legal_moves`` — plus a seeded RNG, and returns one of the legal moves.
"""

from __future__ import annotations

import random

from shared.parts import part

STRENGTHS = ("leicht", "normal", "stark")


def choose(game: str, view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    """The move the computer at ``strength`` makes for a seat in ``game``."""
    if not legal:
        raise ValueError("a computer was asked to move without a legal move")
    return part(game, "strategy").choose(view, legal, strength, rng)
