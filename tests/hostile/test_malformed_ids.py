"""A table id in a path that is no id (dots, slashes, query marks, markup …) names no table:
every route of every service that takes one answers 404 no_such_table before anything but the
text check (an id that is not even sound text is a 400), whoever asks and with whatever body."""

from __future__ import annotations

import re

import pytest

from services.ledger.app import create_app as ledger_app
from services.lobby.app import create_app as lobby_app
from services.table.app import create_app as table_app
from tests.integration.harness import TEST_CONFIG, House, assert_problem

MALFORMED = ["a.b", "..", ".", "x%3Fy", "%3Cb%3E", "a%20b", "%2E%2E", "x" * 65]
UNSOUND = "t%00"  # not even sound text: refused as such (400) before the id is looked at


def table_routes(app) -> list[tuple[str, str]]:
    """(method, rule) of every route that takes a table id."""
    return [(method, rule.rule) for rule in app.url_map.iter_rules() if "table_id" in rule.arguments
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]  # fmt: skip


@pytest.mark.parametrize("factory", [lobby_app, table_app, ledger_app])
def test_every_route_refuses_a_table_id_that_is_no_id(house: House, redis_url, factory):
    ann = house.player("Ann")
    client = factory({**TEST_CONFIG, "REDIS_URL": redis_url}).test_client()
    routes = table_routes(client.application)
    assert routes
    for method, rule in routes:
        for malformed in MALFORMED:
            path = re.sub(r"<(?:\w+:)?\w+>", "1", rule.replace("<table_id>", malformed))
            response = client.open(path, method=method, json={"move": {"type": "draw"}},
                                   headers=house.auth(ann))  # fmt: skip
            assert_problem(response, 404, "no_such_table")
        path = re.sub(r"<(?:\w+:)?\w+>", "1", rule.replace("<table_id>", UNSOUND))
        response = client.open(path, method=method, json={"move": {"type": "draw"}},
                               headers=house.auth(ann))  # fmt: skip
        assert_problem(response, 400, "invalid_request")
