"""Chat at a table: lines of at most 200 characters, a 2 s lock after each, and the themed
"Freude" / "Ärgern" exclamations per game, each in German and English (the client shows
the reader's)."""

from __future__ import annotations

import random

import marshmallow as ma

from shared import chat_lines, store
from shared.auth import current_player
from shared.tables import lifecycle
from shared.tables.errors import BadRequest, no_such_table
from shared.web import Blueprint, table_context

blp = Blueprint("chat", __name__, description="Chat at a table")
MAX_LINE = 200

EXCLAMATIONS = {  # each line in the reader's language; no emoji (the house's fonts draw none)
    "speedlaunch": {
        "freude": [
            {"de": "Zündung!", "en": "Ignition!"},
            {"de": "Abheben!", "en": "Lift-off!"},
            {"de": "Ab in den Orbit!", "en": "Off into orbit!"},
            {"de": "T−1 – und weg!", "en": "T−1 – and gone!"},
            {"de": "Houston, alles bestens!", "en": "Houston, all is well!"},
        ],
        "aergern": [
            {"de": "Blindgänger …", "en": "A dud …"},
            {"de": "Houston, wir haben ein Problem.", "en": "Houston, we have a problem."},
            {"de": "Asteroid voraus!", "en": "Asteroid ahead!"},
            {"de": "Das Schwarze Loch hat meinen Plan verschluckt.",
             "en": "The black hole swallowed my plan."},
            {"de": "Countdown abgebrochen!", "en": "Countdown aborted!"},
        ],
    },
    "speedtower": {
        "freude": [
            {"de": "Richtfest!", "en": "Topping out!"},
            {"de": "Läuft wie am Schnürchen!", "en": "Running like clockwork!"},
            {"de": "Der Kran hat’s gerichtet!", "en": "The crane sorted it!"},
            {"de": "Stockwerk um Stockwerk!", "en": "Floor by floor!"},
            {"de": "Bauauftrag fast erfüllt!", "en": "Building contract nearly done!"},
        ],
        "aergern": [
            {"de": "Baustopp!", "en": "Building stopped!"},
            {"de": "Das Material ist alle …", "en": "Out of material …"},
            {"de": "Wer hat mir die Steilvorlage geklaut?", "en": "Who stole my perfect setup?"},
            {"de": "Abriss!", "en": "Demolition!"},
            {"de": "Der Polier schimpft.", "en": "The foreman is grumbling."},
        ],
    },
    "speedone": {
        "freude": [
            {"de": "ONE!", "en": "ONE!"},
            {"de": "Farbe gewünscht, Farbe bekommen!", "en": "Wished for a colour, got it!"},
            {"de": "Aussetzen – tut mir leid!", "en": "Skip – sorry!"},
            {"de": "Das lief rund!", "en": "That went smoothly!"},
            {"de": "Richtungswechsel, hihi!", "en": "Reverse, hee hee!"},
        ],
        "aergern": [
            {"de": "Plus vier?! Ernsthaft?", "en": "Plus four?! Seriously?"},
            {"de": "Schon wieder ziehen …", "en": "Drawing again …"},
            {"de": "Falsche Farbe!", "en": "Wrong colour!"},
            {"de": "Wer hat die Richtung gedreht?", "en": "Who turned the direction round?"},
            {"de": "Meine Hand wird immer voller.", "en": "My hand just keeps growing."},
        ],
    },
}  # fmt: skip


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
        game = doc["game"] if doc else "speedone"
        texts = random.choice(EXCLAMATIONS[game][body["exclamation"]])
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
