"""Speedlaunch's Bestenliste.

Per round the winner gets 30 points and everyone else 20 minus their remaining cards (never
below 0); at the end place 1 gets +30, place 2 +15 (from three players), place 3 +5 (from four
players). The placement bonus and the −10 for leaving exist only in games of at least two
minutes. A human who left scores only that −10 (0 in a shorter game): the computer that
played on in the seat earned whatever the seat scored afterwards.
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from services.ledger.scoring.common import (
    LEAVING_PENALTY,
    ShortGame,
    human_seats,
    placement_bonus,
    singles,
)
from services.ledger.scoring.results import MAX_CARDS, MAX_SEATS, SEAT, ResultSchema, per_seat

ROUND_WIN = 30
ROUND_BASE = 20
FULL_GAME_SECONDS = 120
SHORT_GAME = ShortGame("bonus", FULL_GAME_SECONDS)
teams = singles  # every seat plays for itself


class RoundSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    winner = fields.Integer(required=True, allow_none=True, validate=SEAT)  # None: turn limit
    remaining = per_seat(most=MAX_CARDS)


class Result(ResultSchema):
    rounds = fields.List(
        fields.Nested(RoundSchema),
        required=True,
        validate=validate.Length(1, MAX_SEATS),
    )

    def seat_fields(self, data):
        winners = [r["winner"] for r in data["rounds"] if r["winner"] is not None]
        return super().seat_fields(data) + winners


def round_points(game_round: dict, seat: int) -> int:
    if game_round["winner"] == seat:
        return ROUND_WIN
    return max(0, ROUND_BASE - game_round["remaining"][seat])


def points(result: dict, seats: list[dict], seconds: float) -> dict[int, int]:
    full = seconds >= FULL_GAME_SECONDS
    scored = {}
    for seat in human_seats(seats):
        if seats[seat]["left"]:
            scored[seat] = LEAVING_PENALTY if full else 0
            continue
        total = sum(round_points(game_round, seat) for game_round in result["rounds"])
        if full:
            total += placement_bonus(result["places"][seat], len(seats))
        scored[seat] = total
    return scored


def winners(result: dict) -> set[int]:
    return {seat for seat, place in enumerate(result["places"]) if place == 1}
