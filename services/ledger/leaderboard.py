"""The leaderboards: per game, all time and the current calendar month (UTC).

Points are a sorted set per game and period, written only by the booking job. Ranks are
competition ranks: players with equal points share a rank, and the next rank skips as many.
"""

from __future__ import annotations

from datetime import UTC, datetime

import marshmallow as ma
from flask import g
from marshmallow import fields, validate

from services.ledger.bookings import month_of
from shared import keys
from shared.auth import current_player
from shared.games import names
from shared.problems import Problem
from shared.web import Blueprint, redis_client

MAX_LIMIT = 100

blp = Blueprint(
    "leaderboards",
    __name__,
    url_prefix="/leaderboards",
    description="Leaderboard (Bestenliste) per game: all time and the current month",
)


@blp.before_request
def require_player():
    g.player = current_player()


class LeaderboardQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE  # other query parameters are ignored

    period = fields.String(
        load_default="all",
        validate=validate.OneOf(["all", "month"]),
        metadata={"description": "`all` (all time) or `month` (the current month, UTC)"},
    )
    limit = fields.Integer(
        load_default=10,
        validate=validate.Range(1, MAX_LIMIT),
        metadata={"description": "How many of the best to list"},
    )


class StandingSchema(ma.Schema):
    rank = fields.Integer(allow_none=True, metadata={"description": "None: not on the board"})
    name = fields.String()
    points = fields.Integer()
    you = fields.Boolean(metadata={"description": "The caller"})


class LeaderboardSchema(ma.Schema):
    game = fields.String()
    period = fields.String()
    month = fields.String(allow_none=True, metadata={"description": "YYYY-MM for a month"})
    players = fields.Integer(metadata={"description": "How many players are on the board"})
    top = fields.List(fields.Nested(StandingSchema))
    me = fields.Nested(StandingSchema, metadata={"description": "The caller's own standing"})


def top(r, key: str, limit: int, viewer_id: str) -> list[dict]:
    """The best ``limit`` players by name (``you`` marks the viewer; player ids never leave
    the house); ties share the rank of the first of them."""
    rows = r.zrevrange(key, 0, limit - 1, withscores=True)
    names = r.hmget(keys.PLAYER_NAMES, [player for player, _ in rows]) if rows else []
    standings, rank, previous = [], 0, None
    for index, ((player, points), name) in enumerate(zip(rows, names, strict=True)):
        if points != previous:
            rank, previous = index + 1, points
        standings.append({"rank": rank, "name": name or "?", "points": points,
                          "you": player == viewer_id})  # fmt: skip
    return standings


def standing(r, key: str, player: dict) -> dict:
    """The caller's rank and points (rank None and 0 points when not on the board)."""
    points = r.zscore(key, player["id"])
    rank = None if points is None else 1 + r.zcount(key, f"({points}", "+inf")
    return {"rank": rank, "name": player["name"], "points": points or 0}


@blp.route("/<game>")
@blp.arguments(LeaderboardQuery, location="query")
@blp.response(200, LeaderboardSchema)
@blp.problems((401, "No valid bearer token"), (404, "No such game"))
def leaderboard(query, game):
    """The best players of a game and the caller's own rank and points."""
    if game not in names():
        raise Problem(f"There is no such game; the games are {', '.join(names())}.",
                      "unknown_game", game=game)  # fmt: skip
    month = month_of(datetime.now(UTC).timestamp()) if query["period"] == "month" else None
    key = keys.leaderboard(game, month or "all")
    r = redis_client()
    return {
        "game": game,
        "period": query["period"],
        "month": month,
        "players": r.zcard(key),
        "top": top(r, key, query["limit"], g.player["id"]),
        "me": {**standing(r, key, g.player), "you": True},
    }
