"""Lobby accounts: guests, registration, sign-in and its rate limit, /accounts/me.

The helpers at the top (an app with the lobby's player blueprints, opening accounts) are
shared with test_lobby_presence.py and test_lobby_invitations.py.
"""

from __future__ import annotations

import pytest
import redis
from argon2 import PasswordHasher

from services.lobby import accounts, invitations, names, players, presence
from shared import keys
from shared.web import make_app
from tests.integration.harness import assert_problem

PASSWORD = "correct horse"


def lobby_app(redis_url):
    """The blueprints under test, on their own (not the whole lobby)."""
    config = {"REDIS_URL": redis_url, "TESTING": True, "SECRET_KEY": "test"}
    return make_app("lobby", "t", [accounts.blp, presence.blp, invitations.blp], config)


def bearer(session: dict) -> dict:
    return {"Authorization": f"Bearer {session['token']}"}


def open_guest(client, name: str) -> dict:
    response = client.post("/accounts/guest", json={"name": name})
    assert response.status_code == 201, response.json
    return response.json


def cheap_hasher(time_cost: int = 1) -> PasswordHasher:
    return PasswordHasher(time_cost=time_cost, memory_cost=256, parallelism=1)


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch):
    """The house's argon2 profile costs up to a second per hash; the rules are the same."""
    monkeypatch.setattr(players, "password_hasher", cheap_hasher())


@pytest.fixture
def client(redis_url):
    return lobby_app(redis_url).test_client()


@pytest.fixture
def r(redis_url):
    return redis.Redis.from_url(redis_url, decode_responses=True)


def register(client, name: str, password: str = PASSWORD):
    return client.post("/accounts", json={"name": name, "password": password})


def sign_in(client, name: str, password: str = PASSWORD):
    return client.post("/sessions", json={"name": name, "password": password})


# --- guests ------------------------------------------------------------------------------
def test_a_guest_plays_under_a_chosen_name(client, r):
    session = open_guest(client, "  Anna Bell ")
    player = session["player"]
    assert player["name"] == "Anna Bell"
    assert player["guest"] is True
    assert player["id"].startswith("p")
    assert client.get("/accounts/me", headers=bearer(session)).json == player
    assert r.get(keys.account_name("anna bell")) == player["id"]


def test_a_guest_name_is_reserved_while_the_guest_is_active(client, r):
    session = open_guest(client, "Anna")
    player_id = session["player"]["id"]
    for key in (keys.account(player_id), keys.account_name("Anna")):
        assert players.GUEST_TTL - 5 < r.ttl(key) <= players.GUEST_TTL
        r.expire(key, 10)
    client.get("/accounts/me", headers=bearer(session))
    for key in (keys.account(player_id), keys.account_name("Anna")):
        assert r.ttl(key) > players.GUEST_TTL - 5


def test_a_lapsed_guest_token_is_refused_and_the_name_free_again(client, r):
    session = open_guest(client, "Anna")
    lapsed = [keys.account(session["player"]["id"]), keys.account_name("Anna"),
              keys.account_skeleton(names.skeleton("Anna"))]  # fmt: skip
    assert all(r.ttl(key) > 0 for key in lapsed), "they lapse together"
    r.delete(*lapsed)
    assert_problem(client.get("/accounts/me", headers=bearer(session)), 401)
    assert open_guest(client, "anna")["player"]["name"] == "anna"


# --- names -------------------------------------------------------------------------------
def test_names_are_unique_whatever_the_case_and_kept_as_typed(client):
    assert open_guest(client, "Anna")["player"]["name"] == "Anna"
    body = assert_problem(client.post("/accounts/guest", json={"name": "ANNA"}), 409, "name_taken")
    assert "taken" in body["detail"] and body["name"] == "ANNA"
    assert body["type"].endswith("/name-taken")
    assert register(client, "Bert").json["player"]["name"] == "Bert"
    assert_problem(client.post("/accounts/guest", json={"name": "bERT"}), 409)
    assert_problem(register(client, "bert"), 409)


def test_registering_a_name_a_guest_holds_is_refused(client):
    open_guest(client, "Clara")
    assert_problem(register(client, "clara"), 409)


def test_letters_of_every_script_are_names(client):
    assert open_guest(client, "Jürgen_2.0")["player"]["name"] == "Jürgen_2.0"
    decomposed = "Zoe\u0308"  # "Zoë" with a combining diaeresis: stored as one letter
    assert open_guest(client, decomposed)["player"]["name"] == "Zo\u00eb"
    assert_problem(client.post("/accounts/guest", json={"name": "ZOË"}), 409)


@pytest.mark.parametrize(
    "name",
    ["a", "   b   ", "x" * 21, "bad\x00name", "tab\tname", "new\nline", "smile😀", "<b>", "a@b"],
)
def test_bad_names_are_refused(client, name):
    body = assert_problem(client.post("/accounts/guest", json={"name": name}), 400)
    assert "name" in body["errors"]["json"]


