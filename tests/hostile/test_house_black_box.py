"""`make run` against hostile clients, as a black box over real HTTP: the house started with
``python -m services.run`` (gunicorn, gevent workers, an RQ worker), every request to
127.0.0.1 as the attacker's were."""

from __future__ import annotations

import pytest
import redis

from tests.integration.running_house import RunningHouse, request

GUESTS_PER_HOUR = 3
HOUSE_DB = 7  # a database of the test Redis of its own: other tests flush database 0


@pytest.fixture(scope="module")
def house(redis_server, tmp_path_factory):
    url = redis_server.rsplit("/", 1)[0] + f"/{HOUSE_DB}"
    r = redis.Redis.from_url(url, decode_responses=True)
    r.flushdb()
    running = RunningHouse(
        tmp_path_factory.mktemp("house") / "house.log",
        REDIS_URL=url, QUEUE_REDIS_URL=url, BOT_PACE="off",
        QUOTA_GUESTS_PER_HOUR=str(GUESTS_PER_HOUR),
    )  # fmt: skip
    running.r = r
    try:
        yield running.start()
    finally:
        running.stop()
        r.flushdb()
        r.close()


@pytest.fixture(autouse=True)
def fresh_quotas(house):
    """Every test starts with the quotas of a new hour (all its requests come from one
    address)."""
    stale = list(house.r.scan_iter("quota:*")) + list(house.r.scan_iter("acct:signin*"))
    if stale:
        house.r.delete(*stale)


def guest(house, name: str, headers=None):
    return request(f"{house.url}/api/lobby/accounts/guest", "POST", {"name": name}, headers)


# --- X-Forwarded-For ------------------------------------------------------------------------
def test_forwarded_for_from_loopback_gets_no_fresh_quota(house):
    """make run has no proxy in front: whatever a local client writes into X-Forwarded-For,
    it counts as the address it comes from."""
    for number in range(GUESTS_PER_HOUR):
        forged = {"X-Forwarded-For": f"198.51.100.{number + 1}"}
        status, body, _ = guest(house, f"Forged{number}", forged)
        assert status == 201, body
    status, body, _ = guest(house, "ForgedMore", {"X-Forwarded-For": "198.51.100.77"})
    assert (status, body["code"]) == (429, "too_many_guests"), body


# --- sign-in: guessing is slowed down, the owner is not locked out ---------------------------
def sign_in(house, name, password, source):
    body = {"name": name, "password": password}
    return request(f"{house.url}/api/lobby/sessions", "POST", body, source=source)


def test_a_guesser_does_not_lock_the_owner_out(house):
    owner, attacker = "127.0.0.2", "127.0.0.3"
    body = {"name": "Lockowner", "password": "owner's secret"}
    status, session, _ = request(f"{house.url}/api/lobby/accounts", "POST", body, source=owner)
    assert status == 201, session
    answers = [sign_in(house, "lockowner", f"guess {n}", attacker)[0] for n in range(12)]
    assert answers[:10] == [401] * 10 and answers[-1] == 429, answers
    status, again, _ = sign_in(house, "Lockowner", "owner's secret", owner)
    assert status == 200, again
    change = {"password": "owner's secret", "new_password": "another secret"}
    auth = {"Authorization": f"Bearer {again['token']}"}
    status, changed, _ = request(f"{house.url}/api/lobby/me/password", "PUT", change, auth,
                                 source=owner)  # fmt: skip
    assert status == 200, changed


# --- a lapsed guest's token -------------------------------------------------------------------
def test_a_lapsed_guests_token_works_nowhere_once_someone_else_has_the_name(house):
    status, session, _ = guest(house, "Lapsy")
    assert status == 201, session
    auth = {"Authorization": f"Bearer {session['token']}"}
    body = {"game": "speedone", "seats": 2, "settings": {"solo": True}}
    status, table, _ = request(f"{house.url}/api/lobby/tables", "POST", body, auth)
    assert status == 201, table
    tables = f"{house.url}/api/table/tables/{table['id']}"
    view = request(tables, headers=auth)[1]
    assert view["you"] == 0
    # Seven days away: the guest's account and name lapse (Redis lets them expire) ...
    player_id = session["player"]["id"]
    house.r.delete(f"acct:{player_id}", "acct:name:lapsy")
    # ... and someone else registers the name.
    body = {"name": "Lapsy", "password": "a new owner"}
    assert request(f"{house.url}/api/lobby/accounts", "POST", body)[0] == 201
    move = {"move": {"type": "draw"}, "version": view["version"]}
    for method, url, sent in [
        ("GET", tables, None),
        ("POST", f"{tables}/moves", move),
        ("POST", f"{tables}/chat", {"text": "I am Lapsy"}),
        ("POST", f"{tables}/stream-tickets", None),
        ("GET", f"{house.url}/api/ledger/balance", None),
        ("GET", f"{house.url}/api/lobby/accounts/me", None),
    ]:
        status, answer, _ = request(url, method, sent, auth)
        assert (status, answer.get("code")) == (401, "account_gone"), (method, url, answer)
