"""Speedone, the colour-and-number shedding game: a pure engine (see shared/games/base.py).

Rules: /work/shared/rules/speedone.de.txt as read by DECISIONS.md; the readings made here and
the JSON shapes of moves, events, view and result are in docs/rules/speedone.md.
"""

from shared.games.speedone.cards import DECK
from shared.games.speedone.options import MAX_SEATS, MIN_SEATS, NAME, OPTIONS
from shared.games.speedone.rounds import ADDED_LATER, MAX_ROUNDS, ROUND_TURNS, leave, new, upgrade
from shared.games.speedone.turn import apply, legal_moves, to_move
from shared.games.speedone.view import result, snapshot, view, zone_visibility

# No game takes more moves: at most MAX_ROUNDS rounds of ROUND_TURNS turns, each turn a play
# or a draw and at most one call of ONE before it.
MAX_MOVES = MAX_ROUNDS * ROUND_TURNS * 2
TITLE = "Speedone"
ORDER = 3
COMPUTER_ONLY_FROM = None
CLOCK_FINISHES_TURN = False


def previews(state: dict, seat: int | None, legal: list[dict]) -> None:
    """Speedone's plays are not previewed."""
    return None


__all__ = [
    "ADDED_LATER",
    "CLOCK_FINISHES_TURN",
    "COMPUTER_ONLY_FROM",
    "DECK",
    "MAX_MOVES",
    "MAX_ROUNDS",
    "MAX_SEATS",
    "MIN_SEATS",
    "NAME",
    "OPTIONS",
    "ORDER",
    "ROUND_TURNS",
    "TITLE",
    "apply",
    "leave",
    "legal_moves",
    "new",
    "previews",
    "result",
    "snapshot",
    "to_move",
    "upgrade",
    "view",
    "zone_visibility",
]
