"""The house's routes, each described once as a :class:`~speedgamez_client.calls.Call` for
both clients.

``Routes`` is the part of :class:`~speedgamez_client.Client` and
:class:`~speedgamez_client.AsyncClient` that names the routes: each method describes its
request and hands it to the client's ``_call``, which sends it (waiting out 429 and retrying
what may be retried) and parses the answer. So a method returns its result in the sync client
and an awaitable of the same result in the async one.

A table may be given as its id or as a :class:`~speedgamez_client.models.Table`.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import quote

import httpx

from speedgamez_client.calls import Call
from speedgamez_client.models import (
    Accepted,
    GameInfo,
    Hint,
    Invitation,
    Listing,
    MoveResult,
    Player,
    QuickPlay,
    Rating,
    Table,
    many,
)

LOBBY, TABLE, LEDGER = "/api/lobby", "/api/table", "/api/ledger"


def table_id(table: Table | str) -> str:
    return table.id if isinstance(table, Table) else table


def segment(text: str) -> str:
    """``text`` as one path segment: a name or an id can never reach another route."""
    return quote(str(text), safe="")


def _at(service: str, table: Table | str, *rest: str) -> str:
    """The path of a route of one table: ``<service>/tables/<id>[/rest…]``."""
    return "/".join((service, "tables", segment(table_id(table)), *rest))


DEFAULT_URL = "http://127.0.0.1:8080"
TIMEOUT = 30.0  # seconds for a request
MAX_WAIT = 60.0  # seconds one call waits out 429s and retries in all


class Routes:
    """Every route of the API a player uses (docs/api.md, docs/api-accounts.md); any other
    route: :meth:`request`. A client is made with the house's ``url`` and, optionally, a
    ``token`` one already has (else sign in), ``timeout`` per request, ``max_wait`` and an
    httpx ``transport``."""

    _http = httpx.Client  # the async client's: httpx.AsyncClient

    def __init__(
        self,
        url: str = DEFAULT_URL,
        token: str | None = None,
        *,
        timeout: float = TIMEOUT,
        max_wait: float = MAX_WAIT,
        transport=None,
    ):
        self.url = url.rstrip("/")
        self.token = token
        self.player: Player | None = None
        self.max_wait = max_wait
        self.http = self._http(base_url=self.url, timeout=timeout, transport=transport)

    def _call(self, call: Call):
        raise NotImplementedError

    def _signed_in(self, session: dict) -> Player:
        self.token = session["token"]
        self.player = Player.from_json(session["player"])
        return self.player

    def request(self, method: str, path: str, body: dict | None = None, query=None) -> Any:
        """Any route by its path (e.g. ``/api/table/tables/<id>/log``): the answer's JSON."""
        return self._call(Call(method, path, body, query, repeatable=method == "GET"))

    # --- accounts ---------------------------------------------------------------------------
    def guest(self, name: str) -> Player:
        """Open a guest account under a free name; the client keeps its token."""
        return self._call(
            Call("POST", f"{LOBBY}/accounts/guest", {"name": name}, parse=self._signed_in)
        )

    def register(self, name: str, password: str) -> Player:
        """Register a name for good (8–128 character password); the client keeps the token."""
        body = {"name": name, "password": password}
        return self._call(Call("POST", f"{LOBBY}/accounts", body, parse=self._signed_in))

    def sign_in(self, name: str, password: str) -> Player:
        """Sign in to a registered account; the client keeps the token."""
        body = {"name": name, "password": password}
        return self._call(Call("POST", f"{LOBBY}/sessions", body, parse=self._signed_in))

    def me(self) -> Player:
        return self._call(
            Call("GET", f"{LOBBY}/accounts/me", parse=Player.from_json, repeatable=True)
        )

    # --- tables in the lobby -----------------------------------------------------------------
    def games(self) -> list[GameInfo]:
        """The games the house offers: seats and options with their choices and defaults."""
        return self._call(Call("GET", f"{LOBBY}/games", parse=many(GameInfo), repeatable=True))

    def tables(self, game: str | None = None) -> list[Listing]:
        """The tables others may join (of one ``game``, or all)."""
        query = {"game": game} if game else None
        return self._call(
            Call("GET", f"{LOBBY}/tables", query=query, parse=many(Listing), repeatable=True)
        )

    def my_tables(self) -> list[Listing]:
        """The tables the caller sits (or waits) at."""
        return self._call(Call("GET", f"{LOBBY}/me/tables", parse=many(Listing), repeatable=True))

    def open_table(
        self, game: str, seats: int = 2, options: dict | None = None, **settings
    ) -> Table:
        """Open a table of ``game`` with ``seats`` seats; ``settings`` are the house settings
        (``solo``, ``clock``, ``tempo``, ``stakes``, ``fill``, ``strength``, ``humans_only``).
        A solo table starts at once against computers."""
        body = {"game": game, "seats": seats, "options": options or {}, "settings": settings}
        return self._call(Call("POST", f"{LOBBY}/tables", body, parse=Table.from_json))

    def join(self, table: Table | str, seat: int | None = None) -> Table:
        """Sit down (at ``seat``, or the first free one); while a game runs, wait for the next."""
        body = {} if seat is None else {"seat": seat}
        return self._call(Call("POST", _at(LOBBY, table, "seats"), body, parse=Table.from_json))

    def set_seat(
        self, table: Table | str, seat: int, kind: str, strength: str | None = None
    ) -> Table:
        """The opener: make ``seat`` a computer (``kind="computer"``, ``strength``) or empty."""
        body = {"kind": kind} if strength is None else {"kind": kind, "strength": strength}
        return self._call(
            Call("PUT", _at(LOBBY, table, "seats", str(seat)), body, parse=Table.from_json)
        )

    def change_settings(
        self, table: Table | str, options: dict | None = None, settings: dict | None = None
    ) -> Table:
        """The opener, before the start: new game options and/or house settings."""
        body = {k: v for k, v in (("options", options), ("settings", settings)) if v is not None}
        return self._call(Call("PATCH", _at(LOBBY, table, "settings"), body, parse=Table.from_json))

    def start(self, table: Table | str) -> Table:
        """The opener: start the game (free seats filled as set, first player by lot)."""
        return self._call(Call("POST", _at(LOBBY, table, "start"), parse=Table.from_json))

    # --- quick play ("Schnell spielen") -------------------------------------------------------
    def quick_play(
        self,
        game: str,
        seats: int | None = None,
        clock: int = 120,
        computers_after: int | None = None,
    ) -> QuickPlay:
        """Wait for a table of ``game`` with players of a close rating (``seats``: None for
        any count; ``computers_after``: seconds after which free seats may go to computers).
        Ask :meth:`quick_play_status` every second or two until it is ``matched``."""
        body = {"game": game, "seats": seats, "clock": clock, "computers_after": computers_after}
        return self._call(Call("POST", f"{LOBBY}/quickplay", body, parse=QuickPlay.from_json))

    def quick_play_status(self) -> QuickPlay:
        """Where the caller's quick play stands; asking keeps a waiting caller in the pool."""
        return self._call(
            Call("GET", f"{LOBBY}/quickplay", parse=QuickPlay.from_json, repeatable=True)
        )

    def leave_quick_play(self) -> None:
        """Out of the quick-play pool."""
        return self._call(Call("DELETE", f"{LOBBY}/quickplay", repeatable=True))

    # --- ratings -------------------------------------------------------------------------------
    def ratings(self, game: str, names: list[str]) -> list[Rating]:
        """The ratings in ``game`` of the players named (at most 12)."""
        return self._call(
            Call(
                "GET",
                f"{LEDGER}/ratings/{segment(game)}/players",
                query={"name": list(names)},
                parse=lambda data: many(Rating)(data["players"]),
                repeatable=True,
            )
        )

    def rating_board(self, game: str, limit: int = 10) -> dict:
        """The best-rated players of ``game``, the caller's own and the computers' ratings."""
        query = {"limit": limit}
        path = f"{LEDGER}/ratings/{segment(game)}"
        return self._call(Call("GET", path, query=query, repeatable=True))

    def player_ratings(self, name: str, points: int = 100) -> dict:
        """A player's rating per game with the last ``points`` rated games behind it."""
        path = f"{LEDGER}/players/{segment(name)}/ratings"
        return self._call(Call("GET", path, query={"points": points}, repeatable=True))

    # --- invitations -------------------------------------------------------------------------
    def invite(self, name: str, table: Table | str) -> Invitation:
        """Invite the player ``name`` to an open table the caller sits at (the answer has no
        ``id``: it names the invitee, who reads it in :meth:`invitations`)."""
        body = {"to": name, "table": table_id(table)}
        return self._call(Call("POST", f"{LOBBY}/invitations", body, parse=Invitation.from_json))

    def invitations(self) -> list[Invitation]:
        """The caller's pending invitations, newest first."""
        return self._call(
            Call(
                "GET",
                f"{LOBBY}/invitations",
                repeatable=True,
                parse=lambda data: many(Invitation)(data["invitations"]),
            )
        )

    def accept(self, invitation: Invitation | str) -> Accepted:
        """Accept an invitation: sit down at its table in one call."""
        return self._call(
            Call(
                "POST",
                f"{LOBBY}/invitations/{_invitation_id(invitation)}/accept",
                parse=Accepted.from_json,
            )
        )

    def decline(self, invitation: Invitation | str) -> None:
        return self._call(Call("POST", f"{LOBBY}/invitations/{_invitation_id(invitation)}/decline"))

    # --- at the table ------------------------------------------------------------------------
    def table(self, table: Table | str) -> Table:
        """The table as the caller may see it now."""
        return self._call(Call("GET", _at(TABLE, table), parse=Table.from_json, repeatable=True))

    def play(
        self, table: Table | str, move: dict, version: int | None = None, key: str | None = None
    ) -> MoveResult:
        """Make ``move`` (the engine's JSON, one of ``table.current.legal``).

        It is sent with the version it was chosen at (``version``, else the given table's: a
        table that moved on meanwhile answers :class:`~speedgamez_client.problems.StaleVersion`)
        and an idempotency ``key`` (a new random one unless given), so a request repeated after
        a lost answer is applied once and answered like the first."""
        if version is None and isinstance(table, Table):
            version = table.version
        body = {"move": move, "key": key or uuid.uuid4().hex}
        if version is not None:
            body["version"] = version
        return self._call(
            Call(
                "POST",
                _at(TABLE, table, "moves"),
                body,
                parse=MoveResult.from_json,
                repeatable=True,
            )
        )

    def leave(self, table: Table | str) -> Table:
        """Leave the table (during a game: out of it)."""
        return self._call(Call("POST", _at(TABLE, table, "leave"), parse=Table.from_json))

    def rematch(self, table: Table | str) -> Table:
        """ "Nochmal": one more game at the same table."""
        return self._call(Call("POST", _at(TABLE, table, "rematch"), parse=Table.from_json))

    def turbo(self, table: Table | str) -> Table:
        """Solo tables: the computers move without pauses for this game."""
        return self._call(Call("POST", _at(TABLE, table, "turbo"), parse=Table.from_json))

    def guide(self, table: Table | str, is_open: bool) -> Table:
        """The first game's guide opened (or closed): alone among computers the caller's
        clock waits while it is open; with other humans at the table: NotAlone (409)."""
        return self._call(
            Call(
                "POST",
                _at(TABLE, table, "guide"),
                {"open": is_open},
                parse=Table.from_json,
                repeatable=True,
            )
        )

    def hint(self, table: Table | str) -> Hint:
        """The strong computer's move for the caller ("Tipp")."""
        return self._call(
            Call(
                "GET",
                _at(TABLE, table, "hint"),
                parse=Hint.from_json,
                repeatable=True,
            )
        )

    def chat(self, table: Table | str, text: str) -> dict:
        """Say ``text`` (at most 200 characters) at the table."""
        return self._call(Call("POST", _at(TABLE, table, "chat"), {"text": text}))

    def record(self, table: Table | str, game_no: int) -> dict:
        """The full record of a finished game (seed, moves, result)."""
        return self._call(
            Call("GET", _at(TABLE, table, "games", str(game_no), "record"), repeatable=True)
        )

    def stream_ticket(self, table: Table | str) -> str:
        """A one-use ticket for one connection to the table's events (valid a minute)."""
        return self._call(self._ticket_call(table))

    @staticmethod
    def _ticket_call(table: Table | str) -> Call:
        return Call(
            "POST",
            _at(TABLE, table, "stream-tickets"),
            parse=lambda data: data["ticket"],
            repeatable=True,
        )

    def _events_path(self, table: Table | str) -> str:
        return _at(TABLE, table, "events")


def _invitation_id(invitation: Invitation | str) -> str:
    return segment(invitation.id if isinstance(invitation, Invitation) else invitation)
