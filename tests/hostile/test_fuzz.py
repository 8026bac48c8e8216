"""Schemathesis against each service's OpenAPI document, in process (WSGI), on a real Redis.

Every operation gets a bounded number of generated requests — valid ones and, separately,
ones that break the schema — sent with a valid bearer token of a player who sits at a real
table (path parameters ``table_id`` point at it). The checks: no 5xx, every status, header,
content type and body as the document says, and invalid requests rejected with a 4xx. Not
checked: that every schema-valid request is accepted — the house answers 400 with a problem
for what JSON Schema cannot say (both text and exclamation, 1 seat of Speedlaunch, the
characters of a name).
``/events`` streams forever and has its own hostile tests (test_hostile.py).

FUZZ_EXAMPLES (environment) sets the examples per operation and mode; CI uses the default.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from services.ledger.app import create_app as ledger_app
from services.lobby.app import create_app as lobby_app
from services.table.app import create_app as table_app
from shared.auth import issue_token
from tests.integration.harness import TEST_CONFIG, House

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
SKIP = {"/tables/{table_id}/events"}  # an endless stream; see test_hostile.py
FACTORIES = {"lobby": lobby_app, "table": table_app, "ledger": ledger_app}


def fuzz(schema, headers: dict, path_parameters: dict, examples: int) -> list[str]:
    """Run every operation of ``schema``; returns the labels of the operations run."""
    ran = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path in SKIP:
            continue
        known = {
            name: value
            for name, value in path_parameters.items()
            if "{" + name + "}" in operation.path
        }
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(mode, path_parameters=known or None)

            @settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=strategy)
            def run(case):
                case.call_and_validate(
                    headers=headers,
                    excluded_checks=[positive_data_acceptance],
                )

            try:
                run()
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE  # nothing to break (no parameters)
        ran.append(operation.label)
    return ran


@pytest.mark.parametrize("service", sorted(FACTORIES))
def test_fuzz_service(house: House, redis_url, service):
    ann, bob = house.player("Ann"), house.player("Bob")
    table_id = house.open(ann, "speedone", 2, {}, fill="computer")["id"]
    house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    config = {**TEST_CONFIG, "REDIS_URL": redis_url, "HINT_TIMEOUT": 0.05}
    app = FACTORIES[service](config)
    with app.app_context():
        token = issue_token({"id": ann["id"], "name": ann["name"], "guest": True})
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
    ran = fuzz(
        schema,
        {"Authorization": f"Bearer {token}"},
        {"table_id": table_id},
        EXAMPLES,
    )
    assert ran
    assert house.table.get("/healthz").status_code == 200
    del bob


@pytest.mark.parametrize("service", sorted(FACTORIES))
def test_documents_declare_errors_as_problems(redis_url, service):
    document = FACTORIES[service]({**TEST_CONFIG, "REDIS_URL": redis_url}).test_client()
    document = document.get("/openapi.json").get_json()
    shared = document["components"]["responses"]
    errors = [
        shared[answer["$ref"].rsplit("/", 1)[1]] if "$ref" in answer else answer
        for path in document["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict)  # beside the operations: the path's "parameters"
        for status, answer in operation.get("responses", {}).items()
        if status == "default" or int(status) >= 400
    ]
    assert errors
    for answer in errors:
        assert set(answer["content"]) == {"application/problem+json"}, answer


@pytest.mark.parametrize("service", sorted(FACTORIES))
def test_every_route_with_a_body_declares_413(redis_url, service):
    """A body over MAX_BODY_BYTES gets 413 on any route that reads one."""
    document = FACTORIES[service]({**TEST_CONFIG, "REDIS_URL": redis_url}).test_client()
    paths = document.get("/openapi.json").get_json()["paths"]
    with_body = [
        (method, path, operation)
        for path, operations in paths.items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    assert with_body or service == "ledger"
    for method, path, operation in with_body:
        assert "413" in operation["responses"], (method, path)


def test_the_list_of_open_tables_is_public(redis_url):
    """docs/api.md: the one lobby route without a token (nothing private in it)."""
    lobby = lobby_app({**TEST_CONFIG, "REDIS_URL": redis_url}).test_client()
    assert lobby.get("/tables").status_code == 200
    assert lobby.get("/me/tables").status_code == 401
