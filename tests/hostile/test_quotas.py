"""Hostile visitors against the quotas: one address opening guest after guest, one guest
opening solo table after solo table, invitation spam, and many requests at once. Every
refusal is a problem body with its own code; real players are not hit by the defaults."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from services.lobby import players
from services.lobby.app import create_app as lobby_create_app
from services.table.app import create_app as table_create_app
from shared import config as house_config
from shared import connection, keys, store
from tests.integration.harness import TEST_CONFIG, assert_problem
from tests.integration.test_lobby_accounts import cheap_hasher

PROXY = "10.0.0.7"  # the edge nginx
QUOTAS = {"QUOTA_GUESTS_PER_HOUR": 3, "QUOTA_SIGN_UPS_PER_HOUR": 2, "QUOTA_TABLES": 3,
          "QUOTA_SOLO_GAMES_PER_MINUTE": 4, "QUOTA_INVITATIONS_PER_MINUTE": 3,
          "TRUSTED_PROXIES": [PROXY, "127.0.0.1"]}  # fmt: skip


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch):
    monkeypatch.setattr(players, "password_hasher", cheap_hasher())


@pytest.fixture
def apps(redis_url):
    config = {**TEST_CONFIG, "REDIS_URL": redis_url, **QUOTAS}
    return lobby_create_app(config), table_create_app(config)


@pytest.fixture
def lobby(apps):
    return apps[0].test_client()


def through_edge(client_address: str, forwarded: str | None = None) -> dict:
    """What the test client sends as the request's peer and X-Forwarded-For: the edge at
    PROXY forwarding for ``client_address`` (after whatever the client claimed itself)."""
    chain = f"{forwarded}, {client_address}" if forwarded else client_address
    return {"environ_base": {"REMOTE_ADDR": PROXY}, "headers": {"X-Forwarded-For": chain}}


def guest(lobby, name, address="203.0.113.5", **kwargs):
    extra = through_edge(address, **kwargs)
    return lobby.post("/accounts/guest", json={"name": name}, **extra)


def bearer(session):
    return {"Authorization": f"Bearer {session['token']}"}


# --- per client address ------------------------------------------------------------------
def test_guests_per_address_and_hour(lobby):
    for n in range(3):
        assert guest(lobby, f"Gast {n}").status_code == 201
    refused = assert_problem(guest(lobby, "Gast 3"), 429, "too_many_guests")
    assert 3590 < refused["retry_after"] <= 3600
    assert assert_problem(guest(lobby, "Gast 4"), 429).get("retry_after")
    assert guest(lobby, "Nachbar", address="198.51.100.9").status_code == 201, "others still may"


def test_a_taken_name_does_not_use_up_the_quota(lobby):
    assert guest(lobby, "Anna").status_code == 201
    for _ in range(5):
        assert_problem(guest(lobby, "anna"), 409, "name_taken")
    assert guest(lobby, "Berta").status_code == 201
    assert guest(lobby, "Carla").status_code == 201


def test_a_forged_forwarded_for_does_not_get_a_fresh_quota(lobby):
    """The client writes addresses into X-Forwarded-For itself: the edge appends the real
    one, and only that counts."""
    for n in range(3):
        forged = f"192.0.2.{n}"
        assert guest(lobby, f"Fake {n}", forwarded=forged).status_code == 201
    assert_problem(guest(lobby, "Fake 9", forwarded="192.0.2.99"), 429, "too_many_guests")


def test_forwarded_for_from_an_untrusted_peer_is_ignored(lobby):
    for n in range(3):
        sent = {"environ_base": {"REMOTE_ADDR": "203.0.113.77"},
                "headers": {"X-Forwarded-For": f"192.0.2.{n}"}}  # fmt: skip
        assert (
            lobby.post("/accounts/guest", json={"name": f"Direkt {n}"}, **sent).status_code == 201
        )
    sent = {"environ_base": {"REMOTE_ADDR": "203.0.113.77"},
            "headers": {"X-Forwarded-For": "192.0.2.200"}}  # fmt: skip
    refused = lobby.post("/accounts/guest", json={"name": "Direkt 9"}, **sent)
    assert_problem(refused, 429, "too_many_guests")


def test_ipv6_clients_count_by_their_64(lobby):
    for n in range(3):
        assert guest(lobby, f"Sechs {n}", address=f"2001:db8:1:2::{n + 1}").status_code == 201
    assert_problem(guest(lobby, "Sechs 9", address="2001:db8:1:2:ffff::1"), 429)
    assert guest(lobby, "Andere", address="2001:db8:1:3::1").status_code == 201


def test_sign_ups_per_address_and_hour(lobby):
    body = {"password": "correct horse"}
    for name in ("Reg A", "Reg B"):
        sent = lobby.post("/accounts", json={"name": name, **body}, **through_edge("203.0.113.8"))
        assert sent.status_code == 201
    refused = lobby.post("/accounts", json={"name": "Reg C", **body}, **through_edge("203.0.113.8"))
    assert_problem(refused, 429, "too_many_sign_ups")
    assert guest(lobby, "Gast", address="203.0.113.8").status_code == 201, "a quota of its own"


def test_many_guests_at_once_from_one_address_get_no_more_than_the_quota(lobby, apps):
    def one(n):
        return (
            apps[0]
            .test_client()
            .post("/accounts/guest", json={"name": f"Welle {n}"}, **through_edge("203.0.113.50"))
            .status_code
        )

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(one, range(16)))
    assert statuses.count(201) == 3 and statuses.count(429) == 13


# --- per player ----------------------------------------------------------------------------
def open_table(lobby, session, solo=False, game="speedone", seats=2):
    body = {"game": game, "seats": seats, "settings": {"solo": solo, "clock": 0}}
    return lobby.post("/tables", json=body, headers=bearer(session))


def test_a_player_sits_at_a_bounded_number_of_open_or_playing_tables(lobby, apps):
    ann = guest(lobby, "Ann").json
    bob = guest(lobby, "Bob", address="198.51.100.2").json
    opened = [open_table(lobby, ann).json["id"] for _ in range(3)]
    refused = assert_problem(open_table(lobby, ann), 409, "too_many_tables")
    assert refused["limit"] == 3
    bobs = open_table(lobby, bob).json["id"]
    seat = lobby.post(f"/tables/{bobs}/seats", json={}, headers=bearer(ann))
    assert_problem(seat, 409, "too_many_tables")
    table = apps[1].test_client()
    left = table.post(f"/tables/{opened[0]}/leave", headers=bearer(ann))
    assert left.status_code == 200, left.json
    assert lobby.post(f"/tables/{bobs}/seats", json={}, headers=bearer(ann)).status_code == 200


def test_a_wait_in_quick_play_holds_a_table_place(lobby):
    """Quick play seats a waiting player when it matches: the wait counts as a table, so a
    player at the limit cannot be matched into one more (and asking again is no second one)."""
    ann = guest(lobby, "Wartend").json
    for _ in range(2):
        assert open_table(lobby, ann).status_code == 201
    ask = {"game": "speedone", "seats": 4, "clock": 0}
    for _ in range(2):  # asking again replaces the wait
        waiting = lobby.post("/quickplay", json=ask, headers=bearer(ann))
        assert (waiting.status_code, waiting.json["state"]) == (200, "waiting"), waiting.json
    refused = assert_problem(open_table(lobby, ann), 409, "too_many_tables")
    assert "quick play" in refused["detail"]
    assert lobby.delete("/quickplay", headers=bearer(ann)).status_code == 204
    assert open_table(lobby, ann).status_code == 201
    assert_problem(lobby.post("/quickplay", json=ask, headers=bearer(ann)), 409, "too_many_tables")


def test_a_finished_game_frees_its_place(lobby, apps, redis_url):
    ann = guest(lobby, "Fini").json
    ids = [open_table(lobby, ann, solo=True, game="speedlaunch").json["id"] for _ in range(3)]
    assert_problem(open_table(lobby, ann), 409, "too_many_tables")
    r = connection.connect(redis_url)

    doc = store.load(r, ids[0])
    doc["status"] = "over"  # as the commit that ends a game leaves it
    r.hset(keys.table(ids[0]), "doc", json.dumps(doc))
    assert open_table(lobby, ann).status_code == 201


def test_solo_games_per_player_and_minute_even_when_each_is_left_at_once(lobby, apps):
    """The hostile pattern: open a solo table (its computers start working), leave it (the
    computers play on), open the next one."""
    ann = guest(lobby, "Solo").json
    table = apps[1].test_client()
    for _ in range(4):
        opened = open_table(lobby, ann, solo=True, game="speedlaunch")
        assert opened.status_code == 201, opened.json
        table.post(f"/tables/{opened.json['id']}/leave", headers=bearer(ann))
    refused = assert_problem(open_table(lobby, ann, solo=True, game="speedlaunch"), 429,
                             "too_many_solo_games")  # fmt: skip
    assert 0 < refused["retry_after"] <= 60
    assert open_table(lobby, ann).status_code == 201, "a table for others is no solo game"


def test_starting_a_table_alone_with_computers_counts_as_a_solo_game(lobby, apps):
    ann = guest(lobby, "Starter").json
    table = apps[1].test_client()
    for _ in range(4):
        body = {"game": "speedlaunch", "seats": 3, "settings": {"fill": "computer"}}
        table_id = lobby.post("/tables", json=body, headers=bearer(ann)).json["id"]
        started = lobby.post(f"/tables/{table_id}/start", headers=bearer(ann))
        assert started.status_code == 200, started.json
        table.post(f"/tables/{table_id}/leave", headers=bearer(ann))
    body = {"game": "speedlaunch", "seats": 3, "settings": {"fill": "computer"}}
    table_id = lobby.post("/tables", json=body, headers=bearer(ann)).json["id"]
    assert_problem(lobby.post(f"/tables/{table_id}/start", headers=bearer(ann)), 429,
                   "too_many_solo_games")  # fmt: skip


def test_many_tables_at_once_get_no_more_than_the_quota(lobby, apps):
    ann = guest(lobby, "Hydra").json

    def one(_):
        return open_table(apps[0].test_client(), ann).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(one, range(12)))
    assert statuses.count(201) <= 3 and set(statuses) <= {201, 409}, statuses


def test_invitations_per_player_and_minute(lobby):
    ann = guest(lobby, "Inviter").json
    others = [guest(lobby, f"Gast {n}", address=f"198.51.100.{n + 1}").json for n in range(5)]
    table_id = open_table(lobby, ann).json["id"]
    for other in others[:3]:
        sent = lobby.post("/invitations", json={"to": other["player"]["name"], "table": table_id},
                          headers=bearer(ann))  # fmt: skip
        assert sent.status_code == 201, sent.json
    spam = lobby.post("/invitations", json={"to": others[3]["player"]["name"], "table": table_id},
                      headers=bearer(ann))  # fmt: skip
    assert_problem(spam, 429, "too_many_invitations")


def test_the_defaults_let_real_players_play(monkeypatch):
    for name in ("QUOTA_GUESTS_PER_HOUR", "QUOTA_SIGN_UPS_PER_HOUR", "QUOTA_TABLES",
                 "QUOTA_SOLO_GAMES_PER_MINUTE", "QUOTA_INVITATIONS_PER_MINUTE",
                 "TRUSTED_PROXIES"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    settings = house_config.settings()
    assert settings["QUOTA_GUESTS_PER_HOUR"] == 10 and settings["QUOTA_SIGN_UPS_PER_HOUR"] == 5
    assert settings["QUOTA_TABLES"] == 5 and settings["QUOTA_SOLO_GAMES_PER_MINUTE"] == 5
    assert settings["QUOTA_INVITATIONS_PER_MINUTE"] == 10
    assert settings["TRUSTED_PROXIES"] == []  # make run: no proxy in front of it
