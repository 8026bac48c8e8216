"""What can go wrong at a table, as problems a service answers with (shared/problems.py has
every code, its status and parameters).

The classes group the codes for ``except`` clauses (the move path catches Conflict,
IllegalPlay and NotAllowed); a raise names its code, the class's is only a fallback.
"""

from __future__ import annotations

from shared.problems import Problem


class TableProblem(Problem):
    """A client error at a table; the web layer turns it into a problem+json response."""


class NoSuchTable(TableProblem):
    code = "no_such_table"


class NotAllowed(TableProblem):
    code = "not_seated"


class Conflict(TableProblem):
    """The request does not fit the table's state now (stale version, not your turn, full…)."""

    code = "wrong_table_status"


class IllegalPlay(TableProblem):
    """The engine refused the move."""

    code = "illegal_move"


class BadRequest(TableProblem):
    code = "invalid_request"


class TooSoon(TableProblem):
    """Rate limits (chat lock, moves); ``retry_after`` seconds."""

    code = "rate_limited"


def no_such_table(table_id: str) -> NoSuchTable:
    return NoSuchTable(f"There is no table {table_id}.", table=table_id)


def stake_unaffordable(seats: list[dict], players: list[str], stake: int) -> Conflict:
    """The start's answer when ``players`` (ids, in seat order) cannot pay: named by name."""
    names = [seat["name"] for seat in seats if seat.get("player") in players] or ["a player"]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return Conflict(
        f"The game cannot start: {who} cannot pay the stake of {stake} Taler.",
        code="stake_unaffordable", stake=stake, name=names[0], names=names,
    )  # fmt: skip
