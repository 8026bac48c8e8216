"""What a request may be: bodies read as strictly as the house writes, the text of the path,
the query and the headers the house reads, table ids in paths; the Blueprint every route
hangs on (the house's parser, its problem answers documented)."""

from __future__ import annotations

import re

import flask_smorest
import marshmallow as ma
import orjson
from flask import request
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from shared import text
from shared.http_problems import PROBLEM_JSON, ProblemSchema, problem
from shared.tables.errors import no_such_table


class StrictBoolean(ma.fields.Boolean):
    """JSON true or false only (marshmallow's Boolean also takes 1, "yes", "on" …)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class HouseParser(FlaskParser):
    """Requests that do not match their schema are bad requests (400); 422 is kept for
    moves that are well-formed but against the rules.

    A body is read as strictly as the house writes: orjson (no lone surrogates, no bytes that
    are not UTF-8, at most 1,024 levels), then every string in it — keys too — must be sound
    text nested at most shared.text.MAX_DEPTH deep; a body that is not JSON is refused, not
    taken for none."""

    DEFAULT_VALIDATION_STATUS = 400

    def _raw_load_json(self, req):
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        if not is_json_request(req):
            abort(400, messages={"json": ["Send the body as JSON (application/json)."]})
        try:
            value = orjson.loads(data)
        except orjson.JSONDecodeError as error:  # (webargs would take some for no body)
            self._handle_invalid_json_error(error, req)
        flaws = text.json_flaws(data, value)
        if flaws:
            abort(400, messages={"json": {path or "body": [flaw] for path, flaw in flaws.items()}})
        return value

    def _handle_invalid_json_error(self, error, req, *args, **kwargs):
        reason = getattr(error, "msg", None) or getattr(error, "reason", "")
        abort(400, exc=error, messages={"json": [f"Not JSON: {reason}."]})


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint with the house's argument parser; a route that takes a body
    documents the 413 every body over MAX_BODY_BYTES gets."""

    ARGUMENTS_PARSER = HouseParser()

    def arguments(self, schema, *, location="json", **kwargs):
        if isinstance(schema, type):  # one instance for every request, not one each
            schema = schema()
        decorate = super().arguments(schema, location=location, **kwargs)
        if location not in ("json", "form", "files", "json_or_form"):
            return decorate
        too_large = self.problems((413, "The body is over MAX_BODY_BYTES (16 KiB)"))
        return lambda view: too_large(decorate(view))

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


# The request headers the house reads besides the body's type (the rest it passes by)
READ_HEADERS = ("Authorization", "Last-Event-ID")


def refuse_unsound_text():
    """Before every view: the path, the query and the headers the house reads must be sound
    text (shared/text.py); else 400 invalid_request, and nothing is done."""
    environ = request.environ
    errors = {}
    if flaw := text.wsgi_flaw(environ.get("PATH_INFO", "")):
        errors["path"] = [f"The path {flaw}."]
    if flaw := text.wsgi_flaw(environ.get("QUERY_STRING", ""), escaped=True):
        errors["query"] = [f"The query {flaw}."]
    for name in READ_HEADERS:
        value = request.headers.get(name)
        if value is not None and (flaw := text.wsgi_flaw(value)):
            errors.setdefault("headers", {})[name] = [f"The header {flaw}."]
    if errors:
        return problem("invalid_request", "The request holds text the house refuses; see "
                       "errors.", errors=errors)  # fmt: skip
    return None


# What a table id in a path may be: letters, digits, _ and - (the house's ids are hex). A path
# with anything else there names no table: 404, before any view or Redis sees it.
TABLE_ID_FORM = re.compile(r"[A-Za-z0-9_-]{1,64}")


def refuse_malformed_table_ids() -> None:
    """Before every view, after the text check: 404 no_such_table for a ``table_id`` that is
    no id."""
    table_id = (request.view_args or {}).get("table_id")
    if table_id is not None and not TABLE_ID_FORM.fullmatch(table_id):
        raise no_such_table(table_id[:64])
