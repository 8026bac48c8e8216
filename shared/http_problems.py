"""Problem bodies (RFC 9457): every client error of the house, and the answers to the errors
a view raises (a Problem, Redis away) or Flask, werkzeug and webargs raise."""

from __future__ import annotations

import math

import marshmallow as ma
import redis
from flask import jsonify
from werkzeug.exceptions import HTTPException

from shared.problems import CODES, Problem

PROBLEM_TYPE = "https://speedgamez.example/problems/"
PROBLEM_JSON = "application/problem+json"


HTTP_CODES = {  # the code of an HTTP error Flask or werkzeug raises, by its status
    400: "invalid_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    500: "internal_error",
}


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem body: every client error of the house has this shape. ``code`` is
    the stable machine code (shared/problems.py, docs/api.md "Problem codes"); the fields
    after it are the code's parameters, present where the code carries them."""

    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String(metadata={"description": "Short summary of the kind"})
    detail = ma.fields.String(
        metadata={"description": "What went wrong, in English for people; may change"}
    )
    status = ma.fields.Integer(metadata={"description": "The HTTP status code"})
    code = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(sorted(CODES)),
        metadata={"description": "The stable machine code; decide by this, not by detail"},
    )
    errors = ma.fields.Dict(metadata={"description": "invalid_request: field by field"})
    refused = ma.fields.List(
        ma.fields.Dict(),
        metadata={"description": "invalid_settings: every refused setting, as {setting, reason} "
                  "and the reason's facts (choices; min and max)"},
    )  # fmt: skip
    current_version = ma.fields.Integer(
        metadata={"description": "stale_version, not_your_turn: the table's version now"}
    )
    retry_after = ma.fields.Float(
        metadata={
            "description": "rate_limited, too_many_…, service_unavailable: seconds until it "
            "may be tried again"
        }
    )
    name = ma.fields.String(metadata={"description": "The player's name the problem is about"})
    names = ma.fields.List(
        ma.fields.String(), metadata={"description": "stake_unaffordable: all who cannot pay"}
    )
    stake = ma.fields.Integer(metadata={"description": "stake_unaffordable: the stake"})
    balance = ma.fields.Integer(
        metadata={"description": "stake_unaffordable at opening: the opener's balance"}
    )
    table = ma.fields.String(metadata={"description": "The table id"})
    game_no = ma.fields.Integer(metadata={"description": "no_such_game: the game number"})
    game = ma.fields.String(metadata={"description": "The game (speedlaunch, …)"})
    seat = ma.fields.Integer(metadata={"description": "The seat (from 0)"})
    min_players = ma.fields.Integer(metadata={"description": "too_few_players: the minimum"})
    table_status = ma.fields.String(
        metadata={"description": "wrong_table_status: open, playing, over or closed"}
    )
    limit = ma.fields.Integer(metadata={"description": "too_many_tables: the quota"})


def problem(code: str, detail: str, status: int | None = None, title: str | None = None,
            **params):  # fmt: skip
    """A problem+json response for ``code`` (``status`` and ``title`` default to the
    code's; ``params`` become fields of the body)."""
    kind = CODES[code]
    status = status or kind.status or 500
    body = {
        "type": PROBLEM_TYPE + code.replace("_", "-"),
        "title": title or kind.title,
        "detail": detail,
        "status": status,
        "code": code,
        **params,
    }
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    if "retry_after" in params:
        response.headers["Retry-After"] = str(max(1, math.ceil(params["retry_after"])))
    return response


def http_problem(error: HTTPException):
    """Errors Flask, werkzeug and webargs raise (schema mismatch, unknown route, body too
    large …), each under its code."""
    data = getattr(error, "data", None) or {}
    extra = {}
    errors = data.get("errors") or data.get("messages")
    if errors:
        extra["errors"] = errors
    detail = data.get("message") or error.description or error.name
    if errors and not data.get("message"):
        detail = "The request does not match the schema; see errors."
    code = HTTP_CODES.get(error.code, "http_error")
    response = problem(code, detail, error.code or 500, error.name, **extra)
    for name, value in (data.get("headers") or {}).items():
        response.headers[name] = value
    if error.code == 405 and hasattr(error, "valid_methods") and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def problem_answer(error: Problem):
    """A Problem raised anywhere in a request, as its problem body."""
    return problem(error.code, error.detail, **error.params)


# Redis (or the node of a cluster that serves the slot) is away for a moment
REDIS_AWAY = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.exceptions.ClusterDownError,
    redis.exceptions.TryAgainError,
)


def redis_away(error: Exception):
    """503 with Retry-After: a move repeated with its version or key is applied once."""
    return problem("service_unavailable", f"Redis does not answer: {error}", retry_after=1)


# What a service answers for an error a view raises (make_app registers them; a route answered
# in front of Flask, services/table/move_route.py, asks error_answer)
ERROR_ANSWERS = (((Problem,), problem_answer), (REDIS_AWAY, redis_away))


def error_answer(error: Exception):
    """The answer make_app's handlers give ``error``, or None (Flask's own 500)."""
    return next((answer(error) for kind, answer in ERROR_ANSWERS if isinstance(error, kind)), None)
