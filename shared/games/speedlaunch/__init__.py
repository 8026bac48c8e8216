"""Speedlaunch: the countdown shedding game, as a pure engine (see docs/rules/speedlaunch.md).

The state is one JSON dict: ``hands`` (per seat, counts by kind), ``known`` (per seat, the
cards of its hand everyone saw it take, counts by kind), ``stacks`` (per seat four
``[blind, standing, open]``, None where no card), ``ramp`` + ``carried`` (tokens, and the
value each counts as), ``burned`` and ``box`` (counts by kind), ``turn`` (the seat to move,
None once ``over``), ``phase`` ("play": a turn's first action, "follow": the follow-up after a
fitting blind card, "aim": a revealed blind asteroid's target; None once over), ``turns`` (of
the round), the round figures and ``rng``.
"""

from __future__ import annotations

from typing import Any

from shared.games.base import (
    IllegalSettings,
    Option,
    Rng,
    record_leaver,
    seats_refused,
    seed_state,
    settle,
    upgrade_state,
)
from shared.games.speedlaunch.cards import DECK, MAX_SEATS
from shared.games.speedlaunch.preview import preview
from shared.games.speedlaunch.rounds import ROUND_TURNS, result, start_round
from shared.games.speedlaunch.turn import apply, legal_moves
from shared.games.speedlaunch.view import previews, snapshot, view, zone_visibility

NAME = "speedlaunch"
TITLE = "Speedlaunch"
ORDER = 1
COMPUTER_ONLY_FROM = 4  # humans in seats 1-4 only
CLOCK_FINISHES_TURN = False
# No game takes more moves: at most six rounds of ROUND_TURNS turns, each turn one action
# plus at most one more (the follow-up after a blind card, or a blind asteroid's target).
MAX_MOVES = MAX_SEATS * ROUND_TURNS * 2
MIN_SEATS = 2
OPTIONS = (
    Option("rounds", ("one", "everyone"), "one", "one round, or as many rounds as seats"),
    Option(
        "asteroid_target",
        ("free", "left"),
        "free",
        "the asteroid's target: any opponent, or always the next seat in play order",
    ),
)

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
    "ROUND_TURNS",
    "TITLE",
    "apply",
    "leave",
    "legal_moves",
    "new",
    "preview",
    "previews",
    "result",
    "snapshot",
    "to_move",
    "upgrade",
    "view",
    "zone_visibility",
]


def new(settings: dict[str, Any], seats: int, seed: int | str, first: int | None = None) -> dict:
    settings = settle(OPTIONS, settings)
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise seats_refused(NAME, MIN_SEATS, MAX_SEATS, seats)
    if first is not None and (type(first) is not int or not 0 <= first < seats):
        raise IllegalSettings(f"first must be a seat 0–{seats - 1}")
    rng = Rng(seed_state(seed))
    if first is None:
        first = rng.below(seats)
    state = {
        "settings": settings,
        "seats": seats,
        "rng": rng.state,
        "round": 0,
        "round_count": seats if settings["rounds"] == "everyone" else 1,
        "minus": [0] * seats,
        "won": [0] * seats,
        "record": [],
        "left": [],
        "over": False,
    }
    start_round(state, first)
    return state


# kept since: the round's turns (ROUND_TURNS), who left (DECISIONS.md "All games" §8)
ADDED_LATER = {"turns": lambda state: 0, "left": lambda state: []}


def upgrade(state: dict) -> dict:
    """Also renames the words of an older house: its game over was the phase "over" (with
    the last seat still in "turn")."""
    if "over" not in state:
        state["over"] = state["phase"] == "over"
        if state["over"]:
            state.update(turn=None, phase=None)
    return upgrade_state(state, ADDED_LATER)


def to_move(state: dict) -> int | None:
    return state["turn"]  # None once the game is over


def leave(state: dict, seat: int) -> None:
    """A computer plays the seat on; the play does not change, but the result places the
    seat after everyone who stayed (noted only while the game runs)."""
    if not state["over"]:
        record_leaver(state, seat)
