"""Marshmallow schemas of a table as the lobby and the table service answer with it."""

from __future__ import annotations

import marshmallow as ma

Raw = ma.fields.Raw


class SeatSchema(ma.Schema):
    seat = ma.fields.Integer()
    kind = ma.fields.String(metadata={"description": "human, computer or empty"})
    name = ma.fields.String(allow_none=True)
    strength = ma.fields.String(allow_none=True)
    left = ma.fields.Boolean(metadata={"description": "left the running game"})
    back = ma.fields.Boolean(metadata={"description": "clicked Nochmal (rematch)"})
    you = ma.fields.Boolean()


class GameViewSchema(ma.Schema):
    no = ma.fields.Integer()
    first = ma.fields.Integer()
    to_move = ma.fields.Integer(allow_none=True)
    turn = ma.fields.String(metadata={"description": "the decision the table waits for"})
    moves = ma.fields.Integer()
    clock_ends = ma.fields.Float(allow_none=True)
    deadline = ma.fields.Float(
        allow_none=True, metadata={"description": "when the computer decides (clock + grace)"}
    )
    turbo = ma.fields.Boolean()
    guide_until = ma.fields.Float(
        allow_none=True,
        metadata={"description": "while the first game's guide holds the clock: when the "
                  "pause ends at the latest (clock_ends and deadline include it)"},
    )  # fmt: skip
    started_at = ma.fields.Float()
    ended_at = ma.fields.Float(allow_none=True)
    view = ma.fields.Dict(metadata={"description": "the engine's view for your seat"})
    legal = ma.fields.List(ma.fields.Dict(), metadata={"description": "your legal moves"})
    preview = ma.fields.Dict(
        allow_none=True,
        metadata={"description": "Speedlaunch, for the seat to play: what each group click "
                  "and each legal move would do (the engine's preview)"},
    )  # fmt: skip
    result = ma.fields.Dict(allow_none=True)


class TableSchema(ma.Schema):
    id = ma.fields.String()
    game = ma.fields.String()
    version = ma.fields.Integer()
    status = ma.fields.String(metadata={"description": "open, playing, over or closed"})
    options = ma.fields.Dict()
    settings = ma.fields.Dict()
    opener = ma.fields.String(allow_none=True)
    you_open = ma.fields.Boolean()
    you = ma.fields.Integer(allow_none=True, metadata={"description": "your seat, from 0"})
    seats = ma.fields.List(ma.fields.Nested(SeatSchema))
    waiting = ma.fields.List(ma.fields.String())
    held_until = ma.fields.Float(allow_none=True)
    games_played = ma.fields.Integer()
    server_time = ma.fields.Float()
    current = ma.fields.Nested(GameViewSchema, allow_none=True)


class TableListingSchema(ma.Schema):
    id = ma.fields.String()
    game = ma.fields.String()
    status = ma.fields.String()
    options = ma.fields.Dict()
    settings = ma.fields.Dict()
    seats = ma.fields.List(ma.fields.Nested(SeatSchema))
    free = ma.fields.Integer()
    waiting = ma.fields.Integer()
