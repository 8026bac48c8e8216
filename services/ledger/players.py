"""Read-only pages of the ledger: a player's record (games, wins, points and rank per game,
the last games booked) and what one booked game gave each seat (points and Taler).

Player ids never leave the house: a player is named by name, a booked game's seats by seat.
"""

from __future__ import annotations

import json

import marshmallow as ma
from flask import jsonify
from marshmallow import fields, validate

from services.ledger.balance import GameRecordSchema, game_records
from services.ledger.bookings import RECENT_GAMES
from services.ledger.leaderboard import standing
from services.ledger.rating_routes import RatingChangeSchema
from services.ledger.ratings import rating_changes
from shared import keys, store
from shared.auth import current_player
from shared.problems import Problem
from shared.web import Blueprint, redis_client

BOOKING_RETRY = 1  # seconds: when to ask again for a booking on its way

blp = Blueprint(
    "players",
    __name__,
    description="A player's record and the booking of one game (read-only)",
)


@blp.before_request
def require_player():
    current_player()


class RecentQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    recent = fields.Integer(
        load_default=20,
        validate=validate.Range(0, RECENT_GAMES),
        metadata={"description": "How many of the player's last booked games to list"},
    )


class GameStatsSchema(GameRecordSchema):
    points = fields.Integer(metadata={"description": "Leaderboard points, all time"})
    rank = fields.Integer(allow_none=True, metadata={"description": "None: not on the board"})


class RecentGameSchema(ma.Schema):
    game_id = fields.String()
    table = fields.String()
    no = fields.Integer(metadata={"description": "The game's number at its table"})
    game = fields.String()
    ended_at = fields.Float(allow_none=True)
    place = fields.Integer(allow_none=True)
    points = fields.Integer()
    won = fields.Boolean()
    taler = fields.Integer(metadata={"description": "Won (positive) or lost (negative)"})
    scored = fields.Boolean()
    short = fields.Nested(
        "ShortGameSchema", allow_none=True, metadata={"description": "as for a booked game"}
    )


class PlayerSchema(ma.Schema):
    name = fields.String()
    games = fields.List(fields.Nested(GameStatsSchema))
    recent = fields.List(fields.Nested(RecentGameSchema), metadata={"description": "Newest first"})


class SeatBookingSchema(ma.Schema):
    seat = fields.Integer()
    human = fields.Boolean()
    place = fields.Integer(allow_none=True)
    points = fields.Integer(allow_none=True, metadata={"description": "None: a computer"})
    won = fields.Boolean()
    taler = fields.Integer(metadata={"description": "Won (positive) or lost (negative)"})
    rating = fields.Nested(
        RatingChangeSchema, allow_none=True, metadata={"description": "None: not rated"}
    )


class ShortGameSchema(ma.Schema):
    loses = fields.String(
        metadata={"description": "everything (not scored) or bonus (no placement bonus, no −10)"}
    )
    under = fields.Integer(metadata={"description": "the seconds a game needs to keep it"})


class GameBookingSchema(ma.Schema):
    booked = fields.Boolean(metadata={"description": "true: the game is booked"})
    game_id = fields.String()
    table = fields.String()
    no = fields.Integer()
    game = fields.String()
    scored = fields.Boolean(metadata={"description": "False: the game gave no points"})
    short = fields.Nested(
        ShortGameSchema,
        allow_none=True,
        metadata={"description": "why points or the bonus fell away; None: scored in full"},
    )
    stake = fields.Integer()
    ended_at = fields.Float(allow_none=True)
    seats = fields.List(fields.Nested(SeatBookingSchema))


def _game_no(game_id: str) -> int:
    return int(game_id.rsplit("-", 1)[1])


def _taler(summary: dict, payouts: dict, refunds: dict, player: str) -> int:
    paid = summary.get("stake", 0) if player in summary.get("paid", []) else 0
    return payouts.get(player, 0) + refunds.get(player, 0) - paid


def _booked(raw: dict) -> tuple[dict, dict, dict]:
    return (
        json.loads(raw["summary"]),
        json.loads(raw.get("payouts") or "{}"),
        json.loads(raw.get("refunds") or "{}"),
    )


