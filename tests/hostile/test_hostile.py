"""Hostile clients: each gets the right 4xx as a problem body, nothing changes at the table,
and the service goes on answering."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from services.table.app import create_app as table_app
from shared import chat_lines, keys, store
from shared.auth import SALT
from shared.games import get_game, names
from tests.integration.harness import (
    TEST_CONFIG,
    House,
    assert_problem,
    mover_of,
    start_two_player_game,
)

PROBLEM = "application/problem+json"


def snapshot(house: House, table_id: str) -> tuple:
    """Everything a move could change at a table."""
    r = house.r
    return (
        r.hgetall(keys.table(table_id)),
        r.xlen(keys.table_events(table_id)),
        r.lrange(keys.table_moves(table_id, 1), 0, -1),
        r.lrange(keys.table_chat(table_id), 0, -1),
    )


@pytest.fixture
def game(house):
    table_id, players = start_two_player_game(house)
    return table_id, players


def post_raw(house, player, path, data, content_type="application/json"):
    headers = {**house.auth(player), "Content-Type": content_type}
    return house.table.post(path, data=data, headers=headers)


# --- bodies ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["moves", "chat"])
def test_oversized_body_is_413(house, game, path):
    table_id, players = game
    before = snapshot(house, table_id)
    big = b'{"text": "' + b"x" * 20_000 + b'"}'
    assert_problem(post_raw(house, players[0], f"/tables/{table_id}/{path}", big), 413)
    huge = b'{"move": {"type": "' + b"a" * 2_000_000 + b'"}}'
    assert_problem(post_raw(house, players[0], f"/tables/{table_id}/{path}", huge), 413)
    assert snapshot(house, table_id) == before


def test_oversized_body_to_the_lobby_is_413(house):
    ann = house.player("Ann")
    body = b'{"game": "speedone", "seats": 2, "options": {"x": "' + b"y" * 20_000 + b'"}}'
    response = house.lobby.post(
        "/tables", data=body, headers={**house.auth(ann), "Content-Type": "application/json"}
    )
    assert_problem(response, 413)
    assert house.r.zcard(keys.OPEN_TABLES) == 0


@pytest.mark.parametrize(
    "settings",
    [{"humans_only": 1}, {"solo": "yes"}, {"clock": "90"}, {"stakes": 10.0}, {"clock": True}],
)
def test_settings_of_the_wrong_json_type_are_400(house, settings):
    ann = house.player("Ann")
    body = {"game": "speedone", "seats": 2, "settings": settings}
    problem = assert_problem(house.lobby.post("/tables", json=body, headers=house.auth(ann)), 400)
    assert problem.get("errors")
    assert house.r.zcard(keys.OPEN_TABLES) == 0


@pytest.mark.parametrize(
    "data",
    [
        b'{"move": {"type": "draw"}',  # cut off
        b"{move: draw}",
        b"\xff\xfe\x00garbage",
        b'{"move": {"type": "draw"}} trailing',
        b"[1, 2, 3]",
        b"null",
        b'"a string"',
        b"",
        b"NaN",
    ],
)
def test_malformed_json_is_400(house, game, data):
    table_id, players = game
    mover, _ = mover_of(house, table_id, players)
    before = snapshot(house, table_id)
    assert_problem(post_raw(house, mover, f"/tables/{table_id}/moves", data), 400)
    assert snapshot(house, table_id) == before


def test_a_body_that_is_not_json_is_refused(house, game):
    table_id, players = game
    mover, _ = mover_of(house, table_id, players)
    before = snapshot(house, table_id)
    response = post_raw(house, mover, f"/tables/{table_id}/moves", b"move=draw", "text/plain")
    assert_problem(response, response.status_code, "invalid_request")
    assert snapshot(house, table_id) == before


@pytest.mark.parametrize(
    "body",
    [
        {"move": "draw"},
        {"move": ["draw"]},
        {"move": None},
        {"move": {"type": "draw"}, "version": "seven"},
        {"move": {"type": "draw"}, "version": -1},
        {"move": {"type": "draw"}, "key": ""},
        {"move": {"type": "draw"}, "key": "k" * 65},
        {"move": {f"k{i}": i for i in range(11)}},
        {"move": {"k" * 21: 1}},
        {"version": 3},
        {"move": {"type": "draw"}, "seat": 1},  # unknown field
        {"move": {"type": "draw"}, "admin": True},
    ],
)
def test_wrong_types_and_unknown_fields_are_400(house, game, body):
    table_id, players = game
    mover, view = mover_of(house, table_id, players)
    before = snapshot(house, table_id)
    response = house.table.post(f"/tables/{table_id}/moves", json=body, headers=house.auth(mover))
    problem = assert_problem(response, 400)
    assert problem.get("errors")  # names the field
    assert snapshot(house, table_id) == before


@pytest.mark.parametrize("game_name", names())
def test_nonsense_moves_are_refused_by_every_engine(house, game_name):
    ann = house.player("Ann")
    table_id = house.open(ann, game_name, 2, {}, fill="computer")["id"]
    assert house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann)).status_code == 200
    house.run_computers()
    nonsense = [
        {},
        {"type": None},
        {"type": 7},
        {"type": "play"},
        {"type": "play", "card": None},
        {"type": "play", "cards": "not a list"},
        {"type": "play", "card": {"nested": [1, 2]}},
        {"type": "draw", "extra": "x" * 1000},
        {"type": "build", "from": -1, "to": 10**9},
        {"type": "discard", "card": [[[[]]]]},
        {"type": "ignite", "cards": [None, 1, "x"]},
        {"type": "color", "color": "ultraviolet"},
    ]
    for move in nonsense:
        view = house.get(ann, table_id)
        if view["status"] != "playing" or view["current"]["to_move"] != 0:
            break
        before = snapshot(house, table_id)
        response = house.move(ann, table_id, move, view["version"])
        assert response.status_code in (400, 422), (move, response.status_code, response.json)
        assert_problem(response, response.status_code)
        assert snapshot(house, table_id) == before
    assert house.table.get("/healthz").status_code == 200


# --- tokens ------------------------------------------------------------------------------
def forged(player, secret="not-the-house-secret", age=0):
    serializer = URLSafeTimedSerializer(secret, salt=SALT)
    if age:
        stamp = int(time.time()) - age

        class Old(TimestampSigner):
            def get_timestamp(self):
                return stamp

        serializer = URLSafeTimedSerializer(secret, salt=SALT, signer=Old)
    return serializer.dumps({"id": player["id"], "name": player["name"], "guest": True})


def test_forged_expired_and_garbled_tokens_are_401(house, game):
    table_id, players = game
    mover, view = mover_of(house, table_id, players)
    move = view["current"]["legal"][0]
    before = snapshot(house, table_id)
    max_age = house.table_app.config["TOKEN_MAX_AGE"]
    tokens = [
        forged(mover),  # signed with another secret
        forged(mover, TEST_CONFIG["SECRET_KEY"], age=max_age + 60),  # expired
        mover["token"][:-3] + "AAA",  # tampered signature
        mover["token"].split(".")[0],  # payload without signature
        "",
        "Bearer",
        "a" * 5000,
        "eyJpZCI6InAtYW5uIn0.x.y",
    ]
    for token in tokens:
        headers = {"Authorization": f"Bearer {token}"}
        body = {"move": move, "version": view["version"]}
        assert_problem(house.table.post(f"/tables/{table_id}/moves", json=body, headers=headers),
                       401)  # fmt: skip
        assert_problem(house.table.get(f"/tables/{table_id}/events?token={token}"), 401)
        chat = {"text": "hallo"}
        assert_problem(house.table.post(f"/tables/{table_id}/chat", json=chat, headers=headers),
                       401)  # fmt: skip
    assert_problem(house.table.post(f"/tables/{table_id}/moves", json={"move": move}), 401)
    # a token signed with the house secret but of an unexpired age still works
    ok = forged(mover, TEST_CONFIG["SECRET_KEY"], age=max_age - 60)
    headers = {"Authorization": f"Bearer {ok}"}
    assert house.table.get(f"/tables/{table_id}", headers=headers).status_code == 200
    assert snapshot(house, table_id) == before


def test_a_token_whose_signature_was_checked_before_still_expires(house, game, monkeypatch):
    """A process checks a token's signature once (shared/auth.py), its age at every use."""
    table_id, players = game
    headers = {"Authorization": f"Bearer {forged(players[0], TEST_CONFIG['SECRET_KEY'], 600)}"}
    for _ in range(2):
        assert house.table.get(f"/tables/{table_id}", headers=headers).status_code == 200
    monkeypatch.setitem(house.table_app.config, "TOKEN_MAX_AGE", 300)  # now it is too old
    assert_problem(house.table.get(f"/tables/{table_id}", headers=headers), 401, "token_expired")


