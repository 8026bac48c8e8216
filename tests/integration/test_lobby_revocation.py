"""Revocable tokens: signing out everywhere, a changed password and a ban each revoke every
token issued so far, in every service; a revocation check costs one GET per request (a move
reads it with the table)."""

from __future__ import annotations

import pytest

from services.lobby import admin, players
from services.lobby.app import create_app as lobby_create_app
from services.table.app import create_app as table_create_app
from shared import connection, keys, store
from tests.integration.harness import assert_problem
from tests.integration.test_lobby_accounts import (
    PASSWORD,
    bearer,
    cheap_hasher,
    open_guest,
    register,
    sign_in,
)

CONFIG = {"TESTING": True, "SECRET_KEY": "test", "BOT_PACE": "off"}


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch):
    monkeypatch.setattr(players, "password_hasher", cheap_hasher())


@pytest.fixture
def lobby(redis_url):
    return lobby_create_app({**CONFIG, "REDIS_URL": redis_url}).test_client()


@pytest.fixture
def table(redis_url):
    return table_create_app({**CONFIG, "REDIS_URL": redis_url}).test_client()


def me(lobby, session):
    return lobby.get("/accounts/me", headers=bearer(session))


def test_signing_out_everywhere_revokes_every_token_in_every_service(lobby, table):
    assert register(lobby, "Ruth").status_code == 201
    phone, laptop = sign_in(lobby, "Ruth").json, sign_in(lobby, "Ruth").json
    opened = lobby.post("/tables", json={"game": "speedone", "seats": 2},
                        headers=bearer(laptop))  # fmt: skip
    assert opened.status_code == 201
    table_id = opened.json["id"]
    assert table.get(f"/tables/{table_id}", headers=bearer(phone)).status_code == 200

    assert lobby.post("/me/sign-out-everywhere", headers=bearer(phone)).status_code == 204
    for session in (phone, laptop):
        assert_problem(me(lobby, session), 401, "token_revoked")
        assert_problem(table.get(f"/tables/{table_id}", headers=bearer(session)), 401,
                       "token_revoked")  # fmt: skip
        assert_problem(lobby.post("/tables", json={"game": "speedone", "seats": 2},
                                  headers=bearer(session)), 401, "token_revoked")  # fmt: skip
    again = sign_in(lobby, "Ruth").json
    assert me(lobby, again).status_code == 200
    assert table.get(f"/tables/{table_id}", headers=bearer(again)).status_code == 200


def test_a_guest_signs_out_everywhere_too(lobby):
    guest = open_guest(lobby, "Gast")
    assert lobby.post("/me/sign-out-everywhere", headers=bearer(guest)).status_code == 204
    assert_problem(me(lobby, guest), 401, "token_revoked")
    assert_problem(lobby.post("/me/sign-out-everywhere", headers=bearer(guest)), 401,
                   "token_revoked")  # fmt: skip


def test_a_changed_password_revokes_the_old_tokens_and_answers_a_new_one(lobby):
    first = register(lobby, "Paul").json
    other = sign_in(lobby, "Paul").json
    changed = lobby.put("/me/password", json={"password": PASSWORD, "new_password": "new horse!"},
                        headers=bearer(first))  # fmt: skip
    assert changed.status_code == 200, changed.json
    assert changed.json["player"] == first["player"]
    for old in (first, other):
        assert_problem(me(lobby, old), 401, "token_revoked")
    assert me(lobby, changed.json).json == first["player"]
    assert_problem(sign_in(lobby, "Paul"), 401, "bad_password")
    assert sign_in(lobby, "Paul", "new horse!").status_code == 200


