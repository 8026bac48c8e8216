"""The hub: one Redis reader per process that fans commits out to its SSE clients."""

from __future__ import annotations

import threading

import redis

from services.table.hub import Hub
from shared import store
from tests.integration.harness import start_two_player_game

WAIT = 10  # seconds a delivery may take at most (it takes milliseconds)


def a_move(house, table_id, players):
    view = house.get(players[0], table_id)
    seat = view["current"]["to_move"]
    mine = house.get(players[seat], table_id)
    answer = house.move(players[seat], table_id, mine["current"]["legal"][0], mine["version"])
    assert answer.status_code == 200, answer.json


def test_the_hub_keeps_delivering_after_a_redis_error_in_its_reader(house, monkeypatch):
    table_id, players = start_two_player_game(house)
    # The reader's first read fails (a read that timed out, say): the reader must reconnect,
    # and the stream go on.
    parse_response = redis.client.PubSub.parse_response
    failed = threading.Event()

    def failing_once(pubsub, *args, **kwargs):
        if not failed.is_set():
            failed.set()
            raise redis.TimeoutError("Timeout reading from socket")
        return parse_response(pubsub, *args, **kwargs)

    monkeypatch.setattr(redis.client.PubSub, "parse_response", failing_once)
    hub = Hub(house.r)
    subscription = hub.subscribe(table_id)
    assert failed.wait(WAIT)
    a_move(house, table_id, players)
    batch = subscription.next(WAIT)
    assert batch is not None
    assert batch.doc["version"] == store.load(house.r, table_id)["version"]
    hub.unsubscribe(subscription)
