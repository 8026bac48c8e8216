"""Stream tickets: the events route takes a short-lived, single-use ticket bound to a player
and a table instead of a bearer token in the URL."""

from __future__ import annotations

import pytest

from shared import keys
from tests.integration.harness import assert_problem, start_two_player_game
from tests.integration.sse import EventStream, Server


@pytest.fixture
def server(house):
    running = Server(house.table_app)
    yield running
    running.close()


def mint(house, player, table_id) -> str:
    response = house.table.post(f"/tables/{table_id}/stream-tickets", headers=house.auth(player))
    assert response.status_code == 201, response.json
    assert response.json["expires_in"] == 60
    return response.json["ticket"]


def test_a_ticket_opens_one_stream_for_its_player(house, server):
    table_id, players = start_two_player_game(house)
    bob = players[1]
    ticket = mint(house, bob, table_id)
    key = keys.stream_ticket(table_id, ticket)
    assert key.startswith(f"{{t:{table_id}}}:") and 0 < house.r.ttl(key) <= 60

    stream = EventStream(server.port, f"/tables/{table_id}/events?ticket={ticket}")
    kind, _, data = stream.next()
    assert kind == "state" and data["table"]["you"] == 1  # Bob's seat, without his token
    stream.close()
    assert not house.r.exists(key)
    again = house.table.get(f"/tables/{table_id}/events?ticket={ticket}")
    assert_problem(again, 401, "ticket_invalid")


def test_a_ticket_is_bound_to_its_table_and_well_formed(house):
    table_id, players = start_two_player_game(house)
    other = house.open(players[0], "speedone", 2, fill="empty")["id"]
    ticket = mint(house, players[0], table_id)
    for url in (
        f"/tables/{other}/events?ticket={ticket}",
        f"/tables/{table_id}/events?ticket=not*a*ticket",
        f"/tables/{table_id}/events?ticket={'x' * 65}",
    ):
        assert_problem(house.table.get(url), 401, "ticket_invalid")
    assert house.r.exists(keys.stream_ticket(table_id, ticket))  # still good for its table


def test_tokens_in_the_url_are_refused_and_minting_needs_a_token(house):
    table_id, players = start_two_player_game(house)
    token = players[0]["token"]
    assert_problem(house.table.get(f"/tables/{table_id}/events?token={token}"), 401,
                   "token_missing")  # fmt: skip
    assert_problem(house.table.post(f"/tables/{table_id}/stream-tickets"), 401, "token_missing")
    missing = house.table.post("/tables/nope/stream-tickets", headers=house.auth(players[0]))
    assert_problem(missing, 404, "no_such_table")


def test_a_reconnect_with_a_new_ticket_and_last_event_id_resumes(house, server):
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    ann = players[0]
    first = EventStream(
        server.port, f"/tables/{table_id}/events?ticket={mint(house, ann, table_id)}"
    )
    _, state_id, _ = first.next()
    first.close()
    view = house.get(ann, table_id)
    mover = players[view["current"]["to_move"]]
    mine = house.get(mover, table_id)
    assert (
        house.move(mover, table_id, mine["current"]["legal"][0], mine["version"]).status_code == 200
    )

    ticket = mint(house, ann, table_id)
    second = EventStream(
        server.port, f"/tables/{table_id}/events?ticket={ticket}&lastEventId={state_id}"
    )
    kind, event_id, data = second.next()
    second.close()
    assert kind == "update" and event_id > state_id and data["version"] == view["version"] + 1
