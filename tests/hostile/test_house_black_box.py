"""`make run` against hostile clients, as a black box over real HTTP: the house started with
``python -m services.run`` (gunicorn, gevent workers, an RQ worker), every request to
127.0.0.1 as the attacker's were."""

from __future__ import annotations

import http.client
import json
import select
import socket
import threading
import time
import urllib.parse

import pytest

from tests.integration.running_house import bearer, house_on_database, request

GUESTS_PER_HOUR = 3
HEADER_TIMEOUT = 1  # seconds a request's head may take
NAME_SIGN_INS = 4  # sign-in attempts per name and address and minute (each costs a real hash)
STREAMS, TICKETS = 3, 5  # open event streams per player, stream tickets per player and minute
HOUSE_DB = 7  # a database of the test Redis of its own: other tests flush database 0


@pytest.fixture(scope="module")
def house(redis_server, tmp_path_factory):
    with house_on_database(
        redis_server, HOUSE_DB, tmp_path_factory.mktemp("house") / "house.log",
        BOT_PACE="off",
        QUOTA_GUESTS_PER_HOUR=str(GUESTS_PER_HOUR), HEADER_TIMEOUT=str(HEADER_TIMEOUT),
        QUOTA_NAME_SIGN_INS_PER_MINUTE=str(NAME_SIGN_INS),
        STREAMS_PER_PLAYER=str(STREAMS), STREAM_TICKETS_PER_MINUTE=str(TICKETS), SSE_HEARTBEAT="1",
    ) as running:  # fmt: skip
        yield running


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
    guesses = NAME_SIGN_INS + 2
    answers = [sign_in(house, "lockowner", f"guess {n}", attacker)[0] for n in range(guesses)]
    assert answers == [401] * NAME_SIGN_INS + [429, 429], answers
    status, again, _ = sign_in(house, "Lockowner", "owner's secret", owner)
    assert status == 200, again
    change = {"password": "owner's secret", "new_password": "another secret"}
    auth = {"Authorization": f"Bearer {again['token']}"}
    status, changed, _ = request(f"{house.url}/api/lobby/me/password", "PUT", change, auth,
                                 source=owner)  # fmt: skip
    assert status == 200, changed


# --- a lapsed guest's token -------------------------------------------------------------------
def test_a_lapsed_guests_token_works_nowhere_once_someone_else_has_the_name(house):
    lapsy = house.guest("Lapsy")
    auth = bearer(lapsy)
    tables = house.solo_table(auth)
    view = request(tables, headers=auth)[1]
    assert view["you"] == 0
    # Seven days away: the guest's account, name and skeleton lapse (Redis expires them) ...
    player_id = lapsy["id"]
    held = [key for key in house.r.scan_iter("acct:skeleton:*") if house.r.get(key) == player_id]
    house.r.delete(f"acct:{player_id}", "acct:name:lapsy", *held)
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