def _place(summary: dict, player: str) -> int | None:
    seats, places = summary.get("seats"), summary.get("places")
    if not seats or not places or player not in seats:
        return None
    return places[seats.index(player)]


@blp.route("/players/<name>")
@blp.arguments(RecentQuery, location="query")
@blp.response(200, PlayerSchema)
@blp.problems((401, "No valid bearer token"), (404, "No player of this name"))
def player_page(query, name):
    """A player's games, wins, leaderboard points and rank per game, and the last games
    booked (place, points, Taler; the table and game number lead to the game's record)."""
    r = redis_client()
    player_id = r.get(keys.account_name(name))
    if not player_id:
        raise Problem("There is no player with this name.", "no_such_player", name=name)
    player = {"id": player_id, "name": r.hget(keys.account(player_id), "name") or name}
    games = []
    for record in game_records(r.hgetall(keys.player_stats(player_id))):
        mine = standing(r, keys.leaderboard(record["game"], "all"), player)
        games.append({**record, "points": mine["points"], "rank": mine["rank"]})
    game_ids = (
        r.lrange(keys.recent_games(player_id), 0, query["recent"] - 1) if query["recent"] else []
    )
    pipe = r.pipeline(transaction=False)  # the bookings in one round trip
    for game_id in game_ids:
        pipe.hgetall(keys.booking(game_id))
    booked = pipe.execute() if game_ids else []
    recent = [
        _recent_game(game_id, raw, player_id)
        for game_id, raw in zip(game_ids, booked, strict=True)
        if raw
    ]
    return {"name": player["name"], "games": games, "recent": recent}


def _recent_game(game_id: str, raw: dict, player: str) -> dict:
    """One entry of a player's recent games, from the game's booking."""
    summary, payouts, refunds = _booked(raw)
    return {
        "game_id": game_id,
        "table": summary["table"],
        "no": _game_no(game_id),
        "game": summary["game"],
        "ended_at": summary.get("ended_at"),
        "place": _place(summary, player),
        "points": summary["points"].get(player, 0),
        "won": player in summary["won"],
        "taler": _taler(summary, payouts, refunds, player),
        "scored": summary["scored"],
        "short": summary.get("short"),
    }


class PendingBookingSchema(ma.Schema):
    booked = fields.Boolean(metadata={"description": "false: the game is over, not booked yet"})


@blp.route("/tables/<table_id>/games/<int:game_no>")
@blp.response(200, GameBookingSchema)
@blp.alt_response(202, schema=PendingBookingSchema,
                  description="The game is over and its booking on the way; ask again after "
                              "Retry-After seconds")  # fmt: skip
@blp.problems((401, "No valid bearer token"), (404, "The table has no such finished game"))
def game_booking(table_id, game_no):
    """What a finished game gave each seat: place, leaderboard points and Taler won or lost.
    A game that is over but not booked yet (moments after its end) is 202 ``{"booked":
    false}`` with Retry-After: waiting for a booking is no error."""
    game_id = f"{table_id}-{game_no}"
    r = redis_client()
    raw = r.hgetall(keys.booking(game_id))
    if not raw:
        if store.unbooked(r, table_id, game_id) is not None:
            return jsonify(booked=False), 202, {"Retry-After": str(BOOKING_RETRY)}
        raise Problem("The table has no such finished game.", "no_such_game",
                      table=table_id, game_no=game_no)  # fmt: skip
    summary, payouts, refunds = _booked(raw)
    places = summary.get("places") or []
    changes = rating_changes(redis_client(), game_id) or []
    seats = []
    for index, player in enumerate(summary.get("seats") or []):
        seats.append(
            {
                "seat": index,
                "human": player is not None,
                "place": places[index] if index < len(places) else None,
                "points": summary["points"].get(player) if player else None,
                "won": player in summary["won"] if player else False,
                "taler": _taler(summary, payouts, refunds, player) if player else 0,
                "rating": changes[index] if index < len(changes) else None,
            }
        )
    return {
        "booked": True,
        "game_id": game_id,
        "table": table_id,
        "no": game_no,
        "game": summary["game"],
        "scored": summary["scored"],
        "short": summary.get("short"),
        "stake": summary.get("stake", 0),
        "ended_at": summary.get("ended_at"),
        "seats": seats,
    }
