"""Bearer tokens: a signed, timed statement of who the player is.

Every service checks them the same way; a token names the player id, the name as typed and
whether the account is a guest. Tokens travel only in the ``Authorization`` header, never in
a URL (where access logs and browser history would keep them): the events route, which
``EventSource`` opens without headers, takes a short-lived ticket instead
(services/table/events.py).

Signing: with SECRET_KEY; tokens signed with one of SECRET_KEY_FALLBACKS (earlier keys, for a
rotation) are still accepted. There is no default key (shared/config.py).
"""

from __future__ import annotations

from flask import current_app, request
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from shared.problems import Problem

SALT = "speedgamez-player"


def _secret_keys() -> list[str]:
    """Oldest first, the signing key last (itsdangerous signs with the last one)."""
    config = current_app.config
    fallbacks = config.get("SECRET_KEY_FALLBACKS") or []
    if isinstance(fallbacks, str):
        fallbacks = [key.strip() for key in fallbacks.split(",") if key.strip()]
    return [*fallbacks, config["SECRET_KEY"]]


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_secret_keys(), salt=SALT)


def issue_token(player: dict) -> str:
    """A token for ``{"id", "name", "guest"}``."""
    return _serializer().dumps(
        {"id": player["id"], "name": player["name"], "guest": player["guest"]}
    )


def presented_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[len("Bearer ") :].strip() or None
    return None


def current_player(required: bool = True) -> dict | None:
    """The caller from its bearer token; 401 with a problem body when it is missing or bad
    (or None when ``required`` is False and no token was sent)."""
    token = presented_token()
    if token is None:
        if required:
            raise Problem("Send a bearer token (Authorization: Bearer …).", "token_missing")
        return None
    try:
        return _serializer().loads(token, max_age=current_app.config["TOKEN_MAX_AGE"])
    except SignatureExpired:
        raise Problem("The token has expired; sign in again.", "token_expired") from None
    except BadSignature:
        raise Problem("The token is not valid.", "token_invalid") from None