# --- seats and game state --------------------------------------------------------------
def test_moves_for_another_seat_are_refused(house, game):
    table_id, players = game
    mover, view = mover_of(house, table_id, players)
    seat = view["you"]
    other = players[1 - seat]
    eve = house.player("Eve")
    before = snapshot(house, table_id)
    move = view["current"]["legal"][0]
    for version in (view["version"], None):
        # the other seated player, not on turn: 409; a stranger: 403
        assert_problem(house.move(other, table_id, move, version), 409)
        assert_problem(house.move(eve, table_id, move, version), 403)
    # a forged token naming the mover's id but not signed by the house
    headers = {"Authorization": f"Bearer {forged(mover)}"}
    body = {"move": move, "version": view["version"]}
    assert_problem(house.table.post(f"/tables/{table_id}/moves", json=body, headers=headers), 401)
    assert snapshot(house, table_id) == before
    assert house.move(mover, table_id, move, view["version"]).status_code == 200


def test_moves_after_the_game_ended_are_409(house):
    ann = house.player("Ann")
    house.table_app.config["MOVE_RATE_LIMIT"] = 0  # play_out moves faster than any human
    table_id = house.open(ann, "speedtower", 2, {"stock": 10}, fill="computer")["id"]
    assert house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann)).status_code == 200
    view = house.play_out({0: ann}, table_id, random.Random(7))
    assert view["status"] != "playing"
    house.run_computers(("bots", "clocks", "ledger"))
    before = snapshot(house, table_id)
    for move in ({"type": "draw"}, {"type": "end"}, {"type": "build", "to": 0}):
        assert_problem(house.move(ann, table_id, move, view["version"]), 409)
        assert_problem(house.move(ann, table_id, move), 409)
    assert_problem(house.move(ann, table_id, {"type": "draw"}, view["version"] - 1), 409)
    assert snapshot(house, table_id) == before


