"""Malformed text to every route that takes a body or a string parameter, over real HTTP: lone
surrogates, NUL and other control characters, bidirectional controls, overlong strings, wrong
types, bodies nested 10,000 deep, bytes that are not UTF-8. Every answer is a 4xx problem
body, and nothing changed (the tables' versions, streams and chat, the open tables, the
accounts, the wallets).

The routes come from the services' OpenAPI documents, so a new route is covered as soon as
it is documented. For a body, each property of the route's schema (and of the objects nested
in it) gets each malformed value in turn, beside plausible values for the rest; then the body
as a whole is malformed. For a path or query parameter each malformed value takes its place,
percent-encoded as a client would send it. The events route streams forever: its strings are
tested in test_hostile.py and below.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from shared import connection, keys
from tests.over_http import HttpHouse, problem_of

SERVICES = ("lobby", "table", "ledger")
SKIP = {("get", "/tables/{table_id}/events")}  # an endless stream (see the module docstring)
DEEP = 8_000  # levels that fit into MAX_BODY_BYTES (a deeper body is over it: 413)
BAD_TEXT = [
    "\ud800",  # a lone high surrogate
    "ok\udfffok",  # a lone low surrogate inside text
    "a\x00b",  # NUL
    "\x1b[31mred",  # an escape sequence
    "line\nbreak",
    "\u202egnp.exe",  # right-to-left override
    "x\u2066y\u2069",  # an isolate
    "x" * 10_000,  # overlong
]
WRONG_TYPES = [None, True, 1.5, 2**70, [], {}, ["\ud800"], {"\ud800": 1}]


def as_json(value) -> bytes:
    """``value`` as a client writes JSON: surrogates become \\ud800 escapes (ASCII)."""
    return json.dumps(value).encode()


def in_path(value: str) -> str:
    """``value`` percent-encoded for a path or query (a lone surrogate as the three bytes a
    lenient encoder would write for it: not UTF-8)."""
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


def whole_bodies() -> list[tuple[str, bytes, str]]:
    """(what, body, content type) for bodies that are malformed as a whole."""
    object_json = "application/json"
    return [
        ("nested 8k deep", b"[" * DEEP + b"]" * DEEP, object_json),
        ("nested 10k deep", b"[" * 10_000 + b"]" * 10_000, object_json),
        ("opened 10k deep", b"[" * 10_000, object_json),
        ("objects nested 2k deep", b'{"a":' * 2000 + b"1" + b"}" * 2000, object_json),
        ("nested 40 deep", b'{"a":' * 40 + b"1" + b"}" * 40, object_json),
        ("a lone surrogate as a key", b'{"\\ud800": 1}', object_json),
        ("NUL in a key", b'{"a\\u0000": 1}', object_json),
        ("not UTF-8", b'{"text": "\xff\xfe"}', object_json),
        ("a bare string", as_json("\ud800"), object_json),
        ("an array", b"[]", object_json),
        ("truncated", b'{"text": "', object_json),
        ("not JSON at all", b"text=hallo", "text/plain"),
    ]


def resolve(document: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def plausible(document: dict, schema: dict):
    """A value of the schema's type (its first choice if it lists them) — plausible, not
    necessarily valid: the malformed value beside it is what must be refused."""
    schema = resolve(document, schema)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {
            name: plausible(document, prop)
            for name, prop in schema.get("properties", {}).items()
            if name in schema.get("required", ())
        }
    return {"integer": schema.get("minimum", 1), "number": 1, "boolean": False,
            "array": [], "string": "Zoe"}.get(kind, "x")  # fmt: skip


def fits(schema: dict, value) -> bool:
    """Whether a value of WRONG_TYPES is one the schema takes after all (an empty object
    for an object, null where null is allowed …)."""
    if value is None:
        return bool(schema.get("nullable"))
    kind = schema.get("type")
    return (kind, value) in (("object", {}), ("array", []), ("boolean", True)) or (
        kind == "number" and isinstance(value, float)
    )


def body_cases(document: dict, schema: dict) -> list[tuple[str, bytes, str]]:
    """(what, body, content type): each property (nested ones too) malformed in turn."""
    base = plausible(document, schema)
    cases = []

    def walk(schema: dict, path: list[str]) -> None:
        schema = resolve(document, schema)
        for name, prop in schema.get("properties", {}).items():
            prop = resolve(document, prop)
            if "properties" in prop:
                walk(prop, [*path, name])
            for bad in BAD_TEXT + [value for value in WRONG_TYPES if not fits(prop, value)]:
                body = json.loads(json.dumps(base))
                holder = body
                for step in path:
                    holder = holder.setdefault(step, {})
                holder[name] = bad
                what = ".".join([*path, name]) + f" = {bad!r}"[:40]
                cases.append((what, as_json(body), "application/json"))

    walk(schema, [])
    return cases + whole_bodies()


def parameter_values(parameter: dict) -> list[str]:
    """Malformed values of a path or query parameter, encoded for the URL."""
    values = [in_path(bad) for bad in BAD_TEXT]
    schema = parameter["schema"]
    if "string" not in (schema.get("type"), schema.get("items", {}).get("type")):
        values += ["abc", "1.5", "-1" * 3]
    return values


def operations(document: dict):
    """(method, path, its parameters, its body schema or None) of every documented route."""
    for path, item in document["paths"].items():
        shared = item.get("parameters", [])
        for method, operation in item.items():
            if method == "parameters" or (method, path) in SKIP:
                continue
            parameters = shared + operation.get("parameters", [])
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            yield method, path, parameters, body and body["schema"]


class Scene:
    """Ann opens a table and Bob sits down; Ann and Bob also play a started game."""

    def __init__(self, house: HttpHouse, r):
        self.house, self.r = house, r
        self.ann, self.bob = house.guest("Ann"), house.guest("Bob")
        self.open_table = house.open(self.ann, "speedone", 3, fill="empty")["id"]
        house.ok(self.bob, "POST", f"/api/lobby/tables/{self.open_table}/seats", json={})
        self.game = house.open(self.ann, "speedone", 2, fill="empty")["id"]
        house.ok(self.bob, "POST", f"/api/lobby/tables/{self.game}/seats", json={})
        house.ok(self.ann, "POST", f"/api/lobby/tables/{self.game}/start")

    def state(self) -> tuple:
        """What any accepted request would change."""
        tables = [
            (self.r.hget(keys.table(t), "version"), self.r.xlen(keys.table_events(t)),
             self.r.llen(keys.table_chat(t)))
            for t in (self.open_table, self.game)
        ]  # fmt: skip
        return (
            tables,
            self.r.zrange(keys.OPEN_TABLES, 0, -1),
            sorted(self.r.scan_iter("acct:name:*")),
            self.r.hgetall(keys.BALANCES),
        )

    def path_values(self, table_id: str) -> dict:
        return {"table_id": table_id, "seat": "1", "game_no": "1", "game": "speedone",
                "name": "Ann", "invitation_id": f"{table_id}-{self.bob.id}"}  # fmt: skip


@pytest.fixture(scope="module")
def scene(redis_server):
    """One house and scene for the module (the requests change nothing, by assertion)."""
    from services.bots import jobs as bot_jobs
    from services.house import create_house
    from tests.integration.harness import TEST_CONFIG
    from tests.integration.sse import Server

    r = connection.connect(redis_server)
    r.flushdb()
    config = {**TEST_CONFIG, "REDIS_URL": redis_server, "TESTING": False,
              "ACTION_RATE_LIMIT": 0, "QUOTA_GUESTS_PER_HOUR": 0}  # fmt: skip
    bot_jobs._connections.cache_clear()
    server = Server(create_house(config))
    house = HttpHouse(f"http://127.0.0.1:{server.port}")
    yield Scene(house, r)
    house.close()
    server.close()


def documents(house: HttpHouse) -> dict:
    return {s: house.ok(None, "GET", f"/api/{s}/openapi.json") for s in SERVICES}


def requests_for(scene: Scene, service: str, document: dict):
    """(label, method, url, body, content type) of every malformed request to a service."""
    for method, path, parameters, schema in operations(document):
        for table_id in (scene.open_table, scene.game) if "{table_id}" in path else ("-",):
            values = scene.path_values(table_id)
            url = f"/api/{service}" + path.format(**{k: values[k] for k in values if k in path})
            if schema is not None:
                for what, body, content_type in body_cases(document, schema):
                    yield f"{method} {path} {what}", method, url, body, content_type
            for parameter in parameters:
                name = parameter["name"]
                for bad in parameter_values(parameter):
                    if parameter["in"] == "path":
                        bad_url = f"/api/{service}" + path.format(
                            **{k: (bad if k == name else values[k]) for k in values if k in path}
                        )
                    else:
                        bad_url = f"{url}?{name}={bad}"
                    body = as_json(plausible(document, schema)) if schema else None
                    label = f"{method} {path} {parameter['in']} {name}={bad[:30]}"
                    yield label, method, bad_url, body, "application/json"


@pytest.mark.parametrize("service", SERVICES)
def test_malformed_text_is_refused_everywhere_and_changes_nothing(scene, service):
    house = scene.house
    document = documents(house)[service]
    before = scene.state()
    sent = 0
    for label, method, url, body, content_type in requests_for(scene, service, document):
        headers = {**scene.ann.auth, "Content-Type": content_type}
        answer = house.http.request(method.upper(), url, content=body, headers=headers)
        assert 400 <= answer.status_code < 500, (label, answer.status_code, answer.text[:300])
        problem_of(answer)
        sent += 1
    assert scene.state() == before
    assert sent >= 50
    assert house.ok(None, "GET", f"/api/{service}/healthz")["status"] == "ok"


def test_a_lone_surrogate_in_chat_is_refused_at_the_edge(scene):
    """The line that froze every stream of its process: refused, and never stored."""
    path = f"/api/table/tables/{scene.game}/chat"
    before = scene.state()
    answer = scene.house.call(scene.ann, "POST", path, content=b'{"text": "\\ud800"}',
                              headers={"Content-Type": "application/json"})  # fmt: skip
    assert problem_of(answer, 400, "invalid_request")["errors"]
    assert scene.state() == before


def test_a_lone_surrogate_key_and_deep_nesting_in_a_move_are_400(scene):
    path = f"/api/table/tables/{scene.game}/moves"
    headers = {"Content-Type": "application/json"}
    for body in (b'{"move": {"type": "draw"}, "key": "\\ud800"}',
                 b'{"move": ' + b"[" * DEEP + b"]" * DEEP + b"}",
                 b'{"move": ' + b"[" * 10_000):  # fmt: skip
        answer = scene.house.call(scene.ann, "POST", path, content=body, headers=headers)
        problem_of(answer, 400, "invalid_request")
    too_deep = b'{"move": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    answer = scene.house.call(scene.ann, "POST", path, content=too_deep, headers=headers)
    problem_of(answer, 413, "body_too_large")


def test_the_stream_refuses_unsound_text_in_what_it_reads(scene):
    path = f"/api/table/tables/{scene.game}/events"
    for query in ("ticket=" + in_path("\ud800"), "lastEventId=" + in_path("1-0\x00")):
        problem_of(scene.house.call(scene.ann, "GET", f"{path}?{query}"), 400, "invalid_request")
    answer = scene.house.call(None, "GET", f"{path}?ticket={in_path('x' * 500)}")
    problem_of(answer, 401, "ticket_invalid")
