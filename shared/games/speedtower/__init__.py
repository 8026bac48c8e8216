"""Speedtower: a tower-building patience game for 2–4 seats (rules/speedtower.de.txt as read
by rules/DECISIONS.md; the house readings and the JSON formats are in docs/rules/speedtower.md).

The contract surface of base.Game, gathered from the modules that implement it.
"""

from shared.games.base import record_leaver, upgrade_state
from shared.games.speedtower.cards import DECK
from shared.games.speedtower.deal import MAX_SEATS, MIN_SEATS, NAME, OPTIONS, new
from shared.games.speedtower.moves import TURN_STEPS, legal_moves
from shared.games.speedtower.turn import TURN_LIMIT, apply, to_move
from shared.games.speedtower.view import result, snapshot, view, zone_visibility

# No game takes more moves: at most TURN_LIMIT turns of TURN_STEPS builds and undos and the
# store or pass that ends each.
MAX_MOVES = TURN_LIMIT * (TURN_STEPS + 1)
TITLE = "Speedtower"
ORDER = 2
COMPUTER_ONLY_FROM = None
# A clock that runs out has the computer finish the player's whole turn.
CLOCK_FINISHES_TURN = True


# kept since: the builds and undos of the turn (TURN_STEPS), who left (DECISIONS.md
# "All games" §8)
ADDED_LATER = {"steps": lambda state: 0, "left": lambda state: []}


def upgrade(state: dict) -> dict:
    """Also renames the words of an older house: its seat to move was "seat", its count of
    turns "turn", and only "end" (None while the game ran) told that the game was over."""
    if "seat" in state:
        state["turns"] = state.pop("turn")
        state["over"] = state["end"] is not None
        state["turn"] = None if state["over"] else state["seat"]
        del state["seat"]
    return upgrade_state(state, ADDED_LATER)


def previews(state: dict, seat: int | None, legal: list[dict]) -> None:
    """Speedtower's plays are not previewed."""
    return None


def leave(state: dict, seat: int) -> None:
    """A computer plays the seat on, so the play does not change; the result places the seat
    after everyone who stayed (noted only while the game runs)."""
    if not state["over"]:
        record_leaver(state, seat)


__all__ = [
    "ADDED_LATER",
    "CLOCK_FINISHES_TURN",
    "COMPUTER_ONLY_FROM",
    "DECK",
    "MAX_MOVES",
    "MAX_SEATS",
    "MIN_SEATS",
    "NAME",
    "OPTIONS",
    "ORDER",
    "TITLE",
    "TURN_LIMIT",
    "TURN_STEPS",
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
