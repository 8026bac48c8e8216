"""Computer players: pure strategies per game and strength.

A strategy sees exactly what a human in its seat would — the seat's ``view`` and its
``legal_moves`` — plus a seeded RNG, and returns one of the legal moves.
"""

from __future__ import annotations

import importlib
import random

STRENGTHS = ("leicht", "normal", "stark")


def loose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """Any legal move: how "leicht" plays where a game has no looser plan of its own."""
    return rng.choice(legal)


def choose(game: str, view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    """The move the computer at ``strength`` makes for a seat in ``game``."""
    if not legal:
        raise ValueError("a computer was asked to move without a legal move")
    try:
        module = importlib.import_module(f"shared.strategies.{game}")
    except ModuleNotFoundError:
        return loose(view, legal, rng)
    return module.choose(view, legal, strength, rng)