def test_moves_at_a_table_that_does_not_exist_are_404(house):
    ann = house.player("Ann")
    for table_id in ("nope", "0" * 64, "..%2F..%2Fetc"):
        response = house.move(ann, table_id, {"type": "draw"}, 1)
        assert assert_problem(response, 404)["code"] in ("no_such_table", "not_found")
    assert_problem(house.move(ann, "%00", {"type": "draw"}, 1), 400, "invalid_request")
    assert house.r.dbsize() == 0 or not house.r.keys("{t:*")


# --- floods ------------------------------------------------------------------------------
def test_a_chat_flood_gets_429_with_retry_after(house, game):
    table_id, players = game
    say = lambda text: house.table.post(  # noqa: E731
        f"/tables/{table_id}/chat", json={"text": text}, headers=house.auth(players[0])
    )
    assert say("first").status_code == 201
    answers = [say(f"spam {i}") for i in range(50)]
    for response in answers:
        assert_problem(response, 429)
        assert int(response.headers["Retry-After"]) >= 1
    assert [line["text"] for line in chat_lines.recent_chat(house.r, table_id)] == ["first"]


def test_a_move_flood_gets_429_with_retry_after(house, redis_url):
    config = {**TEST_CONFIG, "REDIS_URL": redis_url, "MOVE_RATE_LIMIT": 5,
              "MOVE_RATE_WINDOW": 60}  # fmt: skip
    client = table_app(config).test_client()
    table_id, players = start_two_player_game(house)
    mover, view = mover_of(house, table_id, players)
    seat = view["you"]
    other = players[1 - seat]
    stale = {"move": view["current"]["legal"][0], "version": view["version"] + 5}
    url = f"/tables/{table_id}/moves"
    for _ in range(5):  # within the limit: answered on their merits
        assert_problem(client.post(url, json=stale, headers=house.auth(mover)), 409)
    before = snapshot(house, table_id)
    good = {"move": view["current"]["legal"][0], "version": view["version"]}
    for body in (stale, good, good):
        response = client.post(url, json=body, headers=house.auth(mover))
        assert_problem(response, 429)
        retry = int(response.headers["Retry-After"])
        assert 1 <= retry <= 60
    assert snapshot(house, table_id) == before
    # the limit is per player: the other seat still gets its answer
    assert_problem(client.post(url, json=good, headers=house.auth(other)), 409)
    # and the window ends
    house.r.delete(keys.rate_limit("moves", mover["id"]))
    assert client.post(url, json=good, headers=house.auth(mover)).status_code == 200


