"""``POST /tables/<id>/moves`` answered in front of Flask, without its per-request work.

A move is the house's most frequent request, and its answer is made whole by the move path
(cut to the caller, encoded once). Flask's request context, routing, webargs and
after-request hooks cost about as much CPU as the rest of the move (docs/performance.md).
This WSGI layer answers a well-formed move itself: a JSON body within MAX_CONTENT_LENGTH, of
sound text (shared/text.py, checked as shared.web checks every other request) that MoveSchema
loads, at a table id that is an id, goes to the same service function as the Flask view
(moves.make_move), and the answer gets the same problem bodies, security headers and request
metrics. Anything else — another route or method, a table id that is no id, a body that is
too large, not JSON, not a move or not sound — goes on to Flask unchanged, so every bad
request is answered exactly as the documented view answers it.
"""

from __future__ import annotations

import io
import logging
import time

import marshmallow as ma
import orjson
from flask import Flask
from werkzeug.exceptions import InternalServerError

from services.table.moves import MoveSchema, make_move
from shared import metrics, text
from shared.auth import bearer_token
from shared.http_problems import error_answer, http_problem
from shared.http_requests import TABLE_ID_FORM
from shared.security_headers import add_security_headers

ROUTE = "/tables/<table_id>/moves"  # the Flask rule, the name the metrics count it under
PREFIX, SUFFIX = "/tables/", "/moves"
log = logging.getLogger(__name__)


def _is_json(content_type: str) -> bool:
    """The types webargs reads a JSON body from: application/json and application/*+json."""
    mimetype = content_type.partition(";")[0].strip().lower()
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


class MoveRoute:
    """WSGI middleware around a table app's ``wsgi_app``."""

    def __init__(self, app: Flask):
        self.app = app
        self.flask = app.wsgi_app
        self.schema = MoveSchema()

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        table_id = path[len(PREFIX) : -len(SUFFIX)]
        if (
            environ["REQUEST_METHOD"] != "POST"
            or not path.startswith(PREFIX)
            or not path.endswith(SUFFIX)
            or not TABLE_ID_FORM.fullmatch(table_id)
        ):
            return self.flask(environ, start_response)
        started = time.perf_counter()
        body = self._move(environ)
        if body is None:
            return self.flask(environ, start_response)
        with self.app.app_context():
            response = self._answer(table_id, environ.get("HTTP_AUTHORIZATION", ""), body)
            add_security_headers(response)
            metrics.answered(self.app.name, ROUTE, "POST", response.status_code, started)
        # A POST's answer with its body set: calling the response would copy and check every
        # header again (werkzeug's get_wsgi_headers), for nothing a move's answer needs.
        start_response(response.status, response.headers.to_wsgi_list())
        return [response.get_data()]

    def _move(self, environ) -> dict | None:
        """The request's move as MoveSchema loads it; None (the body put back for Flask to
        read) when it is anything but a well-formed move."""
        try:
            length = int(environ.get("CONTENT_LENGTH") or -1)
        except ValueError:
            return None
        if not 0 <= length <= self.app.config["MAX_CONTENT_LENGTH"]:
            return None
        if not _is_json(environ.get("CONTENT_TYPE", "")):
            return None
        raw = environ["wsgi.input"].read(length)
        try:
            value = orjson.loads(raw)
            if not text.json_flaws(raw, value):
                return self.schema.load(value)
        except (orjson.JSONDecodeError, ma.ValidationError):
            pass
        environ["wsgi.input"] = io.BytesIO(raw)
        return None

    def _answer(self, table_id: str, authorization: str, body: dict):
        try:
            return self.app.json.response(make_move(table_id, bearer_token(authorization), body))
        except Exception as error:  # answered as the app's handlers answer it
            answer = error_answer(error)
            if answer is None:  # as Flask would: logged, and a 500 problem
                log.exception("a move to table %s failed", table_id)
                answer = http_problem(InternalServerError())
            return answer
