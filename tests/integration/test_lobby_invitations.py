"""Lobby challenges: invite a player to a table, list, accept (and sit down), decline."""

from __future__ import annotations

import time

import pytest
import redis

from services.lobby import players
from shared import keys, store
from shared.tables import lifecycle
from shared.web import table_context
from tests.integration.test_lobby_accounts import assert_problem, bearer, lobby_app, open_guest


@pytest.fixture
def app(redis_url):
    return lobby_app(redis_url)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def r(redis_url):
    return redis.Redis.from_url(redis_url, decode_responses=True)


@pytest.fixture
def anna(client):
    return open_guest(client, "Anna")


@pytest.fixture
def bert(client):
    return open_guest(client, "Bert")


def open_table(app, session, seats=4, **settings) -> str:
    with app.app_context():
        doc = lifecycle.open_table(
            table_context(), session["player"], "speedone", seats, {}, settings
        )
    return doc["id"]


def start(app, table_id, session) -> None:
    with app.app_context():
        lifecycle.start(table_context(), table_id, session["player"])


def invite(client, session, to, table_id):
    return client.post("/invitations", json={"to": to, "table": table_id}, headers=bearer(session))


def invited(client, session, to, table_id) -> dict:
    """The invitation as its invitee reads it: the inviter's answer has no id (it names the
    invitee's player id)."""
    response = invite(client, session, to, table_id)
    assert response.status_code == 201, response.json
    assert "id" not in response.json
    invitee = client.application.extensions["redis"].get(keys.account_name(to))
    return {**response.json, "id": players.invitation_id(table_id, invitee)}


def pending(client, session) -> list[dict]:
    response = client.get("/invitations", headers=bearer(session))
    assert response.status_code == 200
    return response.json["invitations"]


def answer(client, session, invitation_id, verb):
    return client.post(f"/invitations/{invitation_id}/{verb}", headers=bearer(session))


@pytest.fixture
def later(monkeypatch):
    """Moves the clock on by the given seconds."""

    def move_on(seconds: float) -> None:
        real = time.time()
        monkeypatch.setattr(time, "time", lambda: real + seconds)

    return move_on


# --- the flow ----------------------------------------------------------------------------
def test_invite_list_accept_and_sit_down(app, client, r, anna, bert):
    table_id = open_table(app, anna)
    invitation = invited(client, anna, "bert", table_id)
    assert invitation["from"] == "Anna"
    assert invitation["to"] == "Bert"
    assert invitation["table"] == table_id
    assert invitation["game"] == "speedone"
    assert invitation["expires_at"] == pytest.approx(time.time() + players.INVITATION_TTL, abs=5)
    assert set(invitation) == {"id", "from", "to", "table", "game", "expires_at"}
    assert 0 < r.ttl(keys.invitation(invitation["id"])) <= players.INVITATION_TTL
    assert pending(client, bert) == [invitation]
    assert pending(client, anna) == []

    accepted = answer(client, bert, invitation["id"], "accept")
    assert accepted.status_code == 200
    assert accepted.json == {"table": table_id, "seat": 1}
    assert store.load(r, table_id)["seats"][1]["player"] == bert["player"]["id"]
    assert pending(client, bert) == []
    assert not r.exists(
        keys.invitation(invitation["id"]), keys.invitations_to(bert["player"]["id"])
    )
    assert_problem(answer(client, bert, invitation["id"], "accept"), 404)


def test_decline(app, client, r, anna, bert):
    invitation = invited(client, anna, "Bert", open_table(app, anna))
    assert answer(client, bert, invitation["id"], "decline").status_code == 204
    assert pending(client, bert) == []
    assert not r.exists(keys.invitation(invitation["id"]))
    assert_problem(answer(client, bert, invitation["id"], "decline"), 404)


def test_inviting_again_renews_the_invitation(app, client, anna, bert, later):
    table_id = open_table(app, anna)
    first = invited(client, anna, "Bert", table_id)
    later(60)
    again = invited(client, anna, "Bert", table_id)
    assert again["id"] == first["id"]
    assert again["expires_at"] > first["expires_at"]
    assert pending(client, bert) == [again]


def test_invitations_from_several_tables_newest_first(app, client, anna, bert, later):
    clara = open_guest(client, "Clara")
    older = invited(client, anna, "Clara", open_table(app, anna))
    later(1)
    newer = invited(client, bert, "Clara", open_table(app, bert))
    assert pending(client, clara) == [newer, older]


