"""Ratings, read-only: the rating board of a game, the ratings of the players at a table (and
of the computers), and a player's ratings with the rated games behind them.

Players are named by name, never by id. A provisional rating (shared/ratings.py) is
marked ``provisional`` and is not on the board, as on lichess.
"""

from __future__ import annotations

import json

import marshmallow as ma
from flask import g
from marshmallow import fields, validate

from services.ledger.ratings import HISTORY_MAX
from shared import keys
from shared.auth import current_player
from shared.games import names
from shared.problems import Problem
from shared.ratings import Rating, computer_ratings, ratings_of
from shared.web import Blueprint, redis_client

MAX_LIMIT = 100
MAX_NAMES = 12  # a table's seats, or a screenful of the lobby's tables

blp = Blueprint(
    "ratings",
    __name__,
    description="Ratings per game (openskill, on one scale with the computers): the board, a "
    "table's players, a player's history",
)


@blp.before_request
def require_player():
    g.player = current_player()


class RatingSchema(ma.Schema):
    rating = fields.Integer(metadata={"description": "The one number shown (the mean)"})
    provisional = fields.Boolean(metadata={"description": "Shown with '?': too few games yet"})
    games = fields.Integer(metadata={"description": "Rated games in this game"})


class NamedRatingSchema(RatingSchema):
    name = fields.String()


class RankedRatingSchema(NamedRatingSchema):
    rank = fields.Integer(allow_none=True, metadata={"description": "None: not on the board"})


class ComputerRatingSchema(ma.Schema):
    strength = fields.String(metadata={"description": "leicht, normal or stark"})
    rating = fields.Integer(metadata={"description": "Fixed, measured by bench/ratings.py"})


class RatingChangeSchema(ma.Schema):
    before = fields.Integer()
    after = fields.Integer()
    change = fields.Integer(metadata={"description": "after − before, as shown (+14)"})
    provisional = fields.Boolean(metadata={"description": "The rating after is provisional"})
    vs_computers = fields.Boolean(
        metadata={"description": "Computers played: rated against their fixed ratings"}
    )


class RatingBoardSchema(ma.Schema):
    game = fields.String()
    players = fields.Integer(metadata={"description": "How many players are on the board"})
    top = fields.List(fields.Nested(RankedRatingSchema))
    me = fields.Nested(RankedRatingSchema, metadata={"description": "The caller's own"})
    computers = fields.List(fields.Nested(ComputerRatingSchema))


class TableRatingsSchema(ma.Schema):
    game = fields.String()
    players = fields.List(
        fields.Nested(NamedRatingSchema),
        metadata={"description": "The players asked for who exist, in the order asked"},
    )
    computers = fields.List(fields.Nested(ComputerRatingSchema))


class RatedGameSchema(RatingChangeSchema):
    game_id = fields.String()
    table = fields.String()
    no = fields.Integer(metadata={"description": "The game's number at its table: its replay "
                                                 "is /t/<table>/<no>"})  # fmt: skip
    at = fields.Float(metadata={"description": "When the game ended (unix seconds)"})
    place = fields.Integer()


class GameRatingSchema(RatingSchema):
    game = fields.String()
    history = fields.List(fields.Nested(RatedGameSchema), metadata={"description": "Oldest first"})


class PlayerRatingsSchema(ma.Schema):
    name = fields.String()
    games = fields.List(fields.Nested(GameRatingSchema))


class BoardQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    limit = fields.Integer(load_default=10, validate=validate.Range(1, MAX_LIMIT))


class NamesQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    name = fields.List(
        fields.String(validate=validate.Length(1, 64)),
        load_default=list,
        validate=validate.Length(0, MAX_NAMES),
        metadata={"description": f"A player's name (repeat it, at most {MAX_NAMES})"},
    )


class HistoryQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    points = fields.Integer(
        load_default=100,
        validate=validate.Range(0, HISTORY_MAX),
        metadata={"description": "How many of the last rated games per game to list"},
    )


