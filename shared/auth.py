"""Bearer tokens: a signed, timed statement of who the player is.

Every service checks them the same way; a token names the player id, the name as typed and
whether the account is a guest. EventSource cannot send headers, so the events route also
accepts the token as the ``token`` query parameter.
"""

from __future__ import annotations

from flask import current_app, request
from flask_smorest import abort
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

SALT = "speedgamez-player"


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def issue_token(player: dict) -> str:
    """A token for ``{"id", "name", "guest"}``."""
    return _serializer().dumps(
        {"id": player["id"], "name": player["name"], "guest": player["guest"]}
    )


def _presented_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[len("Bearer ") :].strip()
    return request.args.get("token") or None


def current_player(required: bool = True) -> dict | None:
    """The caller from its bearer token; 401 with a problem body when it is missing or bad
    (or None when ``required`` is False and no token was sent)."""
    token = _presented_token()
    if token is None:
        if required:
            abort(401, message="Send a bearer token (Authorization: Bearer …).")
        return None
    try:
        return _serializer().loads(token, max_age=current_app.config["TOKEN_MAX_AGE"])
    except SignatureExpired:
        abort(401, message="The token has expired; sign in again.")
    except BadSignature:
        abort(401, message="The token is not valid.")
