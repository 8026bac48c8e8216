"""SSE: every commit once, in order, cut to the seat; a reconnect resumes with no gap and no
duplicate; a client too far behind gets the full state."""

from __future__ import annotations

import random

import pytest

from services.table import events as events_module
from tests.integration.harness import start_two_player_game
from tests.integration.sse import EventStream, Server


@pytest.fixture
def server(house):
    running = Server(house.table_app)
    yield running
    running.close()


def play_moves(house, table_id, players, count, rng):
    for _ in range(count):
        view = house.get(players[0], table_id)
        if view["status"] != "playing":
            return
        mover = players[view["current"]["to_move"]]
        mine = house.get(mover, table_id)
        answer = house.move(mover, table_id, rng.choice(mine["current"]["legal"]), mine["version"])
        assert answer.status_code == 200, answer.json


def stream_ids(house, table_id, after):
    return [entry_id for entry_id, _ in house.r.xrange(f"{{t:{table_id}}}:events", min=f"({after}")]


def test_reconnect_resumes_with_no_gap_and_no_duplicate(house, server):
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    ann = players[0]
    rng = random.Random(5)
    path = f"/tables/{table_id}/events"

    first = EventStream(server.port, path, ann["token"])
    kind, start_id, data = first.next()
    assert kind == "state" and data["table"]["you"] == 0
    play_moves(house, table_id, players, 6, rng)
    seen = [first.next()[1] for _ in range(6)]
    first.close()

    play_moves(house, table_id, players, 7, rng)  # while disconnected
    second = EventStream(server.port, path, ann["token"], last_id=seen[-1])
    missed = stream_ids(house, table_id, seen[-1])
    resumed = []
    for _ in missed:
        kind, event_id, data = second.next()
        assert kind == "update"
        resumed.append(event_id)
    play_moves(house, table_id, players, 2, rng)
    live = [second.next() for _ in range(2)]
    second.close()

    received = seen + resumed + [event_id for _, event_id, _ in live]
    assert received == stream_ids(house, table_id, start_id)[: len(received)]
    assert len(set(received)) == len(received)
    # commits delivered together carry the table once, on the last of them
    tables = [data["table"] for _, _, data in live if "table" in data]
    assert tables and tables[-1]["version"] == house.get(ann, table_id)["version"]


def test_updates_carry_the_table_cut_to_the_seat(house, server):
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    bob = players[1]
    stream = EventStream(server.port, f"/tables/{table_id}/events", bob["token"])
    stream.next()
    play_moves(house, table_id, players, 1, random.Random(1))
    kind, _, data = stream.next()
    stream.close()
    assert kind == "update" and data["table"]["you"] == 1
    assert data["table"]["current"]["view"] == house.get(bob, table_id)["current"]["view"]


def test_a_client_too_far_behind_gets_the_full_state(house, server, monkeypatch):
    monkeypatch.setattr(events_module, "CATCH_UP_LIMIT", 2)
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    ann = players[0]
    stream = EventStream(server.port, f"/tables/{table_id}/events", ann["token"])
    _, start_id, _ = stream.next()
    stream.close()
    play_moves(house, table_id, players, 5, random.Random(2))
    again = EventStream(server.port, f"/tables/{table_id}/events", ann["token"], start_id)
    kind, event_id, data = again.next()
    again.close()
    assert kind == "state"
    assert event_id == stream_ids(house, table_id, start_id)[-1]
    assert data["table"]["version"] == house.get(ann, table_id)["version"]