@pytest.mark.parametrize(
    "name",
    [
        "Ann\u200bBell",
        "Ann\u200d",
        "\u3164Ann",
        "Ann\u115f",
        "\u00adAnn",
        "_-_",
        ". .",
        "\u3164\uffa0",
    ],
)
def test_invisible_characters_and_names_without_a_letter_are_refused(client, name):
    body = assert_problem(client.post("/accounts/guest", json={"name": name}), 400)
    assert "name" in body["errors"]["json"]


def test_look_alikes_of_a_name_are_one_name(client):
    open_guest(client, "Paypal")
    for look_alike in ("P\u0430yp\u0430l", "\uff30aypal", "PAYPAl", "Paypa1", "PaypaI"):
        assert_problem(client.post("/accounts/guest", json={"name": look_alike}), 409,
                       "name_taken")  # fmt: skip
    assert open_guest(client, "Paypals")["player"]["name"] == "Paypals"


def test_registering_a_taken_name_or_a_look_alike_makes_no_hash(client, monkeypatch):
    """A refused name does not count against the registrations of an address, so it must not
    cost a hash either."""
    register(client, "Paula")
    hashes = []
    monkeypatch.setattr(players, "hashed", lambda password: hashes.append(1) or "x")
    assert_problem(register(client, "PAULA"), 409, "name_taken")
    assert_problem(register(client, "P\u0430ula"), 409, "name_taken")
    assert hashes == []


def test_a_name_is_stored_in_its_nfkc_form(client):
    assert open_guest(client, "\uff2b\uff41\uff52\uff4c \u2162")["player"]["name"] == "Karl III"


def legacy_account(r, name: str, player_id: str, password: str | None = None) -> None:
    """An account made before names were NFKC-normalised and kept by skeleton: stored under
    its NFC form, with no skeleton key."""
    r.set(keys.account_name(name), player_id)
    fields = {"id": player_id, "name": name, "guest": "0" if password else "1", "created_at": 0}
    if password:
        fields["password"] = players.password_hasher.hash(password)
    r.hset(keys.account(player_id), mapping=fields)


def test_an_account_from_before_signs_in_under_its_name_and_gets_its_skeleton(client, r):
    legacy_account(r, "\uff2b\uff41\uff52\uff4c", "p-old", PASSWORD)  # a fullwidth "Karl"
    legacy_account(r, "Tom\u3164", "p-filler", PASSWORD)  # a filler, refused now
    assert sign_in(client, "\uff2b\uff41\uff52\uff4c").json["player"]["id"] == "p-old"
    assert sign_in(client, "tom\u3164").json["player"]["id"] == "p-filler"
    assert_problem(register(client, "Karl"), 409, "name_taken")
    assert_problem(register(client, "Tom"), 409, "name_taken")


def test_operators_index_the_names_from_before_at_once(client, r, redis_url, monkeypatch, capsys):
    from services.lobby import admin

    legacy_account(r, "\uff2d\uff41\uff52\uff41", "p-mara", PASSWORD)
    legacy_account(r, "Mara\u3164", "p-mara2")  # a guest whose name looks the same
    open_guest(client, "Otto")
    monkeypatch.setenv("REDIS_URL", redis_url)
    assert admin.main(["index-names"]) == 0
    assert (
        "2 names got their skeleton; 1 look like a name claimed before" in capsys.readouterr().out
    )
    assert_problem(client.post("/accounts/guest", json={"name": "Mara"}), 409, "name_taken")
    assert sign_in(client, "\uff2d\uff41\uff52\uff41").status_code == 200


# --- request bodies ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": "Dora"},
        {"name": "Dora", "password": "short"},
        {"name": "Dora", "password": "x" * 129},
        {"name": "Dora", "password": PASSWORD, "admin": True},
        {"name": 7, "password": PASSWORD},
    ],
)
def test_registration_bodies_are_checked(client, body):
    assert_problem(client.post("/accounts", json=body), 400)


def test_unknown_fields_and_bodies_that_are_no_json_are_refused(client):
    assert_problem(client.post("/accounts/guest", json={"name": "Emil", "guest": False}), 400)
    assert_problem(client.post("/accounts/guest", data="name=Emil"), 400)
    bad_json = client.post("/accounts/guest", data="{", content_type="application/json")
    assert_problem(bad_json, 400)
    assert_problem(client.post("/sessions", json={"name": "Emil", "password": ""}), 400)


