"""The game registry: names to pure engine modules (see base.Game for the contract)."""

from __future__ import annotations

import importlib

from shared.games.base import Game

_MODULES = {
    "speedlaunch": "shared.games.speedlaunch",
    "speedtower": "shared.games.speedtower",
    "speedone": "shared.games.speedone",
}


def names() -> list[str]:
    """The names of every game the house offers."""
    return list(_MODULES)


def get_game(name: str) -> Game:
    """The engine module of a game; KeyError for a name the house does not offer."""
    return importlib.import_module(_MODULES[name])
