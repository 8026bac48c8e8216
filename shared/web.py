"""What every Speedgamez web service shares: the app factory frame, its Redis, /healthz and
the limit on actions; problem bodies (shared/http_problems.py), requests
(shared/http_requests.py), security headers (shared/security_headers.py) and client addresses
(shared/addresses.py) are modules of their own.

A service's ``create_app`` calls :func:`make_app` with its blueprints; everything about
errors, OpenAPI and the Redis connection is then the same in every service.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterable

import marshmallow as ma
import redis
from flask import Flask, current_app, request
from flask.sessions import SessionInterface
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from shared import config as house_config
from shared import connection, jsonfast, metrics, ratelimit
from shared.addresses import may_read_metrics
from shared.auth import presented_token, signed_player
from shared.http_problems import (
    ERROR_ANSWERS,
    PROBLEM_JSON,
    ProblemSchema,
    http_problem,
    problem,
)
from shared.http_requests import Blueprint, refuse_malformed_table_ids, refuse_unsound_text
from shared.problems import Problem
from shared.security_headers import add_security_headers
from shared.tables.jobs import Jobs
from shared.tables.transaction import Context

REDIS_POOL_SIZE = 2000  # a gevent worker serves up to 1,000 connections at once


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
        return http_problem(error)


class NoSessions(SessionInterface):
    """The house knows its players by bearer tokens, never by a cookie session: no request
    reads, signs or sets a session cookie."""

    def open_session(self, app, request):
        return None  # Flask puts a null session in its place

    def save_session(self, app, session, response):
        return None


ACTION_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def own_rate_limit(view):
    """Marks a view that limits its requests itself (moves: MOVE_RATE_LIMIT), so that
    :func:`limit_actions` leaves it alone."""
    view.own_rate_limit = True
    return view


def limit_actions():
    """Before every view that may change something, for a caller with a well-signed token:
    at most ACTION_RATE_LIMIT such requests per player and ACTION_RATE_WINDOW seconds, across
    every service (one Redis round trip); past it 429 rate_limited with Retry-After. Requests
    without a token are the accounts' own (per-address quotas); a bad token is the view's to
    answer (401)."""
    config = current_app.config
    if request.method not in ACTION_METHODS or config["ACTION_RATE_LIMIT"] <= 0:
        return
    if getattr(current_app.view_functions.get(request.endpoint), "own_rate_limit", False):
        return
    try:
        signed = signed_player(presented_token(), required=False)
    except Problem:
        return
    if signed is not None:
        ratelimit.check(redis_client(), "actions", signed[0]["id"],
                        config["ACTION_RATE_LIMIT"], config["ACTION_RATE_WINDOW"])  # fmt: skip


def redis_client(app: Flask | None = None) -> redis.Redis:
    """The app's Redis connection pool (table data, accounts, ledger)."""
    return (app or current_app).extensions["redis"]


# Where an app keeps the newest documents a change may start from (shared/tables/latest.py;
# the table service's factory puts them there, other services have none)
LATEST_DOCS = "latest_docs"


def table_context() -> Context:
    """Where table changes of this request run: Redis, the job queues and the time now."""
    app = current_app
    return Context(
        r=app.extensions["redis"],
        jobs=Jobs(app.extensions["queue_redis"]),
        now=time.time(),
        retention=app.config["TABLE_RETENTION"],
        paced=app.config["BOT_PACE"] != "off",
        docs=app.extensions.get(LATEST_DOCS),
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
        return problem("service_unavailable", f"Redis does not answer: {error}")
    return {"status": "ok", "service": current_app.name}


def make_app(name: str, title: str, blueprints: Iterable[Blueprint], config=None) -> Flask:
    """A service app: settings from the environment (overridden by ``config``), a Redis pool,
    the health check, the given blueprints and the OpenAPI document at /openapi.json."""
    app = Flask(name)
    app.json = jsonfast.FlaskJSON(app)
    app.session_interface = NoSessions()
    app.config.update(house_config.settings())
    app.config.update(
        API_TITLE=title,
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
    )
    app.config.update(config or {})
    house_config.require_secret_key(app.config)  # one line and no start without a key
    # A standalone Redis or a cluster (found out by asking it); a blocking pool waits for a
    # free connection instead of failing when many requests run at once.
    r, queue_redis = connection.from_settings(app.config, max_connections=REDIS_POOL_SIZE)
    app.config["QUEUE_REDIS_URL"] = app.config["QUEUE_REDIS_URL"] or app.config["REDIS_URL"]
    app.extensions["redis"] = r
    app.extensions["queue_redis"] = queue_redis
    api = HouseApi(app)
    for kinds, answer in ERROR_ANSWERS:  # (Redis away: the client repeats, same version/key)
        for kind in kinds:
            app.register_error_handler(kind, answer)
    api.register_blueprint(health)
    for blueprint in blueprints:
        api.register_blueprint(blueprint)
    app.before_request(refuse_unsound_text)
    app.before_request(refuse_malformed_table_ids)
    app.before_request(limit_actions)
    app.after_request(add_security_headers)
    metrics.instrument(app, may_read_metrics)  # requests and latency by route, /metrics
    return app


def settle_worker_memory() -> None:
    """For a gunicorn worker that has loaded its app (``post_worker_init``): what exists now
    (modules, the app, its schemas) lives as long as the process, so the garbage collector
    stops looking at it, and it looks at young objects less often — a request makes and
    drops thousands of them. Less CPU and shorter pauses per move (docs/performance.md).
    Its middle generation is collected with every young one: with thousands of open streams
    twenty young collections' survivors took ≈ 100 ms to look through, a pause no move
    answered in; one's take ≈ 10 ms. A full collection — every open stream's objects, 0.3–1 s
    with thousands of them — comes after a hundred middle ones (Python's default is ten),
    every few minutes instead of every minute: the garbage it finds is a few hundred objects."""
    gc.freeze()
    gc.set_threshold(10_000, 1, 100)
