"""Chat at a table: lines of at most 200 characters, a 2 s lock after each, and the themed
"Freude" / "Ärgern" exclamations of each game's phrasebook, each in German and English (the
client shows the reader's)."""

from __future__ import annotations

import random

import marshmallow as ma

from shared import chat_lines, store
from shared.auth import current_player
from shared.parts import part
from shared.tables import lifecycle
from shared.tables.errors import BadRequest, no_such_table
from shared.web import Blueprint, table_context

blp = Blueprint("chat", __name__, description="Chat at a table")
MAX_LINE = 200


class ChatSchema(ma.Schema):
    text = ma.fields.String(validate=ma.validate.Length(1, MAX_LINE))
    exclamation = ma.fields.String(
        validate=ma.validate.OneOf(("freude", "aergern")),
        metadata={"description": "send a random themed line instead of text"},
    )


class ChatLineSchema(ma.Schema):
    type = ma.fields.String()
    seat = ma.fields.Integer(allow_none=True)
    name = ma.fields.String()
    text = ma.fields.String()
    texts = ma.fields.Dict(
        keys=ma.fields.String(), values=ma.fields.String(),
        metadata={"description": "an exclamation: its line per language (de, en); text is "
                  "the German one"},
    )  # fmt: skip
    at = ma.fields.Float()


@blp.route("/tables/<table_id>/chat", methods=["POST"])
@blp.arguments(ChatSchema)
@blp.response(201, ChatLineSchema)
@blp.problems(400, 401, 403, 404, 429)
def post_chat(body, table_id):
    """Say something at the table (players seated or waiting there)."""
    player = current_player()
    ctx = table_context()
    if ("text" in body) == ("exclamation" in body):
        raise BadRequest("send either text or an exclamation", code="invalid_chat_line")
    text, texts = body.get("text", "").strip(), None
    if "exclamation" in body:
        doc = store.load(ctx.r, table_id)
        if doc is None:
            raise no_such_table(table_id)
        texts = random.choice(part(doc["game"], "phrases").EXCLAMATIONS[body["exclamation"]])
        text = texts["de"]
    if not text:  # (control characters never come this far: shared/text.py)
        raise BadRequest("a chat line needs visible text", code="invalid_chat_line")
    return lifecycle.chat(ctx, table_id, player, text, texts)


@blp.route("/tables/<table_id>/chat")
@blp.response(200, ChatLineSchema(many=True))
@blp.problems(401, 404)
def get_chat(table_id):
    """The table's last chat lines (for a client that comes back)."""
    current_player()
    ctx = table_context()
    if store.load(ctx.r, table_id) is None:
        raise no_such_table(table_id)
    return chat_lines.recent_chat(ctx.r, table_id)
