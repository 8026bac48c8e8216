"""The games the house offers, as their engines describe them: the client builds its forms
from this, so no list of seats or options is kept anywhere else."""

from __future__ import annotations

import marshmallow as ma

from shared.games import get_game, names
from shared.web import Blueprint

blp = Blueprint("games", __name__, description="The games the house offers")


class OptionSchema(ma.Schema):
    name = ma.fields.String(metadata={"description": "the key in a table's options"})
    choices = ma.fields.List(ma.fields.Raw(), metadata={"description": "the values it may take"})
    default = ma.fields.Raw(metadata={"description": "the house default"})
    description = ma.fields.String(metadata={"description": "what it does (English)"})
    seats = ma.fields.List(
        ma.fields.Integer(),
        metadata={"description": "the seat counts it is offered at; empty for every count"},
    )


class GameSchema(ma.Schema):
    name = ma.fields.String(metadata={"description": "the game's key (a table's game)"})
    title = ma.fields.String(metadata={"description": "the game's name as players read it"})
    min_seats = ma.fields.Integer()
    max_seats = ma.fields.Integer()
    computer_only_from = ma.fields.Integer(
        allow_none=True,
        metadata={"description": "seats from this one (0-based) are always computers"},
    )
    options = ma.fields.List(ma.fields.Nested(OptionSchema))


def describe(name: str) -> dict:
    """One game as its engine describes it."""
    engine = get_game(name)
    return {
        "name": name,
        "title": engine.TITLE,
        "min_seats": engine.MIN_SEATS,
        "max_seats": engine.MAX_SEATS,
        "computer_only_from": engine.COMPUTER_ONLY_FROM,
        "options": [
            {"name": o.name, "choices": list(o.choices), "default": o.default,
             "description": o.description, "seats": list(o.seats)}
            for o in engine.OPTIONS
        ],
    }  # fmt: skip


@blp.route("/games")
@blp.response(200, GameSchema(many=True))
def get_games():
    """Every game the house offers: its seats and its options with their choices, defaults
    and descriptions (public: no token needed)."""
    return [describe(name) for name in names()]