def test_a_concurrent_move_flood_applies_one_move_and_limits_the_rest(house, game, redis_url):
    table_id, players = game
    mover, view = mover_of(house, table_id, players)
    legal = view["current"]["legal"]
    limit = 20
    app = table_app({**TEST_CONFIG, "REDIS_URL": redis_url, "MOVE_RATE_LIMIT": limit,
                     "MOVE_RATE_WINDOW": 1})  # fmt: skip

    def submit(i):
        client = app.test_client()
        body = {"move": legal[i % len(legal)], "version": view["version"], "key": f"f{i}"}
        return client.post(f"/tables/{table_id}/moves", json=body, headers=house.auth(mover))

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(submit, range(limit * 5)))
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 1
    assert set(codes) <= {200, 409, 422, 429}
    assert codes.count(429) >= limit * 5 - limit * 3  # at most a few windows' worth passed
    assert all(a.headers.get("Retry-After") for a in answers if a.status_code == 429)
    assert store.load(house.r, table_id)["version"] == view["version"] + 1


# --- SSE reconnects ----------------------------------------------------------------------
def reconnect_storm(house: House, table_id: str, players: dict, count: int) -> None:
    """``count`` SSE connections, opened, read up to their catch-up, and dropped."""
    from services.table.events import hub

    before = snapshot(house, table_id)
    threads_before = threading.active_count()
    last_id = store.latest_event_id(house.r, table_id)
    first_id = store.first_event_id(house.r, table_id)
    for i in range(count):
        player = players[i % len(players)]
        headers = house.auth(player)
        if i % 3 == 1:
            headers["Last-Event-ID"] = last_id
        elif i % 3 == 2:
            headers["Last-Event-ID"] = first_id if i % 2 else "not-an-id"
        response = house.table.get(f"/tables/{table_id}/events", headers=headers, buffered=False)
        assert response.status_code == 200
        chunks = response.iter_encoded()
        assert next(chunks).startswith(b"retry:")
        next(chunks)  # the catch-up (possibly empty)
        response.close()
    with house.table_app.app_context():
        assert hub().connections() == 0  # every dropped client unsubscribed
    assert threading.active_count() <= threads_before + 2  # at most the hub's reader and ticker
    assert snapshot(house, table_id) == before
    assert house.table.get("/healthz").status_code == 200


def test_sse_reconnect_storm(house, game):
    table_id, players = game
    reconnect_storm(house, table_id, players, 500)


@pytest.mark.slow
def test_ten_thousand_sse_reconnects(house, game):
    table_id, players = game
    started = time.monotonic()
    reconnect_storm(house, table_id, players, 10_000)
    assert time.monotonic() - started < 600


def test_sse_for_a_missing_table_or_without_token(house, game):
    table_id, players = game
    assert_problem(house.table.get("/tables/nope/events", headers=house.auth(players[0])), 404)
    assert_problem(house.table.get(f"/tables/{table_id}/events"), 401)


def test_the_engine_contract_has_a_deck_for_every_game():
    # guards the nonsense-move test above: every game is reachable by name
    assert all(get_game(name).DECK for name in names())
