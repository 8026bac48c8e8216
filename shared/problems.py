"""Every problem the house answers with, in one place: a stable machine ``code`` → its HTTP
status, title, the parameters its body carries and what it means.

A problem body (RFC 9457, ``application/problem+json``) is ``{type, title, detail, status,
code}`` plus the code's parameters as fields of their own. ``detail`` is an English sentence
for people and may change; clients decide by ``code`` and show their own words, filled from
the parameters. ``detail`` names players by their names, never by their ids.

docs/api.md ("Problem codes") lists the same catalogue; tests/unit/test_problems.py keeps the
two, the OpenAPI's ``ProblemSchema`` and the code that raises problems in step.
"""

from __future__ import annotations

from dataclasses import dataclass

TITLES = {  # the title of a problem body, by its status (RFC 9110's reason phrases)
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    413: "Content Too Large",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}


@dataclass(frozen=True)
class Kind:
    """What a code means: its status (None: the status of the HTTP error it stands for), the
    parameters its body carries (besides type/title/detail/status/code); the title is the
    status's."""

    status: int | None
    meaning: str
    params: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return TITLES.get(self.status, "")


CODES: dict[str, Kind] = {
    # 400
    "invalid_request": Kind(400, "The body or the query does not match the route's schema, is "
                                 "not JSON, or holds text the house refuses (a lone surrogate, a "
                                 "control or bidirectional control character, in the body, the "
                                 "path, the query or a header it reads; a body nested over 32 "
                                 "deep); `errors` says where.", ("errors",)),
    "invalid_settings": Kind(400, "Game options, seat count or house settings this game cannot be "
                                  "played with; `refused` names every one (`setting`, `reason`: "
                                  "unknown, choice, range, four_seats, solo, computer_seats, "
                                  "fixed).", ("refused",)),
    "invalid_chat_line": Kind(400, "A chat line needs either `text` or `exclamation`, and visible "
                                   "text without control characters."),
    "no_such_seat": Kind(400, "The table has no seat with this number.", ("seat",)),
    # 401
    "token_missing": Kind(401, "No bearer token was sent (the events route: neither a bearer token "
                               "nor a `ticket`)."),
    "token_expired": Kind(401, "The token has expired; sign in again."),
    "token_invalid": Kind(401, "The token is not one the house issued."),
    "account_gone": Kind(401, "The account no longer exists (a guest's lapses after 7 days away); "
                              "choose a name or sign in again."),
    "bad_password": Kind(401, "Sign-in: the name or the password is wrong."),
    "token_revoked": Kind(401, "The token was revoked: its player signed out everywhere, changed "
                               "the password, or was banned; sign in again."),
    "ticket_invalid": Kind(401, "The stream ticket is unknown, expired, already used, or for "
                                "another table; get a new one."),
    # 403
    "not_seated": Kind(403, "The caller does not sit (or wait) at this table."),
    "not_opener": Kind(403, "Only the player who opened the table may do that."),
    "solo_table": Kind(403, "A solo table takes no other players (sitting down, invitations)."),
    "not_in_last_game": Kind(403, "Only who played the last game at the table may ask for a "
                                  "rematch."),
    "no_hints_with_stakes": Kind(403, "No hints at a table with stakes against other humans."),
    "not_your_invitation": Kind(403, "The invitation is for someone else."),
    "account_banned": Kind(403, "Sign-in: the account is banned by the house."),
    "guest_account": Kind(403, "A guest has no password to change; register a name instead."),
    # 404
    "not_found": Kind(404, "No such route."),
    "no_such_table": Kind(404, "There is no table with this id (any more).", ("table",)),
    "no_such_game": Kind(404, "The table has no game with this number.", ("table", "game_no")),
    "no_such_player": Kind(404, "There is no player with this name.", ("name",)),
    "no_such_invitation": Kind(404, "There is no such invitation, or it expired."),
    "unknown_game": Kind(404, "The house has no game of this name.", ("game",)),
    # 405
    "method_not_allowed": Kind(405, "The route does not take this method (the `Allow` header lists "
                                    "those it takes)."),
    # 409
    "name_taken": Kind(409, "The name is taken (by anyone, a guest too, whatever the case), or "
                            "a name that looks like it (Unicode TS #39 skeleton).", ("name",)),
    "not_at_table": Kind(409, "The caller neither sits nor waits at this table: there is nothing "
                              "to leave."),
    "stake_unaffordable": Kind(409, "A stake someone cannot pay. Opening a table or setting its "
                                    "stake: above the opener's `balance`. Sitting down: above the "
                                    "caller's `balance`. Starting: `name` cannot pay it (`names`: "
                                    "everyone who cannot).",
                                    ("stake", "balance", "name", "names")),
    "stale_version": Kind(409, "The move was made against an older version of the table; "
                               "`current_version` is the version now.", ("current_version",)),
    "not_your_turn": Kind(409, "It is not the caller's decision now (moves: with "
                               "`current_version`).", ("current_version",)),
    "no_game_running": Kind(409, "No game is running at this table."),
    "game_not_over": Kind(409, "The game is still running; its record is secret until it ends."),
    "wrong_table_status": Kind(409, "The table is not in a state for that (`table_status`: open, "
                                    "playing, over or closed).", ("table_status",)),
    "already_seated": Kind(409, "The caller sits at this table already (invitations: `name`, the "
                                "invitee, does).", ("name",)),
    "table_full": Kind(409, "Every seat is taken."),
    "seat_taken": Kind(409, "The seat is not free (`name`: who sits there).", ("seat", "name")),
    "computer_seat": Kind(409, "This seat is always a computer's (Speedlaunch seats 4 and 5).",
                               ("seat",)),
    "humans_only": Kind(409, "The table is for humans only: no computer seats."),
    "too_few_players": Kind(409, "Too few players to start this game.", ("game", "min_players")),
    "partners_need_four": Kind(409, "Partner mode is played by exactly four."),
    "not_solo": Kind(409, "Turbo is only for solo tables."),
    "table_busy": Kind(409, "The table (or the caller's quick-play request) changed too often "
                            "at once; try again."),
    "too_many_tables": Kind(409, "The caller already sits at `limit` tables that are open or "
                                 "playing (QUOTA_TABLES); leave one or finish its game first.",
                                 ("limit",)),
    # 413, 422, 429
    "body_too_large": Kind(413, "The request body is over MAX_BODY_BYTES (16 KiB)."),
    "illegal_move": Kind(422, "A well-formed move the rules refuse; `detail` is the engine's "
                              "reason."),
    "idempotency_key_reused": Kind(422, "The idempotency `key` came first with another request "
                                        "(another move or version); a key names one request: "
                                        "send a new one (a UUID) with each."),
    "rate_limited": Kind(429, "Too soon (the rate limit of moves or of other actions, chat "
                              "lock, sign-in attempts); wait `retry_after` seconds (also the "
                              "`Retry-After` header).", ("retry_after",)),
    "too_many_guests": Kind(429, "This address opened as many guest accounts as the house allows "
                                 "in an hour (QUOTA_GUESTS_PER_HOUR); wait `retry_after` seconds, "
                                 "or sign in.", ("retry_after",)),
    "too_many_sign_ups": Kind(429, "This address registered as many names as the house allows in "
                                   "an hour (QUOTA_SIGN_UPS_PER_HOUR); wait `retry_after` seconds.",
                                   ("retry_after",)),
    "too_many_solo_games": Kind(429, "The caller started as many games alone against computers as "
                                     "the house allows in a minute (QUOTA_SOLO_GAMES_PER_MINUTE); "
                                     "wait `retry_after` seconds.", ("retry_after",)),
    "too_many_invitations": Kind(429, "The caller sent as many invitations as the house allows in "
                                      "a minute (QUOTA_INVITATIONS_PER_MINUTE); wait `retry_after` "
                                      "seconds.", ("retry_after",)),
    "too_many_streams": Kind(429, "The caller holds as many event streams open as the house allows "
                                  "(`limit`, STREAMS_PER_PLAYER); close one and connect again.",
                                  ("limit", "retry_after")),
    # 5xx and the rest
    "internal_error": Kind(500, "A fault of the house; nothing the client can change."),
    "hint_unavailable": Kind(503, "No computer player answered a hint in time; try again."),
    "service_unavailable": Kind(503, "Redis does not answer: the health check, or any route "
                                     "while Redis fails over or restarts (then with "
                                     "`retry_after`, 1 s, and `Retry-After`; repeat the "
                                     "request).", ("retry_after",)),
    "http_error": Kind(None, "Any other HTTP error the framework answers; the status and title are "
                             "those of the error."),
}  # fmt: skip

PARAMS = tuple(sorted({param for kind in CODES.values() for param in kind.params}))


class Problem(Exception):
    """A client error: the web layer answers it with a problem body whose status and title
    come from the code (``params`` become fields of the body)."""

    code = "invalid_request"  # a subclass's default

    def __init__(self, detail: str, code: str | None = None, **params):
        super().__init__(detail)
        self.detail = detail
        self.code = code or type(self).code
        if self.code not in CODES:
            raise ValueError(f"unknown problem code {self.code!r}")
        self.params = params

    @property
    def status(self) -> int:
        return CODES[self.code].status or 400

    @property
    def title(self) -> str:
        return CODES[self.code].title
