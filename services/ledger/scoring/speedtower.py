"""Speedtower's Bestenliste.

The winner gets 25 points plus 5 per stock card the opponents (computers too) have left, at
most 150 in all; everyone else 2 per stock card they built; then the placement bonus 30 / 15
(from three players) / 5 (four players). A draw-free end has no winner: everyone gets 2 per
built card, plus the bonus of their place. A human who leaves a game with other humans gets
−10; a leaver scores nothing else (a computer finished the seat). When the computer in a
leaver's seat built out first, nobody gets the winner's points, and the game counts as won
for whoever stayed and is placed first. Games under 90 seconds are not scored at all.
"""

from __future__ import annotations

from marshmallow import fields

from services.ledger.scoring.common import (
    LEAVING_PENALTY,
    ShortGame,
    human_seats,
    placement_bonus,
    singles,
    with_other_humans,
)
from services.ledger.scoring.results import MAX_CARDS, SEAT, ResultSchema, per_seat

WIN_BASE = 25
PER_OPPONENT_CARD = 5
WIN_CAP = 150
PER_BUILT_CARD = 2
SCORED_FROM_SECONDS = 90
SHORT_GAME = ShortGame("everything", SCORED_FROM_SECONDS)
teams = singles  # every seat plays for itself


class Result(ResultSchema):
    winner = fields.Integer(required=True, allow_none=True, validate=SEAT)
    stock_left = per_seat(most=MAX_CARDS)
    stock_built = per_seat(most=MAX_CARDS)

    def per_seat_fields(self):
        return ("places", "stock_left", "stock_built")

    def seat_fields(self, data):
        return super().seat_fields(data) + ([] if data["winner"] is None else [data["winner"]])


def winner_points(result: dict) -> int:
    winner = result["winner"]
    left = sum(cards for seat, cards in enumerate(result["stock_left"]) if seat != winner)
    return min(WIN_CAP, WIN_BASE + PER_OPPONENT_CARD * left)


def points(result: dict, seats: list[dict], seconds: float) -> dict[int, int] | None:
    if seconds < SCORED_FROM_SECONDS:
        return None
    scored = {}
    for seat in human_seats(seats):
        if seats[seat]["left"]:
            scored[seat] = LEAVING_PENALTY if with_other_humans(seats) else 0
            continue
        if seat == result["winner"]:
            base = winner_points(result)
        else:
            base = PER_BUILT_CARD * result["stock_built"][seat]
        scored[seat] = base + placement_bonus(result["places"][seat], len(seats))
    return scored


def winners(result: dict) -> set[int]:
    """The first place of a game that had a winner: the winner, or — when the winner left
    and a computer built out for them — those who stayed and are placed first."""
    if result["winner"] is None:
        return set()
    return {seat for seat, place in enumerate(result["places"]) if place == 1}
