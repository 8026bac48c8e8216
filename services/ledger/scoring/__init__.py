"""Leaderboard points per game: pure functions of a finished game's result and seats.

Each game's module here (found by the game's name, shared/parts.py) has ``points(result,
seats, seconds)`` (human seat → points, or None when the game is not scored at all),
``winners(result)`` (the seats that won), ``teams(result, seat_count)`` (the rated units),
``Result`` (its result's schema in a booking) and ``SHORT_GAME``: what a game shorter than its
rules want loses (None: every game is scored in full). ``seats`` are the booking's seats:
``{"seat", "kind", "player", "name", "left"}``; computers are placed but score nothing, so
only human seats get points.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from shared.parts import part


def rules(game: str) -> ModuleType:
    """The scoring module of a game."""
    return part(game, "scoring")


@dataclass(frozen=True)
class Scorecard:
    points: dict[int, int]  # human seat → leaderboard points for this game
    won: frozenset[int]  # human seats that won (never one that left)


def short_game(game: str, seconds: float) -> dict | None:
    """Why a game's points or bonus fall away, for the end screen and the balance (DECISIONS.md
    "All games" §9): ``{"loses": "everything" | "bonus", "under": seconds}``; None when the game
    is long enough to be scored in full."""
    rule = rules(game).SHORT_GAME
    if rule is None or seconds >= rule.under:
        return None
    return {"loses": rule.loses, "under": rule.under}


def score(game: str, result: dict, seats: list[dict], seconds: float) -> Scorecard | None:
    """The game's points and wins, or None when the rules do not score it."""
    scoring = rules(game)
    points = scoring.points(result, seats, seconds)
    if points is None:
        return None
    won = frozenset(
        seat
        for seat in scoring.winners(result)
        if seats[seat]["kind"] == "human" and not seats[seat]["left"]
    )
    return Scorecard(points, won)
