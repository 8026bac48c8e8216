"""When the client sends a request again: a 429 after its Retry-After, a connection that
could not be made, an answer lost on the way only for requests a repeat cannot harm; and never
past ``max_wait``."""

from __future__ import annotations

import httpx
import pytest
from speedgamez_client import Client
from speedgamez_client import problems as p


class Script:
    """Answers requests in turn from a list: a status and body, or an exception to raise."""

    def __init__(self, *steps):
        self.steps, self.requests = list(steps), []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        status, body = step
        return httpx.Response(status, json=body)


def client(script: Script, max_wait=5.0) -> Client:
    return Client(
        "http://house", token="t", transport=httpx.MockTransport(script), max_wait=max_wait
    )


TABLE = {"id": "t1", "version": 4, "status": "playing"}
LIMITED = (429, {"code": "rate_limited", "retry_after": 0.01})


def test_a_429_is_waited_out_and_the_request_sent_again():
    script = Script(LIMITED, LIMITED, (200, TABLE))
    assert client(script).table("t1").version == 4
    assert len(script.requests) == 3


def test_a_wait_longer_than_max_wait_raises_at_once():
    script = Script((429, {"code": "too_many_solo_games", "retry_after": 30}))
    with pytest.raises(p.TooManySoloGames):
        client(script, max_wait=10).open_table("speedone", solo=True)
    assert len(script.requests) == 1


def test_a_move_is_sent_again_with_the_same_key_after_a_lost_answer():
    answer = {"version": 5, "events": [], "table": TABLE}
    script = Script(httpx.ReadError("dropped"), (200, answer))
    result = client(script).play("t1", {"type": "draw"}, version=4)
    first, second = (request.content for request in script.requests)
    assert result.version == 5 and first == second and b'"key"' in first


def test_a_request_a_repeat_could_harm_is_not_sent_again_after_a_lost_answer():
    script = Script(httpx.ReadError("dropped"), (201, TABLE))
    with pytest.raises(httpx.ReadError):
        client(script).open_table("speedone")
    assert len(script.requests) == 1


def test_a_connection_that_could_not_be_made_is_tried_again():
    script = Script(httpx.ConnectError("refused"), (201, TABLE))
    assert client(script).open_table("speedone").id == "t1"


def test_a_client_error_is_raised_at_once():
    script = Script((422, {"code": "illegal_move", "detail": "no such card"}))
    with pytest.raises(p.IllegalMove, match="no such card"):
        client(script).play("t1", {"type": "play", "card": "XX"})
    assert len(script.requests) == 1


def test_ids_and_names_stay_one_path_segment():
    """A hostile table id or name never sends the signed-in request to another route."""
    script = Script((200, TABLE), (200, {"name": "x", "ratings": {}}))
    house = client(script)
    house.table("../../ledger/balance?")
    house.player_ratings("a/../b")
    assert [request.url.raw_path for request in script.requests] == [
        b"/api/table/tables/..%2F..%2Fledger%2Fbalance%3F",
        b"/api/ledger/players/a%2F..%2Fb/ratings?points=100",
    ]
