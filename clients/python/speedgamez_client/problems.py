"""One exception class per problem ``code`` the house answers with (docs/api.md, "Problem
codes"), grouped under a class per status so that ``except Unauthorized`` catches every token
problem. A code this version does not know raises the common base, :class:`ProblemError`.

Every problem carries the body's ``type``, ``title``, ``detail``, ``status`` and ``code``;
the code's parameters (``current_version``, ``retry_after``, ``seat`` …) are in ``params``.
"""

from __future__ import annotations

from collections.abc import Mapping

_BY_CODE: dict[str, type[ProblemError]] = {}
_FIELDS = ("type", "title", "detail", "status", "code")


class ProblemError(Exception):
    """An ``application/problem+json`` answer (or any other HTTP error, with ``code`` None)."""

    code: str | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "code" in cls.__dict__:
            _BY_CODE[cls.code] = cls

    def __init__(self, status: int, body: Mapping, retry_after: float | None = None):
        self.status = status
        self.type = body.get("type")
        self.title = body.get("title")
        self.detail = body.get("detail") or ""
        self.code = body.get("code", self.code)
        self.params = {key: value for key, value in body.items() if key not in _FIELDS}
        #: seconds to wait before asking again (the body's ``retry_after``, else the header)
        self.retry_after = self.params.get("retry_after", retry_after)
        super().__init__(f"{status} {self.code}: {self.detail}")


def problem(status: int, body: Mapping, retry_after: float | None = None) -> ProblemError:
    """The exception for an error answer: the class of its ``code``, else the base class."""
    return _BY_CODE.get(body.get("code"), ProblemError)(status, body, retry_after)


class BadRequest(ProblemError):
    """400: the request cannot be taken as it is."""


class Unauthorized(ProblemError):
    """401: no token, or one the house no longer takes; sign in again."""


class Forbidden(ProblemError):
    """403: not yours to do."""


class Missing(ProblemError):
    """404: what the request names is not there."""


class Conflict(ProblemError):
    """409: the table (or account) is not in a state for that."""


class TooManyRequests(ProblemError):
    """429: too soon; ``retry_after`` says how long to wait."""


class ServerError(ProblemError):
    """5xx: a fault of the house, or Redis away for a moment."""


class InvalidRequest(BadRequest):
    code = "invalid_request"


class InvalidSettings(BadRequest):
    code = "invalid_settings"


class InvalidChatLine(BadRequest):
    code = "invalid_chat_line"


class NoSuchSeat(BadRequest):
    code = "no_such_seat"


class TokenMissing(Unauthorized):
    code = "token_missing"


class TokenExpired(Unauthorized):
    code = "token_expired"


class TokenInvalid(Unauthorized):
    code = "token_invalid"


class AccountGone(Unauthorized):
    code = "account_gone"


class BadPassword(Unauthorized):
    code = "bad_password"


class TicketInvalid(Unauthorized):
    code = "ticket_invalid"


class TokenRevoked(Unauthorized):
    code = "token_revoked"


class NotSeated(Forbidden):
    code = "not_seated"


class NotOpener(Forbidden):
    code = "not_opener"


class SoloTable(Forbidden):
    code = "solo_table"


class NotInLastGame(Forbidden):
    code = "not_in_last_game"


class NoHintsWithStakes(Forbidden):
    code = "no_hints_with_stakes"


class NotYourInvitation(Forbidden):
    code = "not_your_invitation"


class AccountBanned(Forbidden):
    code = "account_banned"


class GuestAccount(Forbidden):
    code = "guest_account"


class NotFound(Missing):
    code = "not_found"


class NoSuchTable(Missing):
    code = "no_such_table"


class NoSuchGame(Missing):
    code = "no_such_game"


class NoSuchPlayer(Missing):
    code = "no_such_player"


class NoSuchInvitation(Missing):
    code = "no_such_invitation"


class UnknownGame(Missing):
    code = "unknown_game"


class MethodNotAllowed(ProblemError):
    code = "method_not_allowed"


class NameTaken(Conflict):
    code = "name_taken"


class NotAtTable(Conflict):
    code = "not_at_table"


class StakeUnaffordable(Conflict):
    code = "stake_unaffordable"


class StaleVersion(Conflict):
    code = "stale_version"


class NotYourTurn(Conflict):
    code = "not_your_turn"


class NoGameRunning(Conflict):
    code = "no_game_running"


class GameNotOver(Conflict):
    code = "game_not_over"


class WrongTableStatus(Conflict):
    code = "wrong_table_status"


class AlreadySeated(Conflict):
    code = "already_seated"


class TableFull(Conflict):
    code = "table_full"


class SeatTaken(Conflict):
    code = "seat_taken"


class ComputerSeat(Conflict):
    code = "computer_seat"


class HumansOnly(Conflict):
    code = "humans_only"


class TooFewPlayers(Conflict):
    code = "too_few_players"


class PartnersNeedFour(Conflict):
    code = "partners_need_four"


class NotSolo(Conflict):
    code = "not_solo"


class NotAlone(Conflict):
    code = "not_alone"


class TableBusy(Conflict):
    code = "table_busy"


class TooManyTables(Conflict):
    code = "too_many_tables"


class BodyTooLarge(ProblemError):
    code = "body_too_large"


class IllegalMove(ProblemError):
    """422: the rules refuse the move; ``detail`` is the engine's reason."""

    code = "illegal_move"


class IdempotencyKeyReused(ProblemError):
    """422: the move's idempotency key came first with another request; use a new key."""

    code = "idempotency_key_reused"


class RateLimited(TooManyRequests):
    code = "rate_limited"


class TooManyGuests(TooManyRequests):
    code = "too_many_guests"


class TooManySignUps(TooManyRequests):
    code = "too_many_sign_ups"


class TooManySoloGames(TooManyRequests):
    code = "too_many_solo_games"


class TooManyInvitations(TooManyRequests):
    code = "too_many_invitations"


class TooManyStreams(TooManyRequests):
    code = "too_many_streams"


class InternalError(ServerError):
    code = "internal_error"


class HintUnavailable(ServerError):
    code = "hint_unavailable"


class ServiceUnavailable(ServerError):
    code = "service_unavailable"


class HttpError(ProblemError):
    """Any other HTTP error the house's framework answers (its status is the error's)."""

    code = "http_error"