def _known_game(game: str) -> None:
    if game not in names():
        raise Problem(f"There is no such game; the games are {', '.join(names())}.",
                      "unknown_game", game=game)  # fmt: skip


def _computers(game: str) -> list[dict]:
    return [{"strength": s, "rating": rating.shown} for s, rating in computer_ratings(game).items()]


def _ids_of(r, names: list[str]) -> list[tuple[str, str]]:
    """(name as asked, player id) of the names that are players."""
    pipe = r.pipeline(transaction=False)
    for name in names:
        pipe.get(keys.account_name(name))
    return [(name, pid) for name, pid in zip(names, pipe.execute(), strict=True) if pid]


@blp.route("/ratings/<game>")
@blp.arguments(BoardQuery, location="query")
@blp.response(200, RatingBoardSchema)
@blp.problems((401, "No valid bearer token"), (404, "No such game"))
def rating_board(query, game):
    """The best-rated players of a game (established ratings only), the caller's own rating
    and rank, and the computers' fixed ratings."""
    _known_game(game)
    r = redis_client()
    board = keys.rating_board(game)
    rows = r.zrevrange(board, 0, query["limit"] - 1, withscores=True)
    ids = [player for player, _ in rows]
    names = r.hmget(keys.PLAYER_NAMES, ids) if ids else []
    held = ratings_of(r, game, ids)
    top, rank, previous = [], 0, None
    for index, ((player, score), name) in enumerate(zip(rows, names, strict=True)):
        if score != previous:
            rank, previous = index + 1, score
        top.append({"rank": rank, "name": name or "?", **held[player].public()})
    mine = ratings_of(r, game, [g.player["id"]])[g.player["id"]]
    score = r.zscore(board, g.player["id"])
    my_rank = None if score is None else 1 + r.zcount(board, f"({score}", "+inf")
    return {
        "game": game,
        "players": r.zcard(board),
        "top": top,
        "me": {"rank": my_rank, "name": g.player["name"], **mine.public()},
        "computers": _computers(game),
    }


@blp.route("/ratings/<game>/players")
@blp.arguments(NamesQuery, location="query")
@blp.response(200, TableRatingsSchema)
@blp.problems((400, "Too many names"), (401, "No valid bearer token"), (404, "No such game"))
def table_ratings(query, game):
    """The ratings of the players named (the seats of a table, the lobby's lists) and of the
    computers; names that are no player's are left out."""
    _known_game(game)
    r = redis_client()
    found = _ids_of(r, query["name"])
    held = ratings_of(r, game, [pid for _, pid in found])
    return {
        "game": game,
        "players": [{"name": name, **held[pid].public()} for name, pid in found],
        "computers": _computers(game),
    }


@blp.route("/players/<name>/ratings")
@blp.arguments(HistoryQuery, location="query")
@blp.response(200, PlayerRatingsSchema)
@blp.problems((401, "No valid bearer token"), (404, "No player of this name"))
def player_ratings(query, name):
    """A player's rating in every game and the last rated games behind it (each with its
    table and number: the replay), for the player page's chart."""
    r = redis_client()
    player_id = r.get(keys.account_name(name))
    if not player_id:
        raise Problem("There is no player with this name.", "no_such_player", name=name)
    pipe = r.pipeline(transaction=False)
    for game in names():
        pipe.hget(keys.ratings(game), player_id)
        pipe.lrange(keys.rating_history(player_id, game), -query["points"], -1)
    answers = pipe.execute()
    games = []
    for index, game in enumerate(names()):
        raw, history = answers[2 * index], answers[2 * index + 1] if query["points"] else []
        games.append({
            "game": game,
            **Rating.decode(raw).public(),
            "history": [json.loads(entry) for entry in history],
        })  # fmt: skip
    return {"name": r.hget(keys.account(player_id), "name") or name, "games": games}
