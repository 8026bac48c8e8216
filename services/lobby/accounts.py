"""Accounts: play as a guest under a chosen name, or register a name with a password.

Every route answers with a bearer token (shared.auth) for ``{"id", "name", "guest"}``.
:func:`signed_in` is how the lobby's views learn who calls: it also rejects the token of a
guest whose account lapsed, and keeps an active guest's name reserved.

Signing out everywhere and changing the password revoke every token issued so far (the
caller's too; a changed password answers with a new one); an operator bans an account with
``python -m services.lobby.admin`` (services/lobby/admin.py).
"""

from __future__ import annotations

import time

import marshmallow as ma

from services.lobby import names, players, quotas
from shared.auth import account_gone, current_player, issue_token, revoke_current
from shared.problems import Problem
from shared.web import Blueprint, redis_client

blp = Blueprint("accounts", __name__, description="Guests, registered accounts and sign-in")


class PlayerName(ma.fields.String):
    """A player's name as typed to find an account (sign-in, invitations): trimmed, and held
    to the rules every name was made under (services/lobby/names.py)."""

    for_new_account = False
    description = "A player's name, any case"

    def __init__(self, **kwargs):
        metadata = {
            "minLength": names.NAME_MIN,
            "maxLength": names.NAME_MAX,
            "description": self.description,
        }
        super().__init__(required=True, metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        typed = super()._deserialize(value, attr, data, **kwargs)
        if self.for_new_account:
            name = names.clean(typed)
            problem = names.problem(name)
        else:
            name = names.lookup_forms(typed)[0]
            problem = names.lookup_problem(name)
        if problem:
            raise ma.ValidationError(problem)
        return name


class NewPlayerName(PlayerName):
    """The name of a new account: NFKC-normalised and trimmed, visible, and unique whatever its
    case and among names that look alike."""

    for_new_account = True
    description = (
        "Letters, digits, spaces and _ - . (NFKC, trimmed; no invisible characters, at least "
        "one letter or digit); unique whatever the case and among look-alikes (Unicode TS "
        "#39 skeletons), shown as typed"
    )


class GuestSchema(ma.Schema):
    name = NewPlayerName()


class RegistrationSchema(ma.Schema):
    name = NewPlayerName()
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


class PasswordChangeSchema(ma.Schema):
    password = ma.fields.String(
        required=True,
        validate=ma.validate.Length(1, players.PASSWORD_MAX),
        load_only=True,
        metadata={"description": "The password now"},
    )
    new_password = ma.fields.String(
        required=True,
        validate=ma.validate.Length(players.PASSWORD_MIN, players.PASSWORD_MAX),
        load_only=True,
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
        raise account_gone()
    return player


def _session(player: dict, generation: int | None = None) -> dict:
    return {"token": issue_token(player, generation), "player": player}


def _count_sign_in_attempt(name: str) -> None:
    """Count an attempt at the name's password, before any hash is made: 429 when this
    address made too many attempts this minute, or too many at this name."""
    quotas.take("sign-ins")
    quotas.take("name-sign-ins", about=name)


def _open_account(name: str, password: str | None) -> dict:
    """A new account, within the quota of new accounts per client address and hour (a
    refused name does not count)."""
    with quotas.counted("sign-ups" if password else "guests"):
        try:
            player = players.create_account(redis_client(), name, password, time.time())
        except players.NameTaken as taken:
            why = "a name that looks like it is someone's" if taken.look_alike else "it is taken"
            raise Problem(f"The name {name!r} cannot be had: {why}.", "name_taken",
                          name=name) from None  # fmt: skip
    return _session(player)


@blp.route("/accounts/guest", methods=["POST"])
@blp.arguments(GuestSchema)
@blp.response(201, SessionSchema)
@blp.problems((409, "The name is taken"), (429, "Too many guest accounts from this address"))
def open_guest(body):
    """Play as a guest: the name stays reserved until the guest is away for 7 days. At most
    QUOTA_GUESTS_PER_HOUR new guests per client address and hour (429 too_many_guests)."""
    return _open_account(body["name"], None)


@blp.route("/accounts", methods=["POST"])
@blp.arguments(RegistrationSchema)
@blp.response(201, SessionSchema)
@blp.problems(
    (409, "The name is taken (a guest's too)"),
    (429, "Too many registrations from this address"),
)
def register(body):
    """Register a name with a password (8-128 characters); the name is kept for good. At
    most QUOTA_SIGN_UPS_PER_HOUR per client address and hour (429 too_many_sign_ups)."""
    return _open_account(body["name"], body["password"])


@blp.route("/sessions", methods=["POST"])
@blp.arguments(SignInSchema)
@blp.response(200, SessionSchema)
@blp.problems(
    (401, "Wrong name or password"),
    (403, "The account is banned"),
    (429, "Too many attempts; see Retry-After"),
)
def sign_in(body):
    """Sign in to a registered account: at most QUOTA_SIGN_INS_PER_MINUTE attempts per client
    address and minute, and QUOTA_NAME_SIGN_INS_PER_MINUTE at one name (429 rate_limited)."""
    r = redis_client()
    _count_sign_in_attempt(body["name"])
    player = players.authenticate(r, body["name"], body["password"])
    if player is None:
        raise Problem("The name or the password is wrong.", "bad_password")
    if players.is_banned(r, player["id"]):
        raise Problem("This account is banned.", "account_banned")
    return _session(player)


@blp.route("/accounts/me", methods=["GET"])
@blp.response(200, PlayerSchema)
@blp.problems((401, "No valid token"))
def me():
    """The account of the token's bearer."""
    return signed_in()


@blp.route("/me/sign-out-everywhere", methods=["POST"])
@blp.response(204)
@blp.problems((401, "No valid token"))
def sign_out_everywhere():
    """Sign out on every device: every token issued to the caller so far, this one too, is
    refused from now on (401 token_revoked)."""
    revoke_current(current_player()["id"])


@blp.route("/me/password", methods=["PUT"])
@blp.arguments(PasswordChangeSchema)
@blp.response(200, SessionSchema)
@blp.problems(
    (401, "No valid token, or the password now is wrong"),
    (403, "A guest has no password"),
    (429, "Too many attempts; see Retry-After"),
)
def change_password(body):
    """Change the password (registered players): every token issued so far is revoked, and
    the answer carries a new one. Every try counts as a sign-in attempt at the name."""
    player = signed_in()
    if player["guest"]:
        raise Problem("A guest has no password; register a name instead.", "guest_account")
    r = redis_client()
    _count_sign_in_attempt(player["name"])
    checked = players.authenticate(r, player["name"], body["password"])
    if checked is None or checked["id"] != player["id"]:
        raise Problem("The password is wrong.", "bad_password")
    players.set_password(r, player["id"], body["new_password"])
    return _session(player, revoke_current(player["id"]))
