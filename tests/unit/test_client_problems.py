"""The client's exceptions: one class per code of the house's catalogue (shared/problems.py),
under the class of its status; an unknown code or a body that is no problem gets the base."""

from __future__ import annotations

import httpx
import pytest
from speedgamez_client import Client
from speedgamez_client import problems as p

from shared.problems import CODES

BY_STATUS = {
    400: p.BadRequest,
    401: p.Unauthorized,
    403: p.Forbidden,
    404: p.Missing,
    409: p.Conflict,
    429: p.TooManyRequests,
    500: p.ServerError,
    503: p.ServerError,
}
CLASSES = {
    cls.code: cls
    for cls in vars(p).values()
    if isinstance(cls, type) and issubclass(cls, p.ProblemError) and cls.__dict__.get("code")
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_of_the_house_has_its_class(code):
    cls = CLASSES[code]
    assert p.problem(CODES[code].status or 418, {"code": code}).__class__ is cls
    assert issubclass(cls, BY_STATUS.get(CODES[code].status, p.ProblemError))


def test_the_client_knows_no_code_the_house_does_not():
    assert set(CLASSES) == set(CODES)


def answering(status: int, body: bytes, headers=None) -> Client:
    """A client whose every request gets this answer."""
    transport = httpx.MockTransport(
        lambda request: httpx.Response(status, content=body, headers=headers or {})
    )
    return Client("http://house", transport=transport, max_wait=0)


def test_a_problem_carries_its_fields_and_parameters():
    body = (
        b'{"type": "https://speedgamez.example/problems/stale-version", "title": "Conflict",'
        b' "status": 409, "code": "stale_version", "current_version": 8, "detail": "old"}'
    )
    with pytest.raises(p.StaleVersion) as error:
        answering(409, body).table("t1")
    problem = error.value
    assert (problem.status, problem.code, problem.title, problem.detail) == (
        409,
        "stale_version",
        "Conflict",
        "old",
    )
    assert problem.type.endswith("stale-version") and problem.params == {"current_version": 8}


def test_an_unknown_code_and_a_body_that_is_no_problem_get_the_base_class():
    with pytest.raises(p.ProblemError) as unknown:
        answering(409, b'{"code": "brand_new", "detail": "later"}').table("t1")
    assert type(unknown.value) is p.ProblemError and unknown.value.code == "brand_new"
    with pytest.raises(p.ProblemError) as html:
        answering(502, b"<html>Bad Gateway</html>").table("t1")
    assert type(html.value) is p.ProblemError and html.value.status == 502
    assert html.value.code is None and "Bad Gateway" in html.value.detail


def test_retry_after_comes_from_the_body_else_the_header():
    with pytest.raises(p.RateLimited) as body:
        answering(429, b'{"code": "rate_limited", "retry_after": 0.25}').table("t1")
    assert body.value.retry_after == 0.25
    with pytest.raises(p.ProblemError) as header:  # e.g. a proxy's 429, without a code
        answering(429, b"Too Many Requests", {"Retry-After": "3"}).table("t1")
    assert header.value.retry_after == 3.0 and header.value.status == 429
