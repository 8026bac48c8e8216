"""Speedtower: a tower-building patience game for 2–4 seats (rules/speedtower.de.txt as read
by rules/DECISIONS.md; the house readings and the JSON formats are in docs/rules/speedtower.md).

The contract surface of base.Game, gathered from the modules that implement it.
"""

from shared.games.speedtower.cards import DECK
from shared.games.speedtower.deal import MAX_SEATS, MIN_SEATS, NAME, OPTIONS, new
from shared.games.speedtower.moves import legal_moves
from shared.games.speedtower.turn import apply, to_move
from shared.games.speedtower.view import result, snapshot, view, zone_visibility


def leave(state: dict, seat: int) -> None:
    """A player who leaves keeps the seat: a computer plays it on, so nothing changes."""
    return None


__all__ = [
    "DECK",
    "MAX_SEATS",
    "MIN_SEATS",
    "NAME",
    "OPTIONS",
    "apply",
    "leave",
    "legal_moves",
    "new",
    "result",
    "snapshot",
    "to_move",
    "view",
    "zone_visibility",
]
