"""Independent reference players, ported from public sources, for bench/opponents.py.

Each module re-implements one published player's decision logic (no code copied) against the
house's view and legal moves, so it sees exactly what a house computer in its seat sees. Each
names its source and lists every adaptation to the house's rules in its docstring.
"""

from __future__ import annotations

import importlib
import random

GAMES = ("speedone", "speedtower", "speedlaunch")


def reference(game: str):
    """The reference module of ``game``: ``NAME`` and ``choose(view, legal, rng)``."""
    return importlib.import_module(f"bench.opponents.{game}")


def choose(game: str, view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The reference player's move for a seat in ``game``."""
    return reference(game).choose(view, legal, rng)
