"""A table as the caller sees it, and what a seated player does besides moving: leave,
rematch ("Nochmal"), turbo, the first game's guide."""

from __future__ import annotations

import marshmallow as ma

from shared.auth import current_player
from shared.http_requests import StrictBoolean
from shared.tables import lifecycle
from shared.tables.schemas import TableSchema
from shared.tables.transaction import change
from shared.tables.views import table_view
from shared.web import Blueprint, table_context

blp = Blueprint("state", __name__, description="A table's state, leaving, rematch, turbo, guide")


class GuideSchema(ma.Schema):
    open = StrictBoolean(required=True, metadata={"description": "the guide is open"})


def answer(doc: dict, player: dict | None) -> dict:
    return table_view(doc, player["id"] if player else None, table_context().now)


@blp.route("/tables/<table_id>")
@blp.response(200, TableSchema)
@blp.problems(401, 404)
def get_table(table_id):
    """The settings, the seats, and the game as the caller's seat may see it (a spectator's
    view for anyone not seated), with the version, whose decision it is and the clock."""
    player = current_player()
    doc, _ = change(table_context(), table_id)
    return answer(doc, player)


@blp.route("/tables/<table_id>/leave", methods=["POST"])
@blp.response(200, TableSchema)
@blp.problems(401, 404, 409)
def leave(table_id):
    """Leave the table. During a game the player is out of it: Speedone deals the round
    again without the player, elsewhere a computer plays on in the seat."""
    player = current_player()
    return answer(lifecycle.leave(table_context(), table_id, player), player)


@blp.route("/tables/<table_id>/rematch", methods=["POST"])
@blp.response(200, TableSchema)
@blp.problems(401, 403, 404, 409)
def rematch(table_id):
    """ "Nochmal": alone against computers the next game starts at once; with others the
    seats are held two minutes and the game starts when everyone is back."""
    player = current_player()
    return answer(lifecycle.rematch(table_context(), table_id, player), player)


@blp.route("/tables/<table_id>/turbo", methods=["POST"])
@blp.response(200, TableSchema)
@blp.problems(401, 403, 404, 409)
def turbo(table_id):
    """Solo tables: the computers move without pauses for the rest of this game."""
    player = current_player()
    return answer(lifecycle.turbo(table_context(), table_id, player), player)


@blp.route("/tables/<table_id>/guide", methods=["POST"])
@blp.arguments(GuideSchema)
@blp.response(200, TableSchema)
@blp.problems(400, 401, 403, 404, 409)
def guide(body, table_id):
    """The first game's guide is open (or closed again): while it is open at a table where
    the caller is the only human, the caller's clock waits (300 s at most per game); with
    other humans at the table: 409 not_alone."""
    player = current_player()
    return answer(lifecycle.guide(table_context(), table_id, player, body["open"]), player)
