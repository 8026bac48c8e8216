"""Presence, "wer ist online": clients send a heartbeat; whoever was not seen for a minute
is no longer listed (and is dropped from the index on the way)."""

from __future__ import annotations

import time

import marshmallow as ma

from services.lobby import players
from services.lobby.accounts import signed_in
from shared.web import Blueprint, redis_client

blp = Blueprint("presence", __name__, description="Who is online")


class OnlinePlayerSchema(ma.Schema):
    name = ma.fields.String()
    seen_at = ma.fields.Float(metadata={"description": "Last heartbeat (unix seconds)"})
    you = ma.fields.Boolean(metadata={"description": "The caller"})


class OnlineSchema(ma.Schema):
    players = ma.fields.List(
        ma.fields.Nested(OnlinePlayerSchema),
        metadata={
            "description": f"Sorted by name; the {players.ONLINE_LIST_MAX} most "
            "recently seen at most"
        },
    )
    count = ma.fields.Integer(metadata={"description": "How many players are online in all"})


@blp.route("/online", methods=["POST"])
@blp.response(204)
@blp.problems((401, "No valid token"))
def heartbeat():
    """Mark the caller online; clients repeat this well within a minute (say every 20 s)."""
    players.heartbeat(redis_client(), signed_in()["id"], time.time())


@blp.route("/online", methods=["GET"])
@blp.response(200, OnlineSchema)
@blp.problems((401, "No valid token"))
def online():
    """The players seen in the last minute."""
    listed, count = players.online(redis_client(), time.time(), signed_in()["id"])
    return {"players": listed, "count": count}