# --- registered accounts and sign-in -----------------------------------------------------
def test_register_then_sign_in_with_any_case(client, r):
    created = register(client, "Bert")
    assert created.status_code == 201
    player = created.json["player"]
    assert player["guest"] is False
    assert r.ttl(keys.account(player["id"])) == -1
    assert r.ttl(keys.account_name("Bert")) == -1
    assert r.hget(keys.account(player["id"]), "password").startswith("$argon2")
    session = sign_in(client, "bert")
    assert session.status_code == 200
    assert session.json["player"] == player
    assert client.get("/accounts/me", headers=bearer(session.json)).json == player


def test_a_password_hashed_with_old_parameters_is_hashed_again_at_sign_in(client, r, monkeypatch):
    player_id = register(client, "Bert").json["player"]["id"]
    monkeypatch.setattr(players, "password_hasher", cheap_hasher(time_cost=2))
    assert sign_in(client, "Bert").status_code == 200
    assert ",t=2," in r.hget(keys.account(player_id), "password")
    assert sign_in(client, "Bert").status_code == 200


def test_wrong_password_unknown_name_and_guest_name_look_the_same(client):
    register(client, "Bert")
    open_guest(client, "Gast")
    answers = [
        assert_problem(sign_in(client, "Bert", "wrong password"), 401),
        assert_problem(sign_in(client, "Nobody"), 401),
        assert_problem(sign_in(client, "Gast"), 401),
    ]
    assert len({answer["detail"] for answer in answers}) == 1


def from_address(address: str) -> dict:
    return {"environ_base": {"REMOTE_ADDR": address}}


def test_sign_in_attempts_at_a_name_are_limited_per_address(client):
    register(client, "Bert")
    register(client, "Clara")
    guesser, owner = from_address("198.51.100.7"), from_address("203.0.113.9")
    wrong = {"name": "Bert", "password": "wrong password"}
    for _ in range(10):  # QUOTA_NAME_SIGN_INS_PER_MINUTE
        assert_problem(client.post("/sessions", json=wrong, **guesser), 401, "bad_password")
    limited = client.post("/sessions", json={"name": "BERT", "password": PASSWORD}, **guesser)
    body = assert_problem(limited, 429, "rate_limited")
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    assert body["retry_after"] == pytest.approx(int(limited.headers["Retry-After"]), abs=1)
    clara = {"name": "Clara", "password": PASSWORD}
    assert client.post("/sessions", json=clara, **guesser).status_code == 200
    bert = {"name": "Bert", "password": PASSWORD}
    assert client.post("/sessions", json=bert, **owner).status_code == 200, "not locked out"


def test_sign_in_attempts_are_limited_per_address_before_any_hash(client, monkeypatch):
    checks = []
    hasher = players.password_hasher
    monkeypatch.setattr(players, "password_hasher", type("Counted", (), {
        "verify": lambda _, *args: checks.append(1) or hasher.verify(*args),
        "hash": hasher.hash, "check_needs_rehash": hasher.check_needs_rehash,
    })())  # fmt: skip
    flood = from_address("198.51.100.8")
    for number in range(30):  # QUOTA_SIGN_INS_PER_MINUTE
        body = {"name": f"Nobody{number}", "password": "any password"}
        assert client.post("/sessions", json=body, **flood).status_code == 401
    body = {"name": "Nobody99", "password": "any password"}
    assert_problem(client.post("/sessions", json=body, **flood), 429, "rate_limited")
    assert len(checks) == 30, "the refused attempt made no hash"
    other = {"name": "Nobody99", "password": "any password"}
    assert client.post("/sessions", json=other, **from_address("203.0.113.10")).status_code == 401


# --- tokens ------------------------------------------------------------------------------
def test_me_needs_a_valid_token(client):
    assert_problem(client.get("/accounts/me"), 401, "token_missing")
    nope = {"Authorization": "Bearer nope"}
    assert_problem(client.get("/accounts/me", headers=nope), 401, "token_invalid")


# --- the OpenAPI document ----------------------------------------------------------------
def test_every_route_is_documented_with_its_errors(client):
    paths = client.get("/openapi.json").json["paths"]
    expected = {
        ("/accounts/guest", "post"): {"201", "400", "409", "413"},
        ("/accounts", "post"): {"201", "400", "409", "413"},
        ("/sessions", "post"): {"200", "400", "401", "413", "429"},
        ("/accounts/me", "get"): {"200", "401"},
        ("/online", "post"): {"204", "401"},
        ("/online", "get"): {"200", "401"},
        ("/invitations", "post"): {"201", "400", "401", "403", "404", "409", "413"},
        ("/invitations", "get"): {"200", "401"},
        ("/invitations/{invitation_id}/accept", "post"): {"200", "401", "403", "404", "409"},
        ("/invitations/{invitation_id}/decline", "post"): {"204", "401", "403", "404"},
    }
    for (path, method), statuses in expected.items():
        assert statuses <= set(paths[path][method]["responses"]), (path, method)
