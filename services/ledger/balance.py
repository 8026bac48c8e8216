"""The caller's Bilanz: balance in Taler, the last journal entries, games played and won."""

from __future__ import annotations

import marshmallow as ma
from flask import g
from marshmallow import fields, validate

from services.ledger.scoring import rules
from shared import keys
from shared.auth import current_player
from shared.games import names
from shared.wallets import PLAYER_JOURNAL_MAX, balance, journal_entries
from shared.web import Blueprint, redis_client

blp = Blueprint(
    "balance",
    __name__,
    url_prefix="/balance",
    description="The caller's Bilanz: Taler, journal, games played and won",
)


@blp.before_request
def require_player():
    g.player = current_player()


class BalanceQuery(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE  # other query parameters are ignored

    entries = fields.Integer(
        load_default=20,
        validate=validate.Range(0, min(100, PLAYER_JOURNAL_MAX)),
        metadata={"description": "How many of the last journal entries to list"},
    )


class EntrySchema(ma.Schema):
    id = fields.String(metadata={"description": "The journal entry's stream id"})
    at = fields.Float(metadata={"description": "When (unix seconds)"})
    amount = fields.Integer(metadata={"description": "Taler in (positive) or out (negative)"})
    balance = fields.Integer(metadata={"description": "The balance after the movement"})
    reason = fields.String(metadata={"description": "opening, stake, pot or refund"})
    game = fields.String(allow_none=True, metadata={"description": "The game id, if any"})


class GameRecordSchema(ma.Schema):
    game = fields.String()
    played = fields.Integer(metadata={"description": "Games scored (short ones are not)"})
    won = fields.Integer()
    unscored = fields.Integer(
        metadata={"description": "Games too short to be scored at all (Speedtower: under 90 s)"}
    )
    no_bonus = fields.Integer(
        metadata={"description": "Games scored without the placement bonus and the −10 for "
                  "leaving (Speedlaunch: under two minutes); counted in played"}
    )  # fmt: skip
    short_under = fields.Integer(
        allow_none=True,
        metadata={"description": "The seconds under which a game is unscored or has no bonus "
                  "(None: every game is scored in full)"},
    )  # fmt: skip


class BalanceSchema(ma.Schema):
    player = fields.String()
    balance = fields.Integer()
    entries = fields.List(fields.Nested(EntrySchema), metadata={"description": "Newest first"})
    games = fields.List(fields.Nested(GameRecordSchema))


def game_records(stats: dict) -> list[dict]:
    """Games played and won per game, from a player's stats hash (keys.player_stats), and the
    short games that lost their score (``unscored``) or their bonus (``no_bonus``)."""
    return [
        {
            "game": game,
            "played": int(stats.get(f"{game}:played", 0)),
            "won": int(stats.get(f"{game}:won", 0)),
            "unscored": int(stats.get(f"{game}:short:everything", 0)),
            "no_bonus": int(stats.get(f"{game}:short:bonus", 0)),
            "short_under": rules(game).SHORT_GAME and rules(game).SHORT_GAME.under,
        }
        for game in names()
    ]


@blp.route("")
@blp.arguments(BalanceQuery, location="query")
@blp.response(200, BalanceSchema)
@blp.problems((401, "No valid bearer token"))
def bilanz(query):
    """The caller's balance, last journal entries and games played and won per game."""
    r = redis_client()
    player = g.player["id"]
    return {
        "player": player,
        "balance": balance(r, player),
        "entries": journal_entries(r, player, query["entries"]) if query["entries"] else [],
        "games": game_records(r.hgetall(keys.player_stats(player))),
    }