def test_an_accepted_invitation_to_a_running_game_waits_for_the_next(app, client, r, anna, bert):
    table_id = open_table(app, anna)
    invitation = invited(client, anna, "Bert", table_id)
    start(app, table_id, anna)
    accepted = answer(client, bert, invitation["id"], "accept")
    assert accepted.json == {"table": table_id, "seat": None}
    assert store.load(r, table_id)["waiting"][0]["player"] == bert["player"]["id"]


# --- expiry ------------------------------------------------------------------------------
def test_an_invitation_expires_after_two_minutes(app, client, r, anna, bert, later):
    invitation = invited(client, anna, "Bert", open_table(app, anna))
    later(players.INVITATION_TTL + 1)
    assert pending(client, bert) == []
    assert r.zcard(keys.invitations_to(bert["player"]["id"])) == 0
    assert_problem(answer(client, bert, invitation["id"], "accept"), 404)
    assert_problem(answer(client, bert, invitation["id"], "decline"), 404)


def test_an_invitation_redis_dropped_is_gone(app, client, r, anna, bert):
    invitation = invited(client, anna, "Bert", open_table(app, anna))
    r.delete(keys.invitation(invitation["id"]))
    assert pending(client, bert) == []
    assert_problem(answer(client, bert, invitation["id"], "accept"), 404)


# --- who may invite whom to what ---------------------------------------------------------
def test_only_a_seated_player_may_invite(app, client, anna, bert):
    clara = open_guest(client, "Clara")
    assert_problem(invite(client, clara, "Bert", open_table(app, anna)), 403)


def test_the_table_and_the_invitee_must_exist(app, client, anna):
    table_id = open_table(app, anna)
    assert_problem(invite(client, anna, "Nobody", table_id), 404)
    assert_problem(invite(client, anna, "Bert", "f00d"), 404)


def test_a_solo_table_takes_no_invitations(app, client, anna, bert):
    assert_problem(invite(client, anna, "Bert", open_table(app, anna, solo=True)), 403)


def test_a_table_that_plays_takes_no_invitations(app, client, anna, bert):
    table_id = open_table(app, anna)
    start(app, table_id, anna)
    body = assert_problem(invite(client, anna, "Bert", table_id), 409)
    assert "playing" in body["detail"]


def test_no_invitation_for_a_player_at_the_table(app, client, anna):
    assert_problem(invite(client, anna, "anna", open_table(app, anna)), 409)


@pytest.mark.parametrize(
    "body",
    [
        {"to": "Bert"},
        {"table": "abc"},
        {"to": "B", "table": "abc"},
        {"to": "Bert", "table": ""},
        {"to": "Bert", "table": "x" * 65},
        {"to": "Bert", "table": "abc", "game": "speedone"},
    ],
)
def test_invitation_bodies_are_checked(client, anna, body):
    assert_problem(client.post("/invitations", json=body, headers=bearer(anna)), 400)


# --- answering ---------------------------------------------------------------------------
def test_someone_elses_invitation_cannot_be_answered(app, client, anna, bert):
    invitation = invited(client, anna, "Bert", open_table(app, anna))
    assert_problem(answer(client, anna, invitation["id"], "accept"), 403)
    assert_problem(answer(client, anna, invitation["id"], "decline"), 403)
    assert pending(client, bert) == [invitation]


def test_unknown_invitations_are_not_found(client, bert):
    assert_problem(answer(client, bert, "nothing-here", "accept"), 404)
    assert_problem(answer(client, bert, "nothing-here", "decline"), 404)


def test_a_full_table_refuses_the_seat_and_keeps_the_invitation(app, client, anna, bert):
    clara = open_guest(client, "Clara")
    table_id = open_table(app, anna, seats=2)
    for_bert = invited(client, anna, "Bert", table_id)
    for_clara = invited(client, anna, "Clara", table_id)
    assert answer(client, bert, for_bert["id"], "accept").status_code == 200
    assert_problem(answer(client, clara, for_clara["id"], "accept"), 409)
    assert pending(client, clara) == [for_clara]


def test_invitations_need_a_token(client):
    assert_problem(client.post("/invitations", json={"to": "Bert", "table": "abc"}), 401)
    assert_problem(client.get("/invitations"), 401)
    assert_problem(client.post("/invitations/x/accept"), 401)
    assert_problem(client.post("/invitations/x/decline"), 401)
