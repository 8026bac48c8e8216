"""Accounts: play as a guest under a chosen name, or register a name with a password.

Every route answers with a bearer token (shared.auth) for ``{"id", "name", "guest"}``.
:func:`signed_in` is how the lobby's views learn who calls: it also rejects the token of a
guest whose account lapsed, and keeps an active guest's name reserved.
"""

from __future__ import annotations

import time

import marshmallow as ma

from services.lobby import players
from shared.auth import current_player, issue_token
from shared.problems import Problem
from shared.web import Blueprint, redis_client

blp = Blueprint("accounts", __name__, description="Guests, registered accounts and sign-in")


class PlayerName(ma.fields.String):
    """A player's name, NFC-normalised and trimmed, then checked against the house rules."""

    def __init__(self, **kwargs):
        metadata = {
            "minLength": players.NAME_MIN,
            "maxLength": players.NAME_MAX,
            "description": "Letters, digits, spaces and _ - . (trimmed); unique whatever "
            "the case, shown as typed",
        }
        super().__init__(required=True, metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        name = players.clean_name(super()._deserialize(value, attr, data, **kwargs))
        problem = players.name_problem(name)
        if problem:
            raise ma.ValidationError(problem)
        return name


class GuestSchema(ma.Schema):
    name = PlayerName()


class RegistrationSchema(ma.Schema):
    name = PlayerName()
    password = ma.fields.String(
        required=True,
        validate=ma.validate.Length(players.PASSWORD_MIN, players.PASSWORD_MAX),
        load_only=True,
    )


class SignInSchema(ma.Schema):
    name = PlayerName()
    # No minimum: a shorter password is simply wrong, whatever the rules of the day.
    password = ma.fields.String(
        required=True, validate=ma.validate.Length(1, players.PASSWORD_MAX), load_only=True
    )


class PlayerSchema(ma.Schema):
    id = ma.fields.String(metadata={"description": "The player id"})
    name = ma.fields.String(metadata={"description": "The name as typed"})
    guest = ma.fields.Boolean(metadata={"description": "Guest (no password) or registered"})


class SessionSchema(ma.Schema):
    token = ma.fields.String(metadata={"description": "Send as Authorization: Bearer <token>"})
    player = ma.fields.Nested(PlayerSchema)


def signed_in() -> dict:
    """The calling player (401 without a valid token, or when the account is gone)."""
    player = current_player()
    if not players.touch(redis_client(), player):
        raise Problem(
            "This account no longer exists (a guest's lapses after 7 days away); choose a "
            "name or sign in again.",
            "account_gone",
        )
    return player


def _session(player: dict) -> dict:
    return {"token": issue_token(player), "player": player}


def _open_account(name: str, password: str | None) -> dict:
    player = players.create_account(redis_client(), name, password, time.time())
    if player is None:
        raise Problem(f"The name {name!r} is taken.", "name_taken", name=name)
    return _session(player)


@blp.route("/accounts/guest", methods=["POST"])
@blp.arguments(GuestSchema)
@blp.response(201, SessionSchema)
@blp.problems((409, "The name is taken"))
def open_guest(body):
    """Play as a guest: the name stays reserved until the guest is away for 7 days."""
    return _open_account(body["name"], None)


@blp.route("/accounts", methods=["POST"])
@blp.arguments(RegistrationSchema)
@blp.response(201, SessionSchema)
@blp.problems((409, "The name is taken (a guest's too)"))
def register(body):
    """Register a name with a password (8-128 characters); the name is kept for good."""
    return _open_account(body["name"], body["password"])


@blp.route("/sessions", methods=["POST"])
@blp.arguments(SignInSchema)
@blp.response(200, SessionSchema)
@blp.problems((401, "Wrong name or password"), (429, "Too many attempts; see Retry-After"))
def sign_in(body):
    """Sign in to a registered account (at most 10 attempts per name and minute)."""
    r = redis_client()
    wait = players.sign_in_wait(r, body["name"])
    if wait:
        raise Problem(
            f"Too many sign-in attempts for this name; try again in {wait} s.",
            "rate_limited",
            retry_after=wait,
        )
    player = players.authenticate(r, body["name"], body["password"])
    if player is None:
        raise Problem("The name or the password is wrong.", "bad_password")
    return _session(player)


@blp.route("/accounts/me", methods=["GET"])
@blp.response(200, PlayerSchema)
@blp.problems((401, "No valid token"))
def me():
    """The account of the token's bearer."""
    return signed_in()
