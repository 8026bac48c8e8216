"""What can go wrong at a table, as problems a service answers with (status, title, detail)."""

from __future__ import annotations


class TableProblem(Exception):
    """A client error at a table; the web layer turns it into a problem+json response."""

    status = 400
    title = "Bad Request"

    def __init__(self, detail: str, **extra):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class NoSuchTable(TableProblem):
    status, title = 404, "Not Found"


class NotAllowed(TableProblem):
    status, title = 403, "Forbidden"


class Conflict(TableProblem):
    """The request does not fit the table's state now (stale version, not your turn, full…)."""

    status, title = 409, "Conflict"


class IllegalPlay(TableProblem):
    """The engine refused the move."""

    status, title = 422, "Unprocessable Content"


class BadRequest(TableProblem):
    status, title = 400, "Bad Request"


class TooSoon(TableProblem):
    """Rate limits (chat lock); ``retry_after`` seconds."""

    status, title = 429, "Too Many Requests"
