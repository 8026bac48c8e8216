"""The shape every game's result has in a booking, and the pieces games' own shapes share.

Each game's scoring module (services/ledger/scoring/<game>.py) has ``Result``, a subclass of
:class:`ResultSchema` with the fields of its own result.
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

MAX_SEATS = 6
MAX_ROUNDS = 1000
MAX_CARDS = 200
SEAT = validate.Range(0, MAX_SEATS - 1)


def per_seat(most: int) -> fields.List:
    """A list with one number from 0 to ``most`` per seat."""
    return fields.List(
        fields.Integer(validate=validate.Range(0, most)),
        required=True,
        validate=validate.Length(1, MAX_SEATS),
    )


class ResultSchema(ma.Schema):
    """What every engine result has; engines may add fields the ledger does not read."""

    class Meta:
        unknown = ma.EXCLUDE

    places = fields.List(
        fields.Integer(validate=validate.Range(1, MAX_SEATS)),
        required=True,
        validate=validate.Length(1, MAX_SEATS),
    )
    left = fields.List(
        fields.Integer(validate=SEAT), load_default=list, validate=validate.Length(0, MAX_SEATS)
    )  # who left, in order (results booked before engines kept it have none)

    def per_seat_fields(self) -> tuple[str, ...]:
        return ("places",)

    def seat_fields(self, data: dict) -> list[int]:
        """Seat numbers the result names, to be checked against the seats."""
        return list(data["left"])
