"""The table facts of Speedtower and dealing a new game."""

from __future__ import annotations

from typing import Any

from shared.games.base import IllegalSettings, Option, Rng, seats_refused, seed_state, settle
from shared.games.speedtower.cards import DECK, STORAGE_PILES, TOWERS
from shared.games.speedtower.turn import begin_turn

NAME = "speedtower"
MIN_SEATS = 2
MAX_SEATS = 4
OPTIONS = (Option("stock", (10, 20, 30), 20, "cards in each player's stock (Bauauftrag)"),)


def new(
    settings: dict[str, Any] | None, seats: int, seed: int | str, first: int | None = None
) -> dict:
    """Deal the stocks, leave the rest as material, and start the first turn (its refill)."""
    settings = settle(OPTIONS, settings)
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise seats_refused(NAME, MIN_SEATS, MAX_SEATS, seats)
    if first is not None and (type(first) is not int or not 0 <= first < seats):
        raise IllegalSettings(f"the first seat must be 0 to {seats - 1}, not {first!r}")
    rng = Rng(seed_state(seed))
    cards = list(DECK)
    rng.shuffle(cards)
    size = settings["stock"]
    if first is None:
        first = rng.below(seats)
    state = {
        "settings": settings,
        "seats": seats,
        "rng": rng.state,
        "stocks": [cards[seat * size : (seat + 1) * size] for seat in range(seats)],
        "hands": [[] for _ in range(seats)],
        "storage": [[[] for _ in range(STORAGE_PILES)] for _ in range(seats)],
        "towers": [[] for _ in TOWERS],
        "material": cards[seats * size :],
        "rubble": [],
        "turn": first,
        "turns": 0,
        "undo": [],
        "undo_barrier": None,
        "built": 0,
        "steps": 0,
        "stalemate": 0,
        "over": False,
        "end": None,
        "winner": None,
        "left": [],
    }
    begin_turn(state, first, [])
    return state
