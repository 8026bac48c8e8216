"""Server-Sent Events of a table: every commit, cut to the caller's seat.

A browser opens a stream with a ticket (``?ticket=``) instead of its bearer token, which
would otherwise sit in the URL, and so in access logs and browser history: a random ticket
minted by an authenticated POST, kept in Redis for a minute under the table's hash tag with
the player it names, and used up (GETDEL) by the one connection it opens. Other clients may
send ``Authorization: Bearer``.

The event id is the commit's stream id, so a client that reconnects with Last-Event-ID — to
any instance — gets exactly what it missed. Each ``update`` carries the commit's events
(redacted by the engine's rules for the seat) and the table as the caller now sees it; a
client too far behind gets one ``state`` event instead. A comment after 15 s without news
(``SSE_HEARTBEAT``; one ticker of the hub for all its streams) keeps the connection open.
"""

from __future__ import annotations

import re
import secrets
import time

import marshmallow as ma
from flask import Response, current_app, request, stream_with_context

from services.table import stream_leases
from services.table.hub import Hub
from services.table.stream_leases import StreamLease
from shared import jsonfast, keys, store
from shared.auth import current_player
from shared.games.base import redact_event
from shared.problems import Problem
from shared.tables.errors import no_such_table
from shared.tables.table import seat_of
from shared.tables.views import table_view
from shared.web import Blueprint, redis_client

blp = Blueprint("events", __name__, description="Server-Sent Events of a table")
HEARTBEAT_SECONDS = 15.0
CATCH_UP_LIMIT = 500  # commits replayed on reconnect before a full state is cheaper
TICKET_SECONDS = 60
TICKET_FORM = re.compile(r"[A-Za-z0-9_-]{1,64}")
STREAM_ID_FORM = re.compile(r"[0-9]{1,19}(-[0-9]{1,19})?")  # what Redis takes as a stream id


def hub() -> Hub:
    """This process's hub, made on first use (after gunicorn has forked the worker)."""
    if "hub" not in current_app.extensions:
        heartbeat = current_app.config.get("SSE_HEARTBEAT", HEARTBEAT_SECONDS)
        docs = current_app.extensions["hub_docs"]
        current_app.extensions["hub"] = Hub(redis_client(), docs, heartbeat)
    return current_app.extensions["hub"]


def close_hub(app) -> None:
    """Stop the hub of a table app (``app``) that is shut down while its process goes on."""
    running = app.extensions.pop("hub", None)
    if running is not None:
        running.close()


def _id_key(stream_id: str) -> tuple[int, int]:
    ms, _, seq = stream_id.partition("-")
    return int(ms), int(seq or 0)


def _message(kind: str, data: dict, event_id: str | None = None) -> str:
    head = f"id: {event_id}\n" if event_id else ""
    return f"{head}event: {kind}\ndata: {jsonfast.dumps(data)}\n\n"


class Stream:
    """One client's stream: what it has seen, and how to say the next thing to it."""

    def __init__(self, table_id: str, player_id: str, last_id: str | None):
        self.table_id = table_id
        self.player_id = player_id
        self.last_id = last_id
        self.version = -1

    def update(self, entries, doc) -> str:
        """SSE messages for new commits (older or already sent ones are skipped)."""
        seat = seat_of(doc, self.player_id) if doc else None
        out = []
        fresh = [
            e for e in entries if self.last_id is None or _id_key(e[0]) > _id_key(self.last_id)
        ]
        for index, (entry_id, version, events) in enumerate(fresh):
            data = {"version": version, "events": [redact_event(e, seat) for e in events]}
            if index == len(fresh) - 1 and doc and doc["version"] > self.version:
                data["table"] = table_view(doc, self.player_id, time.time())
                self.version = doc["version"]
            out.append(_message("update", data, entry_id))
            self.last_id = entry_id
        return "".join(out)

    def state(self, r) -> str:
        """A full-state message that puts the client at the stream's newest commit (the
        document and that commit read at once, so no commit falls between them)."""
        pipe = r.pipeline(transaction=True)
        pipe.hmget(keys.table(self.table_id), "version", "doc")
        pipe.xrevrange(keys.table_events(self.table_id), count=1)
        (version, raw), latest = pipe.execute()
        doc = store.parse_doc(version, raw)
        if doc is None:
            return _message("closed", {"table": self.table_id})
        self.last_id = latest[0][0] if latest else "0-0"
        self.version = doc["version"]
        view = table_view(doc, self.player_id, time.time())
        return _message("state", {"version": doc["version"], "table": view}, self.last_id)

    def catch_up(self, r) -> str:
        """What a reconnecting client missed, or a full state when that is too much."""
        if not self.last_id:
            return self.state(r)
        first = store.first_event_id(r, self.table_id)
        behind = first is not None and _id_key(self.last_id) < _id_key(first)
        missed = (
            [] if behind else store.read_events(r, self.table_id, self.last_id, CATCH_UP_LIMIT + 1)
        )
        if behind or len(missed) > CATCH_UP_LIMIT:
            return self.state(r)
        return self.update(missed, store.load(r, self.table_id)) if missed else ""


