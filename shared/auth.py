"""Bearer tokens: a signed, timed statement of who the player is.

Every service checks them the same way; a token names the player id, the name as typed,
whether the account is a guest and the player's token generation. Tokens travel only in the
``Authorization`` header, never in a URL (where access logs and browser history would keep
them): the events route, which ``EventSource`` opens without headers, takes a short-lived
ticket instead (services/table/events.py).

Signing: with SECRET_KEY; tokens signed with one of SECRET_KEY_FALLBACKS (earlier keys, for a
rotation) are still accepted. There is no default key (shared/config.py).

Revocation: every player has a token generation in Redis (``keys.token_generation``, absent:
0). A token carries the generation it was issued under and is refused (401 token_revoked)
once the generation has moved on: signing out everywhere, a changed password and a ban bump
it (:func:`revoke_tokens`). Checking costs one GET per authenticated request. The key is kept
TOKEN_MAX_AGE after the last bump or issue, so it lapses only when no token it could refuse
is still valid. A move reads it together with the table, or its commit checks it
(shared/tables/transaction.py's Guard).

Lapsed guests: a guest's account expires after 7 days away (services/lobby/players.py), and
its name may then go to someone else. A guest's token is good only while its account exists:
the same round trip that reads the generation asks whether the account is still there (401
account_gone when not). A registered account never lapses, so its tokens need no such read.
"""

from __future__ import annotations

import functools
import time

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from shared import config as house_config
from shared import keys
from shared.problems import Problem

SALT = "speedgamez-player"
GENERATION_SLACK = 3600  # seconds the generation outlives the last token it was checked for
VERIFIED_TOKENS = 8192  # well-signed tokens a process remembers (:func:`_verified`)


def _secret_keys() -> list[str]:
    """Oldest first, the signing key last (itsdangerous signs with the last one)."""
    config = current_app.config
    fallbacks = config.get("SECRET_KEY_FALLBACKS") or []
    if isinstance(fallbacks, str):
        fallbacks = house_config.comma_list(fallbacks)
    return [*fallbacks, config["SECRET_KEY"]]


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_secret_keys(), salt=SALT)


@functools.lru_cache(maxsize=VERIFIED_TOKENS)
def _verified(token: str, secret_keys: tuple[str, ...]) -> tuple[dict, float]:
    """The payload of a well-signed token and when it was signed (epoch seconds); raises
    BadSignature (and keeps nothing) for one that is not. Kept per process: a player sends the
    same token with every request, and checking the signature each time took about 3 % of a
    web worker's CPU at a human pace (docs/performance.md); the age is checked at every use."""
    serializer = URLSafeTimedSerializer(list(secret_keys), salt=SALT)
    payload, signed_at = serializer.loads(token, return_timestamp=True)
    return payload, signed_at.timestamp()


def _redis():
    return current_app.extensions["redis"]


def _generation_ttl() -> int:
    return int(current_app.config["TOKEN_MAX_AGE"]) + GENERATION_SLACK


def issue_token(player: dict, generation: int | None = None) -> str:
    """A token for ``{"id", "name", "guest"}`` under the player's current token generation
    (``generation`` when the caller just set it, else read from Redis)."""
    if generation is None:  # read, and kept so that it outlives this token: one round trip
        stored = _redis().getex(keys.token_generation(player["id"]), ex=_generation_ttl())
        generation = int(stored or 0)
    payload = {"id": player["id"], "name": player["name"], "guest": player["guest"]}
    if generation:
        payload["g"] = generation
    return _serializer().dumps(payload)


def revoke_tokens(r, player_id: str, ttl: int) -> int:
    """Every token issued to the player so far is refused from now on; returns the new
    generation (issue the caller's next token with it)."""
    key = keys.token_generation(player_id)
    pipe = r.pipeline(transaction=True)
    pipe.incr(key)
    pipe.expire(key, ttl)
    generation, _ = pipe.execute()
    return int(generation)


def revoke_current(player_id: str) -> int:
    """:func:`revoke_tokens` inside a request."""
    return revoke_tokens(_redis(), player_id, _generation_ttl())


def bearer_token(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer …`` header's value."""
    if authorization.startswith("Bearer "):
        return authorization[len("Bearer ") :].strip() or None
    return None


def presented_token() -> str | None:
    return bearer_token(request.headers.get("Authorization", ""))


def signed_player(token: str | None, required: bool = True) -> tuple[dict, int] | None:
    """The player of a well-signed, unexpired bearer token and the token generation it was
    issued under, not yet compared with the stored one (:func:`current_player` does); 401 with
    a problem body when the token is missing, bad or expired (or None when ``required`` is
    False and no token was sent)."""
    if token is None:
        if required:
            raise Problem("Send a bearer token (Authorization: Bearer …).", "token_missing")
        return None
    try:
        payload, signed_at = _verified(token, tuple(_secret_keys()))
    except BadSignature:
        raise Problem("The token is not valid.", "token_invalid") from None
    if not 0 <= time.time() - signed_at <= current_app.config["TOKEN_MAX_AGE"]:
        raise Problem("The token has expired; sign in again.", "token_expired")
    try:
        player = {"id": str(payload["id"]), "name": payload["name"], "guest": payload["guest"]}
        generation = int(payload.get("g", 0))
    except (KeyError, TypeError, ValueError, AttributeError):
        raise Problem("The token is not valid.", "token_invalid") from None
    return player, generation


def token_revoked() -> Problem:
    return Problem(
        "The token was revoked (signed out everywhere, password changed or account banned); "
        "sign in again.",
        "token_revoked",
    )


def account_gone() -> Problem:
    return Problem(
        "This account no longer exists (a guest's lapses after 7 days away); choose a name or "
        "sign in again.",
        "account_gone",
    )


def refusal(gone: bool) -> Problem:
    """What a token that no longer holds is told: its account is gone, or it was revoked."""
    return account_gone() if gone else token_revoked()


def account_key(player: dict) -> str | None:
    """The key that must exist for the player's tokens to be good: a guest's account (it
    lapses); None for a registered player (its account never does)."""
    return keys.account(player["id"]) if player["guest"] else None


def check_standing(r, player: dict, generation: int) -> None:
    """401 unless the token's generation is the player's and, for a guest, the account still
    exists: one round trip."""
    account = account_key(player)
    pipe = r.pipeline(transaction=False)
    pipe.get(keys.token_generation(player["id"]))
    if account:
        pipe.exists(account)
    stored, *exists = pipe.execute()
    if exists == [0] or int(stored or 0) != generation:
        raise refusal(exists == [0])


def current_player(required: bool = True) -> dict | None:
    """The caller from its bearer token; 401 with a problem body when it is missing, bad,
    expired or revoked, or its guest account lapsed (or None when ``required`` is False and no
    token was sent)."""
    signed = signed_player(presented_token(), required)
    if signed is None:
        return None
    player, generation = signed
    check_standing(_redis(), player, generation)
    return player