# --- player ids never leave the house ---------------------------------------------------------
class Reader:
    """A guest who keeps the raw text of everything the house answered it."""

    def __init__(self, house, name: str):
        status, session, _ = guest(house, name)
        assert status == 201, session
        self.house, self.id, self.read = house, session["player"]["id"], []
        self.auth = {"Authorization": f"Bearer {session['token']}"}

    def __call__(self, method: str, path: str, body=None) -> dict:
        status, answer, _ = request(f"{self.house.url}{path}", method, body, self.auth)
        assert status < 500, (path, answer)
        self.read.append(json.dumps(answer))
        return answer

    def watch(self, path: str, until: str) -> threading.Thread:
        """Read the table's event stream (with the bearer token) in a thread until ``until``
        shows in it (``streamed``); returns once the stream is open."""
        opened, self.streamed = threading.Event(), False
        watching = threading.Thread(target=self._stream, args=(path, until, opened))
        watching.start()
        assert opened.wait(30), "the stream did not open"
        return watching

    def _stream(self, path: str, until: str, opened: threading.Event) -> None:
        parts = urllib.parse.urlsplit(self.house.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.request("GET", path, headers=self.auth)
        response, text, deadline = connection.getresponse(), "", time.monotonic() + 30
        while until not in text and time.monotonic() < deadline:
            text += response.fp.readline().decode()
            if "event: state" in text:
                opened.set()
        connection.close()
        self.read.append(text)
        self.streamed = until in text


def test_no_payload_names_another_players_id(house):
    ann, bob, cleo = (Reader(house, name) for name in ("Idann", "Idbob", "Idcleo"))
    for reader in (ann, bob, cleo):
        reader("POST", "/api/lobby/online")
    body = {"game": "speedlaunch", "seats": 2, "settings": {"fill": "empty"}}
    table_id = ann("POST", "/api/lobby/tables", body)["id"]
    tables = f"/api/table/tables/{table_id}"
    bob("POST", f"/api/lobby/tables/{table_id}/seats", {})
    watching = [reader.watch(f"{tables}/events", "table.game_started") for reader in (ann, cleo)]
    ann("POST", f"/api/lobby/tables/{table_id}/start")
    for thread in watching:
        thread.join(timeout=40)
    for reader in (ann, bob, cleo):
        reader("GET", "/api/lobby/online")
        reader("GET", "/api/lobby/tables")
        reader("GET", tables)
        reader("POST", f"{tables}/chat", {"text": "hallo"})
        reader("GET", f"{tables}/chat")
    bob("POST", "/api/lobby/invitations", {"to": "Idcleo", "table": table_id})
    cleo("GET", "/api/lobby/invitations")
    ann("POST", f"{tables}/leave")
    bob("POST", f"{tables}/leave")  # the computers play the game to its end
    deadline = time.monotonic() + 60
    while cleo("GET", tables)["status"] != "over":
        assert time.monotonic() < deadline, "the computers did not finish the game"
        time.sleep(0.2)
    booked = f"/api/ledger/tables/{table_id}/games/1"
    while request(f"{house.url}{booked}", headers=cleo.auth)[0] != 200:
        assert time.monotonic() < deadline, "the game was not booked"
        time.sleep(0.2)
    for reader in (ann, bob, cleo):
        reader("GET", f"{tables}/games/1/record")
        reader("GET", f"{tables}/games/1/replay?open=true")
        reader("GET", f"{tables}/log")
        reader("GET", booked)
        reader("GET", "/api/ledger/leaderboards/speedlaunch")
        reader("GET", "/api/ledger/players/Idann?recent=5")
    assert ann.streamed and cleo.streamed, "both streams carried the game's start"
    for reader in (ann, bob, cleo):
        others = [other.id for other in (ann, bob, cleo) if other is not reader]
        leaks = [(other, text[:300]) for text in reader.read for other in others if other in text]
        assert not leaks, leaks


# --- look-alike names -----------------------------------------------------------------------
LOOK_ALIKES = {
    "Cyrillic і": ("V\u0456ckwsjldy", 409),
    "fullwidth": ("\uff36\uff49\uff43\uff4b\uff57\uff53\uff4a\uff4c\uff44\uff59", 409),
    "mathematical bold": (
        "".join(
            chr(0x1D400 + ord(c) - ord("A")) if c.isupper() else chr(0x1D41A + ord(c) - ord("a"))
            for c in "Vickwsjldy"
        ),
        409,
    ),  # fmt: skip
    "Kelvin sign": ("Vic\u212awsjldy", 409),
    "other case": ("vICKWSJLDY", 409),
    "trailing Hangul filler": ("Vickwsjldy\u3164", 400),
    "trailing halfwidth Hangul filler": ("Vickwsjldy\uffa0", 400),
    "fillers only": ("\u3164\u3164\u3164", 400),
    "dots only": ("..", 400),
}


@pytest.mark.parametrize("kind", sorted(LOOK_ALIKES))
def test_a_look_alike_of_a_registered_name_is_refused(house, kind):
    body = {"name": "Vickwsjldy", "password": "the real one"}
    status, answer, _ = request(f"{house.url}/api/lobby/accounts", "POST", body)
    assert status in (201, 409), answer  # registered by the first case that runs
    name, refused = LOOK_ALIKES[kind]
    for path, sent in [("accounts/guest", {"name": name}),
                       ("accounts", {"name": name, "password": "an impostor"})]:  # fmt: skip
        status, answer, _ = request(f"{house.url}/api/lobby/{path}", "POST", sent)
        assert status == refused, (kind, path, answer)
        assert answer["code"] == ("name_taken" if refused == 409 else "invalid_request"), answer


# --- metrics ------------------------------------------------------------------------------------
@pytest.mark.parametrize("service", ["lobby", "table", "ledger"])
def test_metrics_are_not_served_on_the_main_port(house, service):
    status, answer, _ = request(f"{house.url}/api/{service}/metrics")
    assert (status, answer.get("code")) == (404, "not_found"), answer


# --- unfinished requests ------------------------------------------------------------------------
def test_a_request_whose_head_never_ends_is_dropped(house):
    for sent in (b"GET /api/table/healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ", b"GET /api/tab", b""):
        with socket.create_connection(("127.0.0.1", house.port), timeout=20) as connection:
            connection.sendall(sent)
            started = time.monotonic()
            answer = connection.recv(1024)  # until the house answers or closes the connection
            assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), (sent, answer)
            assert time.monotonic() - started < HEADER_TIMEOUT + 10, sent


