"""What every Speedgamez web service shares: the app factory frame, problem bodies, /healthz.

A service's ``create_app`` calls :func:`make_app` with its blueprints; everything about
errors, OpenAPI and the Redis connection is then the same in every service.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

import flask_smorest
import marshmallow as ma
import redis
from flask import Flask, current_app, jsonify
from flask_smorest import Api
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException

from shared import config as house_config
from shared import metrics
from shared.tables.errors import TableProblem
from shared.tables.jobs import Jobs
from shared.tables.play import Context

PROBLEM_TYPE = "https://speedgamez.example/problems/"
PROBLEM_JSON = "application/problem+json"
REDIS_POOL_SIZE = 2000  # a gevent worker serves up to 1,000 connections at once


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem body: every client error of the house has this shape."""

    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String(metadata={"description": "Short summary of the kind"})
    detail = ma.fields.String(metadata={"description": "What went wrong in this request"})
    status = ma.fields.Integer(metadata={"description": "The HTTP status code"})
    errors = ma.fields.Dict(metadata={"description": "Field errors, where there are any"})
    current_version = ma.fields.Integer(
        metadata={"description": "a stale move: the table's version now"}
    )
    retry_after = ma.fields.Float(metadata={"description": "seconds until it may be tried again"})


def problem(status: int, title: str, detail: str, kind: str | None = None, **extra):
    """A problem+json response."""
    body = {
        "type": PROBLEM_TYPE + (kind or title.lower().replace(" ", "-")),
        "title": title,
        "detail": detail,
        "status": status,
        **extra,
    }
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_JSON
    return response


class StrictBoolean(ma.fields.Boolean):
    """JSON true or false only (marshmallow's Boolean also takes 1, "yes", "on" …)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class HouseParser(FlaskParser):
    """Requests that do not match their schema are bad requests (400); 422 is kept for
    moves that are well-formed but against the rules."""

    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint with the house's argument parser."""

    ARGUMENTS_PARSER = HouseParser()

    def problems(self, *statuses: int | tuple[int, str]):
        """Document a view's problem-body answers: a status, or (status, when it happens)."""

        def decorate(view):
            for entry in statuses:
                status, description = entry if isinstance(entry, tuple) else (entry, None)
                view = self.alt_response(
                    status, schema=ProblemSchema, content_type=PROBLEM_JSON, description=description
                )(view)
            return view

        return decorate


class HouseApi(Api):
    """flask-smorest's Api, answering every error with a problem body."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        """The document's shared error responses (one per status) are problem bodies too."""
        self.DEFAULT_RESPONSE_CONTENT_TYPE = PROBLEM_JSON
        try:
            super()._register_responses()
        finally:
            del self.DEFAULT_RESPONSE_CONTENT_TYPE

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        extra = {}
        errors = data.get("errors") or data.get("messages")
        if errors:
            extra["errors"] = errors
        detail = data.get("message") or error.description or error.name
        if errors and not data.get("message"):
            detail = "The request does not match the schema; see errors."
        response = problem(error.code or 500, error.name, detail, data.get("kind"), **extra)
        for name, value in (data.get("headers") or {}).items():
            response.headers[name] = value
        if error.code == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response


def table_problem(error: TableProblem):
    """A domain error from the table code, as its problem body."""
    extra = dict(error.extra)
    kind = extra.pop("kind", None) or type(error).__name__.lower()
    response = problem(error.status, error.title, error.detail, kind, **extra)
    if "retry_after" in extra:
        response.headers["Retry-After"] = str(max(1, math.ceil(extra["retry_after"])))
    return response


def redis_client(app: Flask | None = None) -> redis.Redis:
    """The app's Redis connection pool (table data, accounts, ledger)."""
    return (app or current_app).extensions["redis"]


def table_context() -> Context:
    """Where table changes of this request run: Redis, the job queues and the time now."""
    app = current_app
    return Context(
        r=app.extensions["redis"],
        jobs=Jobs(app.extensions["queue_redis"]),
        now=time.time(),
        retention=app.config["TABLE_RETENTION"],
        paced=app.config["BOT_PACE"] != "off",
    )


health = Blueprint("health", __name__, description="Liveness and readiness")


class HealthSchema(ma.Schema):
    status = ma.fields.String()
    service = ma.fields.String()


@health.route("/healthz")
@health.response(200, HealthSchema)
@health.alt_response(
    503, schema=ProblemSchema, content_type=PROBLEM_JSON, description="Redis does not answer"
)
def healthz():
    """Answers 200 while this instance and its Redis work."""
    try:
        redis_client().ping()
    except redis.RedisError as error:
        return problem(503, "Service Unavailable", f"Redis does not answer: {error}")
    return {"status": "ok", "service": current_app.name}


def make_app(name: str, title: str, blueprints: Iterable[Blueprint], config=None) -> Flask:
    """A service app: settings from the environment (overridden by ``config``), a Redis pool,
    the health check, the given blueprints and the OpenAPI document at /openapi.json."""
    app = Flask(name)
    app.config.update(house_config.settings())
    app.config.update(
        API_TITLE=title,
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
    )
    app.config.update(config or {})
    app.config["QUEUE_REDIS_URL"] = app.config["QUEUE_REDIS_URL"] or app.config["REDIS_URL"]
    pool = redis.BlockingConnectionPool.from_url(
        app.config["REDIS_URL"], decode_responses=True, max_connections=REDIS_POOL_SIZE, timeout=5
    )  # waits for a free connection instead of failing when many requests run at once
    app.extensions["redis"] = redis.Redis(connection_pool=pool)
    app.extensions["queue_redis"] = redis.Redis.from_url(app.config["QUEUE_REDIS_URL"])
    api = HouseApi(app)
    app.register_error_handler(TableProblem, table_problem)
    api.register_blueprint(health)
    for blueprint in blueprints:
        api.register_blueprint(blueprint)
    metrics.instrument(app)  # requests and latency by route, /metrics
    return app