class TicketSchema(ma.Schema):
    ticket = ma.fields.String(metadata={"description": "Send as ?ticket= to the events route"})
    expires_in = ma.fields.Integer(metadata={"description": "Seconds the ticket stays valid"})


class EventsQuerySchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE  # ignored, so a ?token= answers 401 like no token at all

    ticket = ma.fields.String(metadata={"description": "A stream ticket (one connection)"})
    lastEventId = ma.fields.String(  # noqa: N815 - the name EventSource gives it
        metadata={"description": "The last event id seen (as the Last-Event-ID header)"}
    )
    last_id = ma.fields.String(metadata={"description": "The same, by its older name"})


@blp.route("/tables/<table_id>/stream-tickets", methods=["POST"])
@blp.response(201, TicketSchema)
@blp.problems(401, 404, (429, "Over STREAM_TICKETS_PER_MINUTE"))
def stream_ticket(table_id):
    """A ticket for one connection to the table's events, valid a minute: EventSource cannot
    send the bearer token as a header, and a token in the URL would be logged. At most
    STREAM_TICKETS_PER_MINUTE a player and minute (429 rate_limited)."""
    player = current_player()
    r = redis_client()
    if not store.exists(r, table_id):
        raise no_such_table(table_id)
    stream_leases.take_ticket(r, player["id"])
    ticket = secrets.token_urlsafe(24)
    holder = {key: player[key] for key in ("id", "name", "guest")}
    r.set(keys.stream_ticket(table_id, ticket), jsonfast.dumps(holder), ex=TICKET_SECONDS)
    return {"ticket": ticket, "expires_in": TICKET_SECONDS}


def stream_player(r, table_id: str, ticket: str | None) -> dict:
    """Who opens the stream: the ticket's player (the ticket is used up), else the bearer's."""
    if ticket is None:
        return current_player()
    holder = (
        r.getdel(keys.stream_ticket(table_id, ticket)) if TICKET_FORM.fullmatch(ticket) else None
    )
    if holder is None:
        raise Problem(
            "The stream ticket is unknown, expired, used or for another table; get a new one.",
            "ticket_invalid",
        )
    return jsonfast.loads(holder)


@blp.route("/tables/<table_id>/events")
@blp.arguments(EventsQuerySchema, location="query")
@blp.response(200, description="text/event-stream of update, state and closed events")
@blp.problems(400, 401, 404, (429, "The player holds STREAMS_PER_PLAYER streams open"))
def events(query, table_id):
    """Subscribe to a table, with a ``ticket`` (POST …/stream-tickets) or a bearer token.
    Reconnect with the Last-Event-ID header (or the ``lastEventId`` query parameter); an id
    that is not a stream id counts as none (a full state first). A player holds at most
    STREAMS_PER_PLAYER streams open (429 too_many_streams)."""
    last_id = (
        request.headers.get("Last-Event-ID") or query.get("lastEventId") or query.get("last_id")
    )
    if last_id is not None and not STREAM_ID_FORM.fullmatch(last_id):
        last_id = None  # not one this stream gave: the client starts from the full state
    r = redis_client()
    player = stream_player(r, table_id, query.get("ticket"))
    if not store.exists(r, table_id):
        raise no_such_table(table_id)
    stream = Stream(table_id, player["id"], last_id)
    lease = StreamLease(r, player["id"])
    lease.take()  # 429 while the player holds STREAMS_PER_PLAYER streams open
    subscription = hub().subscribe(table_id, lease)

    @stream_with_context
    def generate():
        try:
            yield "retry: 2000\n\n"
            yield stream.catch_up(r)
            while True:
                batch = subscription.next()
                if subscription.overflowed.is_set():
                    subscription.overflowed.clear()
                    yield stream.state(r)
                elif batch is None:
                    yield ": heartbeat\n\n"
                else:
                    yield stream.update(batch.entries, batch.doc)
        finally:
            hub().unsubscribe(subscription)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    response = Response(generate(), mimetype="text/event-stream", headers=headers)
    response.call_on_close(lease.give_back)  # also when the stream never started
    return response
