"""The game registry: every package in this folder is a game, its engine (see base.Game for
the contract). The game's other parts are found by its name (shared/parts.py)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from shared.games.base import Game


def _engine(name: str) -> Game:
    return importlib.import_module(f"{__name__}.{name}")


@cache
def names() -> tuple[str, ...]:
    """The names of every game the house offers: the folders of shared/games, in the order of
    their engines' ``ORDER`` (the house's lists: the lobby, the balance)."""
    found = [module.name for module in pkgutil.iter_modules(__path__) if module.ispkg]
    return tuple(sorted(found, key=lambda name: (_engine(name).ORDER, name)))


@cache
def get_game(name: str) -> Game:
    """The engine module of a game; KeyError for a name the house does not offer. (Kept once
    found: a move asks for its engine a few dozen times.)"""
    if name not in names():
        raise KeyError(name)
    return _engine(name)
