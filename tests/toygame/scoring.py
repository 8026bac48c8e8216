"""The toy game on the leaderboard: the placement bonus alone; a leaver scores nothing."""

from __future__ import annotations

from services.ledger.scoring.common import human_seats, placement_bonus, singles
from services.ledger.scoring.results import ResultSchema

SHORT_GAME = None  # every game is scored, however short
teams = singles  # every seat plays for itself


class Result(ResultSchema):
    """The toy game's result has the places and nothing of its own."""


def points(result: dict, seats: list[dict], seconds: float) -> dict[int, int]:
    return {
        seat: 0 if seats[seat]["left"] else placement_bonus(result["places"][seat], len(seats))
        for seat in human_seats(seats)
    }


def winners(result: dict) -> set[int]:
    return {seat for seat, place in enumerate(result["places"]) if place == 1}