def test_a_password_change_needs_the_password_now_and_a_registered_account(lobby):
    session = register(lobby, "Vera").json
    wrong = lobby.put("/me/password", json={"password": "not it at all", "new_password": "x" * 9},
                      headers=bearer(session))  # fmt: skip
    assert_problem(wrong, 401, "bad_password")
    assert me(lobby, session).status_code == 200, "a refused change revokes nothing"
    short = lobby.put("/me/password", json={"password": PASSWORD, "new_password": "short"},
                      headers=bearer(session))  # fmt: skip
    assert_problem(short, 400, "invalid_request")
    guest = open_guest(lobby, "Gustav")
    refused = lobby.put("/me/password", json={"password": "whatever", "new_password": "x" * 9},
                        headers=bearer(guest))  # fmt: skip
    assert_problem(refused, 403, "guest_account")
    for _ in range(10):
        lobby.put("/me/password", json={"password": "guessing...", "new_password": "x" * 9},
                  headers=bearer(session))  # fmt: skip
    assert_problem(lobby.put("/me/password", json={"password": PASSWORD, "new_password": "y" * 9},
                             headers=bearer(session)), 429, "rate_limited")  # fmt: skip


def test_an_operator_bans_and_lets_back(lobby, redis_url, monkeypatch, capsys):
    monkeypatch.setenv("REDIS_URL", redis_url)
    session = register(lobby, "Mallory").json
    assert admin.main(["ban", "mallory"]) == 0
    assert "Mallory" in capsys.readouterr().out
    assert_problem(me(lobby, session), 401, "token_revoked")
    assert_problem(sign_in(lobby, "Mallory"), 403, "account_banned")
    assert admin.main(["unban", "Mallory"]) == 0
    assert me(lobby, sign_in(lobby, "Mallory").json).status_code == 200
    assert admin.main(["ban", "Nobody"]) == 1


def test_an_operator_signs_a_player_out_everywhere(lobby, redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)
    guest = open_guest(lobby, "Lost Phone")
    assert admin.main(["sign-out", "lost phone"]) == 0
    assert_problem(me(lobby, guest), 401, "token_revoked")


def test_the_generation_lapses_only_after_every_token_it_refuses(lobby, redis_url):
    r = connection.connect(redis_url)
    session = register(lobby, "Tim").json
    assert r.exists(keys.token_generation(session["player"]["id"])) == 0, "none until needed"
    lobby.post("/me/sign-out-everywhere", headers=bearer(session))
    key = keys.token_generation(session["player"]["id"])
    assert r.ttl(key) > 30 * 24 * 3600
    r.expire(key, 100)
    sign_in(lobby, "Tim")  # a new token: the generation lives as long as it does again
    assert r.ttl(key) > 30 * 24 * 3600


def test_a_move_checks_the_token_in_its_first_round_trip(house, monkeypatch):
    """The move path reads the token generation (and whether a guest's account still exists)
    with the table, in the first of its two round trips (the read and the commit; redis-py's
    sends counted on one Redis, where a round trip is one send)."""
    import redis as redis_py

    from tests.integration.harness import start_two_player_game

    table_id, seated = start_two_player_game(house)
    view = house.get(seated[0], table_id)
    mover = seated[view["current"]["to_move"]]
    mine = house.get(mover, table_id)
    reads, sends = [], []
    load_or_answer, send = store.load_or_answer, redis_py.connection.Connection.send_packed_command

    def first_read(r, table, request_key, guard=None, limit=None):
        reads.append(guard)
        return load_or_answer(r, table, request_key, guard, limit)

    monkeypatch.setattr(store, "load_or_answer", first_read)
    monkeypatch.setattr(redis_py.connection.Connection, "send_packed_command",
                        lambda self, *a, **k: sends.append(1) or send(self, *a, **k))  # fmt: skip
    response = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    monkeypatch.undo()
    assert response.status_code == 200, response.json
    assert reads == [(keys.token_generation(mover["id"]), keys.account(mover["id"]))]
    if not connection.is_cluster(house.r):
        assert len(sends) == 2, "the first read and the commit, nothing else"


def test_a_revoked_token_cannot_move(house):
    from tests.integration.harness import start_two_player_game

    table_id, seated = start_two_player_game(house)
    view = house.get(seated[0], table_id)
    mover = seated[view["current"]["to_move"]]
    mine = house.get(mover, table_id)
    house.r.incr(keys.token_generation(mover["id"]))
    refused = house.move(mover, table_id, mine["current"]["legal"][0], mine["version"])
    assert_problem(refused, 401, "token_revoked")
    assert store.load(house.r, table_id)["version"] == mine["version"], "nothing changed"
