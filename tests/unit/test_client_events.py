"""The client's reading of Server-Sent Events: messages, comments, ids to resume from, and a
message cut off by a dropped connection."""

from __future__ import annotations

import httpx
import pytest
from speedgamez_client.sse import Feed

TABLE = '{"id": "t1", "version": 3, "status": "playing", "you": 0}'


def read(feed: Feed, text: str):
    return [event for line in text.split("\n") for event in feed.line(line)]


def test_messages_become_events_and_the_last_id_is_kept():
    feed = Feed()
    events = read(
        feed,
        "retry: 2000\n\n"
        f'id: 1-0\nevent: state\ndata: {{"version": 3, "table": {TABLE}}}\n\n'
        ": heartbeat\n\n"
        'id: 2-0\nevent: update\ndata: {"version": 4, "events": [{"type": "x"}]}\n\n'
        'event: closed\ndata: {"table": "t1"}\n\n',
    )
    assert [(e.kind, e.id, e.version) for e in events] == [
        ("state", "1-0", 3),
        ("update", "2-0", 4),
        ("closed", None, None),
    ]
    assert events[0].table.version == 3 and events[0].table.you == 0
    assert events[1].table is None and events[1].events == [{"type": "x"}]
    assert events[2].data == {"table": "t1"}
    assert feed.last_event_id == "2-0" and feed.headers()["Last-Event-ID"] == "2-0"
    assert feed.closed  # the table is gone: the stream is over


def test_a_message_cut_off_by_a_drop_is_not_delivered():
    feed = Feed("1-0")
    assert read(feed, 'id: 2-0\nevent: update\ndata: {"version": 4') == []
    assert 0 < feed.dropped(httpx.ReadError("dropped")) <= 2
    events = read(feed, 'id: 2-0\nevent: update\ndata: {"version": 4, "events": []}\n\n')
    assert [(e.id, e.version) for e in events] == [("2-0", 4)]


def test_a_new_feed_asks_for_no_resumption():
    assert "Last-Event-ID" not in Feed().headers()


def test_drops_in_a_row_raise_after_max_wait_and_an_answered_connection_restores_the_patience():
    feed, drop = Feed(max_wait=1.0), httpx.ConnectError("refused")
    assert [feed.dropped(drop) for _ in range(3)] == [0.1, 0.2, 0.4]
    with pytest.raises(httpx.ConnectError):
        feed.dropped(drop)  # 0.8 s more would take it past its second
    feed.opened()  # a connection answered, even with nothing new on a quiet table
    assert feed.dropped(drop) == 0.1
