"""Tables in the lobby: open one, list the open ones, sit down, set seats and settings, start."""

from __future__ import annotations

import marshmallow as ma
from flask import current_app
from flask.views import MethodView

from services.lobby import quotas
from shared import keys, store, wallets
from shared.auth import current_player
from shared.games import names
from shared.http_requests import StrictBoolean
from shared.problems import Problem
from shared.tables import house, lifecycle
from shared.tables import table as tables
from shared.tables.schemas import TableListingSchema, TableSchema
from shared.tables.table import CLOSED
from shared.tables.views import listing, table_view
from shared.web import Blueprint, redis_client, table_context

blp = Blueprint("tables", __name__, description="Open, list, join and start tables")
LIST_LIMIT = 100
OneOf = ma.validate.OneOf


class HouseSettingsSchema(ma.Schema):
    clock = ma.fields.Integer(
        strict=True,
        validate=OneOf(house.CLOCKS),
        metadata={"description": "seconds per decision; 0 = none"},
    )
    tempo = ma.fields.String(validate=OneOf(house.TEMPOS))
    stakes = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, house.MAX_STAKE))
    fill = ma.fields.String(
        validate=OneOf(house.FILLS), metadata={"description": "free seats at the start"}
    )
    strength = ma.fields.String(validate=OneOf(house.STRENGTHS))
    solo = StrictBoolean(metadata={"description": "alone against computers"})
    humans_only = StrictBoolean()


OPTIONS = ma.fields.Dict(
    keys=ma.fields.String(validate=ma.validate.Length(max=40)),
    validate=ma.validate.Length(max=20),
    metadata={"description": "the game's own options (docs/rules/<game>.md)"},
)


class CreateTableSchema(ma.Schema):
    game = ma.fields.String(required=True, validate=OneOf(names()))
    seats = ma.fields.Integer(required=True, strict=True, validate=ma.validate.Range(1, 6))
    options = OPTIONS
    settings = ma.fields.Nested(HouseSettingsSchema)


class ChangeSettingsSchema(ma.Schema):
    options = OPTIONS
    settings = ma.fields.Nested(HouseSettingsSchema)


class JoinSchema(ma.Schema):
    seat = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, 5))


class SeatChangeSchema(ma.Schema):
    kind = ma.fields.String(required=True, validate=OneOf(("computer", "empty")))
    strength = ma.fields.String(validate=OneOf(house.STRENGTHS))


class ListQuerySchema(ma.Schema):
    game = ma.fields.String(validate=OneOf(names()))


def _answer(doc: dict, player: dict) -> dict:
    return table_view(doc, player["id"], table_context().now)


def _require_affordable(player: dict, settings: dict | None) -> None:
    """Refuse a stake above the opener's balance now rather than at the start (409). The start
    checks every player's balance again: money may move in between."""
    stake = (settings or {}).get("stakes") or 0
    balance = wallets.balance(redis_client(), player["id"]) if stake else 0
    if stake > balance:
        raise Problem(
            f"A stake of {stake} Taler is more than your {balance} Taler.",
            "stake_unaffordable", stake=stake, balance=balance,
        )  # fmt: skip


@blp.route("/tables")
class Tables(MethodView):
    @blp.arguments(ListQuerySchema, location="query")
    @blp.response(200, TableListingSchema(many=True))
    def get(self, query):
        """Tables others may join (not solo, not closed), newest first."""
        r = redis_client()
        ids = r.zrevrange(keys.OPEN_TABLES, 0, LIST_LIMIT - 1)
        docs = store.load_many(r, ids)
        gone = set(ids) - {doc["id"] for doc in docs if doc["status"] != CLOSED}
        if gone:
            r.zrem(keys.OPEN_TABLES, *gone)
        return [
            listing(doc) for doc in docs
            if doc["status"] != CLOSED and query.get("game") in (None, doc["game"])
        ]  # fmt: skip

    @blp.arguments(CreateTableSchema)
    @blp.response(201, TableSchema)
    @blp.problems(
        400, 401,
        (409, "A stake above the balance, or too many open or playing tables"),
        (429, "Too many solo games started in a minute"),
    )  # fmt: skip
    def post(self, body):
        """Open a table; the opener sits in seat 0. A solo table starts at once. A stake
        above the opener's balance is refused (409 stake_unaffordable), and so is a table
        beyond QUOTA_TABLES open or playing ones (409 too_many_tables); at most
        QUOTA_SOLO_GAMES_PER_MINUTE solo games a minute (429 too_many_solo_games)."""
        player = current_player()
        settings = body.get("settings", {})
        _require_affordable(player, settings)
        with (
            quotas.table_room(player),
            quotas.counted("solo", player, when=settings.get("solo", False)),
        ):
            doc = lifecycle.open_table(
                table_context(), player, body["game"], body["seats"],
                body.get("options", {}), settings,
            )  # fmt: skip
        return _answer(doc, player)


