"""The booking the table service enqueues when a game ends, and its validation.

A booking that does not match (wrong shapes, seats out of range, per-seat lists of the wrong
length) is refused as a whole before anything is written.
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from services.ledger.scoring import rules
from services.ledger.scoring.results import MAX_SEATS, SEAT
from shared.games import names
from shared.tables.house import STRENGTHS
from shared.wallets import MAX_ID_LENGTH, MAX_STAKE


class SeatSchema(ma.Schema):
    seat = fields.Integer(required=True, validate=SEAT)
    kind = fields.String(required=True, validate=validate.OneOf(["human", "computer"]))
    player = fields.String(
        load_default=None, allow_none=True, validate=validate.Length(1, MAX_ID_LENGTH)
    )
    name = fields.String(load_default="", validate=validate.Length(0, 64))
    strength = fields.String(  # a computer's; bookings made before it was booked: normal
        load_default=None, allow_none=True, validate=validate.OneOf(STRENGTHS)
    )
    left = fields.Boolean(load_default=False)


class BookingSchema(ma.Schema):
    game_id = fields.String(required=True, validate=validate.Length(1, MAX_ID_LENGTH))
    table = fields.String(required=True, validate=validate.Length(1, MAX_ID_LENGTH))
    game = fields.String(required=True, validate=validate.OneOf(names()))
    started_at = fields.Float(required=True, validate=validate.Range(0, 1e11))
    ended_at = fields.Float(required=True, validate=validate.Range(0, 1e11))
    stake = fields.Integer(load_default=0, validate=validate.Range(0, MAX_STAKE))
    seats = fields.List(
        fields.Nested(SeatSchema), required=True, validate=validate.Length(1, MAX_SEATS)
    )
    result = fields.Dict(required=True)

    @ma.validates_schema
    def check_seats(self, data, **kwargs):
        seats = data["seats"]
        if [seat["seat"] for seat in seats] != list(range(len(seats))):
            raise ma.ValidationError("Seats must be numbered 0, 1, … in order.", "seats")
        humans = [seat["player"] for seat in seats if seat["kind"] == "human"]
        if None in humans or len(set(humans)) != len(humans):
            raise ma.ValidationError("Every human seat needs its own player id.", "seats")
        if any(seat["kind"] == "computer" and seat["left"] for seat in seats):
            raise ma.ValidationError("Only a human can leave a game.", "seats")
        if data["ended_at"] < data["started_at"]:
            raise ma.ValidationError("A game cannot end before it starts.", "ended_at")

    @ma.post_load
    def load_result(self, data, **kwargs):
        schema = rules(data["game"]).Result()
        try:
            result = schema.load(data["result"])
        except ma.ValidationError as error:
            raise ma.ValidationError(error.messages, "result") from error
        count = len(data["seats"])
        lists = [result[name] for name in schema.per_seat_fields()]
        lists += [game_round["remaining"] for game_round in result.get("rounds", [])]
        if any(len(values) != count for values in lists):
            raise ma.ValidationError("Every per-seat list needs one entry per seat.", "result")
        if any(seat >= count for seat in schema.seat_fields(result)):
            raise ma.ValidationError("The result names a seat the game does not have.", "result")
        if max(result["places"]) > count:
            raise ma.ValidationError("A place cannot be beyond the number of seats.", "result")
        for seat in result["left"]:  # the engines list who left in the result
            if data["seats"][seat]["kind"] == "human":
                data["seats"][seat]["left"] = True
        data["result"] = result
        return data