def test_a_head_trickled_a_byte_at_a_time_is_dropped(house):
    """A slowloris: every byte comes in time for the one before, the head never in time."""
    head = b"GET /api/table/healthz HTTP/1.1\r\nX-Slow: " + b"x" * 200 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", house.port), timeout=20) as connection:
        answer, started = None, time.monotonic()
        for byte in head:  # at the attacker's pace the head would take 12 s
            try:
                connection.sendall(bytes([byte]))
            except OSError:
                answer = b""  # the house closed the connection under the trickle
                break
            if select.select([connection], [], [], 0.05)[0]:
                answer = connection.recv(1024)
                break
        assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer
        assert time.monotonic() - started < HEADER_TIMEOUT + 5


@pytest.mark.parametrize(
    "fields",
    [
        b"X-Folded: a\r\n b\r\n",
        b"No colon\r\n",
        b"X-Space : a\r\n",
        b"X: " + b"a" * 70_000 + b"\r\n",
        b"".join(b"X-%d: 1\r\n" % n for n in range(101)),
    ],
    ids=["folded", "no-colon", "space-before-colon", "head-too-large", "too-many-fields"],
)
def test_a_head_http_forbids_is_answered_400_and_the_house_serves_on(house, fields):
    with socket.create_connection(("127.0.0.1", house.port), timeout=20) as connection:
        connection.sendall(b"GET /api/table/healthz HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
        assert connection.recv(1024).startswith(b"HTTP/1.1 400"), fields[:40]
    status, _, _ = request(f"{house.url}/api/table/healthz")
    assert status == 200


def test_header_fields_reach_the_house_in_any_case(house):
    """A body's type and length named in lower case, and a field sent twice, as a client may."""
    body = b'{"name": "Headcase"}'
    head = (b"POST /api/lobby/accounts/guest HTTP/1.1\r\nhost: x\r\n"
            b"content-type: application/json\r\ncontent-length: %d\r\n"
            b"Accept: text/html\r\naccept: application/json\r\nconnection: close\r\n\r\n"
            % len(body))  # fmt: skip
    with socket.create_connection(("127.0.0.1", house.port), timeout=20) as connection:
        connection.sendall(head + body)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
    assert b'"token"' in answer


# --- streams and tickets ------------------------------------------------------------------------
class OpenStream:
    """An event stream held open (with the bearer token); ``status`` is what the house said."""

    def __init__(self, house, path: str, auth: dict):
        self.connection = http.client.HTTPConnection("127.0.0.1", house.port, timeout=20)
        self.connection.request("GET", path, headers=auth)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.body = {} if self.status == 200 else json.loads(self.response.read())
        if self.status != 200:
            self.close()

    def close(self):
        self.connection.close()


def test_a_player_holds_a_bounded_number_of_streams(house):
    auth, other = bearer(house.guest("Streamer")), bearer(house.guest("Otherone"))
    events = urllib.parse.urlsplit(house.solo_table(auth)).path + "/events"
    held = [OpenStream(house, events, auth) for _ in range(STREAMS)]
    try:
        assert [stream.status for stream in held] == [200] * STREAMS
        refused = OpenStream(house, events, auth)
        assert (refused.status, refused.body["code"], refused.body["limit"]) == (
            429, "too_many_streams", STREAMS)  # fmt: skip
        stranger = OpenStream(house, events, other)
        assert stranger.status == 200, "the limit is the player's own"
        stranger.close()
        held.pop().close()  # the house notices at the stream's next heartbeat (1 s here)
        deadline = time.monotonic() + 15
        while (again := OpenStream(house, events, auth)).status != 200:
            assert again.status == 429 and time.monotonic() < deadline, again.body
            time.sleep(0.1)
        held.append(again)
    finally:
        for stream in held:
            stream.close()


def test_a_player_takes_a_bounded_number_of_stream_tickets(house):
    auth = bearer(house.guest("Ticketeer"))
    tickets = house.solo_table(auth) + "/stream-tickets"
    answers = [request(tickets, "POST", None, auth) for _ in range(TICKETS + 1)]
    assert [status for status, _, _ in answers] == [201] * TICKETS + [429]
    status, refused, headers = answers[-1]
    assert refused["code"] == "rate_limited" and int(headers["Retry-After"]) >= 1