@blp.route("/me/tables")
@blp.response(200, TableListingSchema(many=True))
@blp.problems(401)
def my_tables():
    """The tables the caller sits at or waits at: where a reload brings a player back."""
    player = current_player()
    r = redis_client()
    ids = sorted(store.player_table_ids(r, player["id"]))
    docs = store.load_many(r, ids)
    for table_id in set(ids) - {doc["id"] for doc in docs}:
        store.forget_player_table(r, player["id"], table_id)  # gone
    here = []
    for doc in docs:  # (the index is kept beside the tables: each says whether one is there)
        if tables.belongs(doc, player["id"]):
            here.append(doc)
        else:  # (a rematch's hold freed the seat, say)
            store.forget_player_table(r, player["id"], doc["id"], doc["version"])
    return [listing(doc) for doc in here if doc["status"] != CLOSED]


@blp.route("/tables/<table_id>/seats", methods=["POST"])
@blp.arguments(JoinSchema)
@blp.response(200, TableSchema)
@blp.problems(400, 401, 403, 404, 409)
def join(body, table_id):
    """Sit down (the seat asked for, or the first free one); while a game runs, wait for
    the next one. Sitting (or waiting) where one does already changes nothing. At a staked
    table who cannot pay the stake does not sit down (409 stake_unaffordable). Not beyond
    QUOTA_TABLES open or playing tables (409 too_many_tables)."""
    player = current_player()
    with quotas.table_room(player, table_id):
        doc = lifecycle.join(table_context(), table_id, player, body.get("seat"))
    return _answer(doc, player)


@blp.route("/tables/<table_id>/seats/<int:seat>", methods=["PUT"])
@blp.arguments(SeatChangeSchema)
@blp.response(200, TableSchema)
@blp.problems(400, 401, 403, 404, 409)
def set_seat(body, table_id, seat):
    """The opener puts a computer on a free seat or empties it, before the start; emptying
    the seat of another human frees it (one who cannot pay the stake, say). A seat that is
    so already changes nothing."""
    player = current_player()
    doc = lifecycle.set_seat(
        table_context(), table_id, player, seat, body["kind"], body.get("strength")
    )
    return _answer(doc, player)


@blp.route("/tables/<table_id>/settings", methods=["PATCH"])
@blp.arguments(ChangeSettingsSchema)
@blp.response(200, TableSchema)
@blp.problems(400, 401, 403, 404, 409)
def change_settings(body, table_id):
    """The opener changes the game options or house settings before the start; a stake
    above the opener's balance is refused."""
    player = current_player()
    settings = body.get("settings")
    if (settings or {}).get("stakes"):  # only a stake needs the table read first
        doc = store.load(redis_client(), table_id)
        if doc is not None and doc["opener"] == player["id"]:
            _require_affordable(player, settings)
    doc = lifecycle.change_settings(
        table_context(), table_id, player, body.get("options"), settings
    )
    return _answer(doc, player)


@blp.route("/tables/<table_id>/start", methods=["POST"])
@blp.response(200, TableSchema)
@blp.problems(401, 403, 404, 409, (429, "Too many solo games started in a minute"))
def start(table_id):
    """The opener starts the game: free seats are filled as the table was set (by those
    waiting first: at a staked table those who can pay), the stakes are taken from exactly
    the humans dealt in (refused when someone cannot pay), who begins is drawn by lot. A
    game in which the opener is the only human counts as a solo game (429
    too_many_solo_games)."""
    player = current_player()
    alone = False
    if current_app.config.get("QUOTA_SOLO_GAMES_PER_MINUTE"):
        doc = store.load(redis_client(), table_id)
        alone = doc is not None and len(tables.humans(doc)) == 1
    with quotas.counted("solo", player, when=alone):
        doc = lifecycle.start(table_context(), table_id, player)
    return _answer(doc, player)
