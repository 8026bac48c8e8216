"""The hub: one Redis reader per process that fans commits out to its SSE clients."""

from __future__ import annotations

import threading
import time

import redis

from services.table import hub as hub_module
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


def test_a_redis_outage_warns_once_and_the_stream_goes_on_after_it(house, caplog):
    table_id, players = start_two_player_game(house)
    away = threading.Event()

    class PubSubWhileAway(redis.client.PubSub):
        def parse_response(self, *args, **kwargs):
            if away.is_set():
                raise redis.ConnectionError("this test's Redis is away")
            return super().parse_response(*args, **kwargs)

    class NodeWhileAway:  # this hub's connections only: other hubs of the process go on
        def __init__(self, client):
            self.client = client

        def pubsub(self):
            return PubSubWhileAway(self.client.connection_pool)

    hub = Hub(house.r)
    node_of = hub._node_of
    hub._node_of = lambda table: (node_of(table)[0], NodeWhileAway(node_of(table)[1]))
    subscription = hub.subscribe(table_id)
    with caplog.at_level("DEBUG", logger=hub_module.__name__):
        away.set()
        deadline = time.monotonic() + WAIT
        while hub.unwarned < 3 and time.monotonic() < deadline:  # retries every RECONNECT_PAUSE
            time.sleep(0.05)
        away.clear()
    warnings = [
        r
        for r in caplog.records
        if r.levelname == "WARNING" and "this test's Redis is away" in r.getMessage()
    ]
    assert hub.unwarned >= 3 and len(warnings) == 1, [r.getMessage() for r in caplog.records]
    a_move(house, table_id, players)
    batch = subscription.next(WAIT)
    while batch is not None and batch.doc["version"] < store.load(house.r, table_id)["version"]:
        batch = subscription.next(WAIT)
    assert batch is not None
    hub.unsubscribe(subscription)


def test_the_hub_listens_only_to_the_tables_its_clients_watch(house):
    watched, players = start_two_player_game(house)
    other, other_players = start_two_player_game(house)
    hub = Hub(house.r)
    subscription = hub.subscribe(watched)
    assert hub.channels() == 1
    # the table's own channel: on one Redis a plain channel, on a cluster a shard channel
    # served by the node that owns the table's slot
    channel = f"{{t:{watched}}}:changed"

    def listened():
        if hub.sharded:
            node = house.r.get_node_from_key(channel)
            return house.r.execute_command("PUBSUB SHARDCHANNELS", target_nodes=node)
        return house.r.pubsub_channels()

    assert channel in listened() and f"{{t:{other}}}:changed" not in listened()
    a_move(house, watched, players)
    assert subscription.next(WAIT) is not None
    rounds = hub.rounds
    a_move(house, other, other_players)  # nobody here watches it: the hub hears nothing
    a_move(house, watched, players)
    assert subscription.next(WAIT).doc["version"] == store.load(house.r, watched)["version"]
    assert hub.rounds == rounds, "passed on as announced, nothing read"
    hub.unsubscribe(subscription)
    assert hub.channels() == 0
    deadline = time.monotonic() + WAIT
    while channel in listened() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert channel not in listened()  # unsubscribed after the last watcher left


def test_the_reader_reads_all_tables_announced_meanwhile_in_one_round(house, monkeypatch):
    games = [start_two_player_game(house) for _ in range(5)]
    # announcements that name only their table (as an older house sends them): all are read
    monkeypatch.setattr(hub_module, "_announcement", lambda data: None)
    hub = Hub(house.r)
    subscriptions = [hub.subscribe(table_id) for table_id, _ in games]
    for subscription in subscriptions:  # the catch-up round of each subscription
        assert subscription.next(0.2) is None
    held, rounds = threading.Event(), []
    fan_out = hub._fan_out

    def held_fan_out(tables):
        rounds.append(sorted(tables))
        held.wait(WAIT)
        fan_out(tables)

    monkeypatch.setattr(hub, "_fan_out", held_fan_out)
    for table_id, players in games:
        a_move(house, table_id, players)
    held.set()
    batches = [subscription.next(WAIT) for subscription in subscriptions]
    assert all(batch is not None for batch in batches)
    # per node: the first round took what was there when it woke, the rest came in one more
    assert len(rounds) <= 2 * len(hub.listeners)
    assert sorted(t for tables in rounds for t in tables) == sorted(t for t, _ in games)
    for subscription in subscriptions:
        hub.unsubscribe(subscription)


