"""The first game's guide at a table where its reader is the only human: while it is open
the reader's clock waits, GUIDE_SECONDS at most per game.

The pause lives in the game (``guide``: ``since`` it opened, seconds ``used`` before). While
it runs, every deadline of a human's decision lies ``pause_left`` further on; closing the
guide takes back what was not used. So a decision's clock stands exactly as long as the guide
was open during it, and runs again when the guide closes or its seconds are spent."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from shared.tables import house


def _guide(game: dict) -> dict:
    return game.setdefault("guide", {"since": None, "used": 0.0})


def until(game: Mapping[str, Any]) -> float | None:
    """When the running pause ends at the latest (None: the guide is closed)."""
    guide = game.get("guide")
    if not guide or guide["since"] is None:
        return None
    return guide["since"] + house.GUIDE_SECONDS - guide["used"]


def pause_left(game: Mapping[str, Any], now: float) -> float:
    """How much longer the clock waits if the guide stays open."""
    end = until(game)
    return max(0.0, end - now) if end is not None else 0.0


def open_guide(game: dict, now: float) -> bool:
    """Start the pause (False: it runs already, or this game's seconds are spent)."""
    guide = _guide(game)
    if guide["since"] is not None or guide["used"] >= house.GUIDE_SECONDS:
        return False
    guide["since"] = now
    if game["deadline"] is not None:
        game["deadline"] = float(math.ceil(game["deadline"] + pause_left(game, now)))
    return True


def close_guide(game: dict, now: float) -> bool:
    """End the pause (False: none runs); the deadline gives back the seconds not used."""
    guide = _guide(game)
    if guide["since"] is None:
        return False
    unused = pause_left(game, now)
    if game["deadline"] is not None:
        game["deadline"] = float(math.ceil(game["deadline"] - unused))
    guide["used"] = min(house.GUIDE_SECONDS, guide["used"] + now - guide["since"])
    guide["since"] = None
    return True
