"""The lobby's quotas: what one client address or one player may make the house hold or
compute (docs/operations.md "Quotas"). Each is a setting of shared/config.py (0: off) and a
counter in Redis (shared.ratelimit.take, keys under ``quota:``), so it holds across every
instance of the lobby.

* new guest accounts and new registered names per client address and hour (429);
* sign-in attempts (a password checked: signing in, changing the password) per client address
  and minute, and per name and client address and minute, counted before any hash is made
  (429): a guesser is slowed down without locking the name's owner out, who signs in from
  another address;
* tables a player sits at that are open or playing (409 ``too_many_tables``): counted when
  the player opens a table or takes a seat, from the player's tables themselves, so a game
  that ended or a table left frees its place at once;
* games started alone against computers per player and minute (429): each keeps the bots
  workers busy until it ends, even when its player leaves;
* invitations sent per player and minute (429).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app

from shared import keys, ratelimit, store
from shared.addresses import client_address
from shared.problems import Problem
from shared.tables.table import OPEN, PLAYING, belongs
from shared.web import redis_client

HOUR, MINUTE = 3600, 60
SEATING_SECONDS = 30  # how long an unfinished opening or seating counts at most

# quota name → (setting, window, what was done)
WINDOWED = {
    "guests": ("QUOTA_GUESTS_PER_HOUR", HOUR, "guest accounts"),
    "sign-ups": ("QUOTA_SIGN_UPS_PER_HOUR", HOUR, "registrations"),
    "sign-ins": ("QUOTA_SIGN_INS_PER_MINUTE", MINUTE, "sign-in attempts"),
    "name-sign-ins": ("QUOTA_NAME_SIGN_INS_PER_MINUTE", MINUTE, "sign-in attempts for one name"),
    "solo": ("QUOTA_SOLO_GAMES_PER_MINUTE", MINUTE, "games alone against computers"),
    "invitations": ("QUOTA_INVITATIONS_PER_MINUTE", MINUTE, "invitations"),
}
# quota name → its problem (429 with retry_after)
REFUSALS = {
    "guests": lambda detail, wait: Problem(detail, "too_many_guests", retry_after=wait),
    "sign-ups": lambda detail, wait: Problem(detail, "too_many_sign_ups", retry_after=wait),
    "sign-ins": lambda detail, wait: Problem(detail, "rate_limited", retry_after=wait),
    "name-sign-ins": lambda detail, wait: Problem(detail, "rate_limited", retry_after=wait),
    "solo": lambda detail, wait: Problem(detail, "too_many_solo_games", retry_after=wait),
    "invitations": lambda detail, wait: Problem(detail, "too_many_invitations", retry_after=wait),
}
PER_ADDRESS = {"guests", "sign-ups", "sign-ins", "name-sign-ins"}


def _limit(name: str) -> int:
    return int(current_app.config.get(WINDOWED[name][0]) or 0)


def _subject(name: str, player: dict | None, about: str | None) -> str:
    """Whose use it is: the client address (with the name ``about``, case-insensitively, for
    the attempts at one name) or the player."""
    if name not in PER_ADDRESS:
        return player["id"]
    return f"{client_address()}:{about.casefold()}" if about else client_address()


def take(name: str, player: dict | None = None, about: str | None = None) -> None:
    """Use one of quota ``name`` (per client address, per client address and the name
    ``about``, or per ``player``), or raise its 429."""
    _, window, what = WINDOWED[name]
    limit = _limit(name)
    wait = ratelimit.take(redis_client(), name, _subject(name, player, about), limit, window)
    if wait is not None:
        whose = "this address" if name in PER_ADDRESS else "you"
        per = "hour" if window == HOUR else "minute"
        detail = f"The house allows {limit} {what} per {per} from {whose}; try again in "
        detail += f"{wait:.0f} s."
        raise REFUSALS[name](detail, round(wait, 3))


def give_back(name: str, player: dict | None = None) -> None:
    """The request that took a quota failed (a taken name): it does not count."""
    ratelimit.give_back(redis_client(), name, _subject(name, player, None), _limit(name))


@contextmanager
def counted(name: str, player: dict | None = None, when: bool = True) -> Iterator[None]:
    """Around what uses one of quota ``name`` (only ``when`` it does): :func:`take` before,
    :func:`give_back` when it fails (raises), so that only what was done counts."""
    if not when:
        yield
        return
    take(name, player)
    try:
        yield
    except BaseException:
        give_back(name, player)
        raise


@contextmanager
def table_room(player: dict, table_id: str | None = None,
               quick_play: bool = False) -> Iterator[None]:  # fmt: skip
    """Around opening a table or taking a seat at ``table_id``: refuse (409) when the player
    sits at QUOTA_TABLES tables that are open or playing already. Requests of the same player
    running at the same time count as tables (each until it is done), so several at once
    cannot slip past the quota together; so does the player's wait in quick play, which
    seats them at a table when it matches (``quick_play``: the request asks for that wait,
    in place of any wait before)."""
    limit = int(current_app.config.get("QUOTA_TABLES") or 0)
    if limit <= 0:
        yield
        return
    r = redis_client()
    seating = keys.tables_opening(player["id"])
    pipe = r.pipeline(transaction=False)
    pipe.incr(seating)
    pipe.expire(seating, SEATING_SECONDS)
    pipe.zrange(keys.player_tables(player["id"]), 0, -1)
    pipe.hexists(keys.QUICKPLAY_ROOMS, player["id"])
    running, _, ids, waiting = pipe.execute()
    try:
        ids = sorted(set(ids) - {table_id})
        docs = store.load_many(r, ids) if ids else []
        busy = sum(1 for doc in docs if doc["status"] in (OPEN, PLAYING) and
                   belongs(doc, player["id"]))  # fmt: skip
        waits = bool(waiting) and not quick_play
        if busy + waits + int(running) - 1 >= limit:
            also, stop = (" and wait in quick play", ", stop waiting") if waits else ("", "")
            raise Problem(
                f"You sit at {busy} tables that are open or playing{also}; the house allows "
                f"{limit}. Leave one{stop} or finish a game first.",
                "too_many_tables", limit=limit,
            )  # fmt: skip
        yield
    finally:
        ratelimit.decrement_live(r, seating)