def test_a_reconnected_hub_delivers_what_was_committed_while_it_was_away(house):
    table_id, players = start_two_player_game(house)
    hub = Hub(house.r)
    subscription = hub.subscribe(table_id)
    listener = next(iter(hub.listeners.values()))
    listener.pubsub.connection.disconnect()  # as a dropped connection would
    a_move(house, table_id, players)
    a_move(house, table_id, players)
    seen = []
    while len(seen) < 2 and (batch := subscription.next(WAIT)) is not None:
        seen += [version for _, version, _ in batch.entries]
    assert seen == sorted(set(seen)) and len(seen) == 2
    assert seen[-1] == store.load(house.r, table_id)["version"]
    hub.unsubscribe(subscription)


def test_commits_are_passed_on_as_announced_in_order_with_their_documents(house):
    table_id, players = start_two_player_game(house)
    hub = Hub(house.r)
    subscription = hub.subscribe(table_id)
    rounds = hub.rounds
    house.table.post(f"/tables/{table_id}/chat", json={"text": "Hallo"},
                     headers=house.auth(players[0]))  # fmt: skip
    for _ in range(3):
        a_move(house, table_id, players)
    delivered = []
    while len(delivered) < 4 and (batch := subscription.next(WAIT)) is not None:
        delivered += [(version, events[0]["type"]) for _, version, events in batch.entries]
        assert batch.doc["version"] == batch.entries[-1][1], "each commit with its document"
    start = delivered[0][0]
    assert [version for version, _ in delivered] == [start, start + 1, start + 2, start + 3]
    assert delivered[0][1] == "chat"
    # the chat line came before any document was known here: read once; the moves were not
    assert hub.rounds == rounds + 1
    hub.unsubscribe(subscription)


def test_a_chat_line_never_goes_with_a_document_ahead_of_it(house):
    table_id, players = start_two_player_game(house)
    hub = Hub(house.r)
    subscription = hub.subscribe(table_id)
    version = store.load(house.r, table_id)["version"]
    # a move of this process keeps its document before the move's announcement comes
    hub.docs.seen(table_id, version + 1, '{"id": "ahead"}')
    house.table.post(f"/tables/{table_id}/chat", json={"text": "Hallo"},
                     headers=house.auth(players[0]))  # fmt: skip
    batch = subscription.next(WAIT)
    assert [v for _, v, _ in batch.entries] == [version]
    assert batch.doc["version"] == version
    hub.unsubscribe(subscription)


def test_a_missed_announcement_is_read_nothing_lost_nothing_twice(house):
    table_id, players = start_two_player_game(house)
    hub = Hub(house.r)
    subscription = hub.subscribe(table_id)
    a_move(house, table_id, players)
    first = subscription.next(WAIT).entries[-1]
    a_move(house, table_id, players)
    second = subscription.next(WAIT).entries[-1]
    with hub.lock:  # as if the second commit's announcement had never arrived
        hub.last_ids[table_id] = first[0]
    rounds = hub.rounds
    a_move(house, table_id, players)
    batch = subscription.next(WAIT)
    assert [version for _, version, _ in batch.entries] == [second[1], second[1] + 1]
    assert hub.rounds == rounds + 1
    assert subscription.next(0.2) is None
    hub.unsubscribe(subscription)


def test_a_closed_hub_stops_its_threads_and_retries_nothing(house, caplog):
    table_id, _ = start_two_player_game(house)
    hub = Hub(house.r, heartbeat=0.05)
    subscription = hub.subscribe(table_id)
    threads = [hub.ticker, hub.listener_of[table_id].thread]
    assert all(thread.is_alive() for thread in threads)
    hub.close()
    deadline = time.monotonic() + hub_module.LISTEN_TIMEOUT + WAIT
    while any(thread.is_alive() for thread in threads):
        assert time.monotonic() < deadline, "a hub thread outlived close()"
        time.sleep(0.05)
    assert hub.listeners == {} and hub.listener_of == {}
    hub._retry_later([table_id], redis.ConnectionError("gone"))  # as a late error would
    assert hub.listener_of == {} and "subscribing" not in caplog.text
    hub.unsubscribe(subscription)
