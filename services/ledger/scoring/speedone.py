"""Speedone on the leaderboard (DECISIONS.md, All games §6).

Its rules give no house points, so it uses the placement bonus alone (30 / 15 from three
players / 5 from four) plus 10 for every round won, and −10 for leaving a game with other
humans early; a leaver scores nothing else. Every game is scored, however short. In partner
mode the bonus follows the team's place, 1 or 2 (DECISIONS.md Speedone §14).
"""

from __future__ import annotations

from services.ledger.scoring.common import (
    LEAVING_PENALTY,
    human_seats,
    placement_bonus,
    singles,
    with_other_humans,
)
from services.ledger.scoring.results import MAX_ROUNDS, ResultSchema, per_seat

ROUND_WIN = 10
SHORT_GAME = None  # every game is scored, however short


class Result(ResultSchema):
    rounds_won = per_seat(most=MAX_ROUNDS)

    def per_seat_fields(self):
        return ("places", "rounds_won")


def teams(result: dict, seat_count: int) -> list[tuple[int, ...]]:
    """Partners sit opposite in partner mode (seats 0 + 2 and 1 + 3), else one seat is one
    team."""
    if result.get("team_totals") is not None and seat_count == 4:
        return [(0, 2), (1, 3)]
    return singles(result, seat_count)


def points(result: dict, seats: list[dict], seconds: float) -> dict[int, int]:
    scored = {}
    for seat in human_seats(seats):
        if seats[seat]["left"]:
            scored[seat] = LEAVING_PENALTY if with_other_humans(seats) else 0
            continue
        bonus = placement_bonus(team_place(result, seat), len(seats))
        scored[seat] = bonus + ROUND_WIN * result["rounds_won"][seat]
    return scored


def team_place(result: dict, seat: int) -> int:
    """The place the bonus follows: the seat's own, or in partner mode its team's, counted 1
    and 2 (results booked before teams were placed as teams number the second team 3)."""
    places = result["places"]
    if result.get("team_totals") is None:
        return places[seat]
    return 1 + len({place for place in places if place < places[seat]})


def winners(result: dict) -> set[int]:
    return {seat for seat, place in enumerate(result["places"]) if place == 1}
