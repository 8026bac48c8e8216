"""Challenges: a player seated at an open table invites another player by name; the invitee
accepts (and is seated) or declines within two minutes.

There is one invitation per table and invitee (its id names both), so inviting again only
renews it; the invitee's pending list is a zset scored by expiry, pruned when read.
"""

from __future__ import annotations

import time

import marshmallow as ma

from services.lobby import players, quotas
from services.lobby.accounts import PlayerName, signed_in
from shared import store
from shared.problems import Problem
from shared.tables import lifecycle, table
from shared.tables.errors import no_such_table
from shared.web import Blueprint, redis_client, table_context

blp = Blueprint("invitations", __name__, description="Challenges: invitations to a table")

TABLE_ID_MAX = 64


class InvitationRequestSchema(ma.Schema):
    to = PlayerName()
    table = ma.fields.String(
        required=True,
        validate=ma.validate.Length(1, TABLE_ID_MAX),
        metadata={"description": "The id of a table the inviter sits at"},
    )


class SentInvitationSchema(ma.Schema):
    """An invitation as its inviter reads it: without its id, which names the invitee's
    player id (player ids never leave the house; only the invitee answers it)."""

    from_ = ma.fields.String(
        data_key="from", attribute="from", metadata={"description": "The inviter's name"}
    )
    to = ma.fields.String(metadata={"description": "The invitee's name"})
    table = ma.fields.String()
    game = ma.fields.String()
    expires_at = ma.fields.Float(metadata={"description": "Unix seconds"})


class InvitationSchema(SentInvitationSchema):
    """An invitation as its invitee reads it: with the id to accept or decline it by."""

    id = ma.fields.String()


class InvitationListSchema(ma.Schema):
    invitations = ma.fields.List(
        ma.fields.Nested(InvitationSchema),
        metadata={"description": f"Newest first, at most {players.INVITATIONS_LIST_MAX}"},
    )


class AcceptedSchema(ma.Schema):
    table = ma.fields.String()
    seat = ma.fields.Integer(
        allow_none=True,
        metadata={
            "description": "The seat taken; null when a game already runs at the "
            "table and the player waits for the next one"
        },
    )


@blp.route("/invitations", methods=["POST"])
@blp.arguments(InvitationRequestSchema)
@blp.response(201, SentInvitationSchema)
@blp.problems(
    (401, "No valid token"),
    (403, "The caller does not sit at the table, or it is a solo table"),
    (404, "No such table or player"),
    (409, "The table is not open, or the invitee sits at it already"),
    (429, "Too many invitations in a minute"),
)
def invite(body):
    """Invite a player to the caller's open table; the invitation lasts two minutes. At most
    QUOTA_INVITATIONS_PER_MINUTE a minute (429 too_many_invitations)."""
    inviter = signed_in()
    r = redis_client()
    doc = store.load(r, body["table"])
    if doc is None:
        raise no_such_table(body["table"])
    if table.seat_of(doc, inviter["id"]) is None:
        raise Problem("Only a player seated at the table may invite to it.", "not_seated")
    if doc["settings"]["solo"]:
        raise Problem("A solo table takes no other players.", "solo_table")
    if doc["status"] != table.OPEN:
        raise Problem(
            f"The table is {doc['status']}; invitations are for open tables.",
            "wrong_table_status",
            table_status=doc["status"],
        )
    invitee = players.find(r, body["to"])
    if invitee is None:
        raise Problem(f"There is no player named {body['to']!r}.", "no_such_player",
                      name=body["to"])  # fmt: skip
    if table.seat_of(doc, invitee["id"]) is not None:
        raise Problem(f"{invitee['name']} sits at this table already.", "already_seated",
                      name=invitee["name"])  # fmt: skip
    quotas.take("invitations", inviter)
    now = time.time()
    invitation = {
        "id": players.invitation_id(doc["id"], invitee["id"]),
        "from": inviter["name"],
        "from_id": inviter["id"],
        "to": invitee["name"],
        "to_id": invitee["id"],
        "table": doc["id"],
        "game": doc["game"],
        "expires_at": now + players.INVITATION_TTL,
    }
    players.save_invitation(r, invitation, now)
    return invitation


@blp.route("/invitations", methods=["GET"])
@blp.response(200, InvitationListSchema)
@blp.problems((401, "No valid token"))
def pending():
    """The caller's pending invitations."""
    player = signed_in()
    return {"invitations": players.invitations_for(redis_client(), player["id"], time.time())}


def _own_invitation(invitation_id: str) -> tuple[dict, dict]:
    """The caller and the pending invitation addressed to them (404 / 403 otherwise)."""
    player = signed_in()
    invitation = players.invitation(redis_client(), invitation_id, time.time())
    if invitation is None:
        raise Problem("There is no such invitation, or it expired.", "no_such_invitation")
    if invitation["to_id"] != player["id"]:
        raise Problem("This invitation is for someone else.", "not_your_invitation")
    return player, invitation


@blp.route("/invitations/<invitation_id>/accept", methods=["POST"])
@blp.response(200, AcceptedSchema)
@blp.problems(
    (401, "No valid token"),
    (403, "Someone else's invitation"),
    (404, "No such invitation, or the table is gone"),
    (409, "The table cannot seat the caller (every seat taken, too many tables …)"),
)
def accept(invitation_id):
    """Accept: the caller sits down at the table (or waits there if a game already runs).
    Not beyond QUOTA_TABLES open or playing tables (409 too_many_tables)."""
    player, invitation = _own_invitation(invitation_id)
    with quotas.table_room(player, invitation["table"]):
        doc = lifecycle.join(table_context(), invitation["table"], player)
    players.delete_invitation(redis_client(), invitation)
    return {"table": doc["id"], "seat": table.seat_of(doc, player["id"])}


@blp.route("/invitations/<invitation_id>/decline", methods=["POST"])
@blp.response(204)
@blp.problems(
    (401, "No valid token"),
    (403, "Someone else's invitation"),
    (404, "No such invitation, or it expired"),
)
def decline(invitation_id):
    """Decline: the invitation is gone."""
    _, invitation = _own_invitation(invitation_id)
    players.delete_invitation(redis_client(), invitation)
