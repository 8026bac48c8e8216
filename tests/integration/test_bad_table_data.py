"""One table's bad data stops no other table: a stream entry and a chat line that cannot be
read (bad bytes written into Redis by hand, as a house that let a lone surrogate through
once wrote them) are passed over by the event hub, the chat route and a resume, while the
same process goes on delivering another table's commits. Over real HTTP."""

from __future__ import annotations

import logging

from shared import chat_lines, keys, scripts, store
from tests.integration.sse import EventStream

# What the writer once made of a chat line with a lone surrogate: JSON with an escape that no
# strict reader (orjson) accepts.
POISON = '[{"type":"chat","seat":0,"name":"Mal","text":"\\ud800","at":1.0}]'
POISON_LINE = '{"type":"chat","seat":0,"name":"Mal","text":"\\ud800","at":1.0}'


def poison(r, table_id: str) -> str:
    """Append an unreadable chat line to the table's stream and chat, announced as the chat
    script announces a line (the hub's listener gets it); its stream id."""
    script = scripts.registered(r, chat_lines._CHAT)
    return script(
        keys=[keys.table(table_id), keys.table_events(table_id), keys.table_chat(table_id),
              keys.table_channel(table_id)],
        args=[POISON, str(store.STREAM_LENGTH), POISON_LINE, str(chat_lines.CHAT_LINES), table_id,
              scripts.publish_command(r)],
    )  # fmt: skip


def stream_order(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq)


def next_update(stream: EventStream) -> dict:
    while True:
        event, _, data = stream.next()
        if event == "update":
            return data


def test_an_unreadable_entry_stops_no_stream_and_no_chat(http, house_r, caplog):
    r = house_r
    ann, bob, cid = http.guest("Ann"), http.guest("Bob"), http.guest("Cid")
    bad = http.open(ann, "speedone", 3, fill="empty")["id"]
    good = http.open(bob, "speedone", 3, fill="empty")["id"]
    port = int(http.url.rsplit(":", 1)[1])
    watch_bad = EventStream(port, f"/api/table/tables/{bad}/events", ann.token)
    watch_good = EventStream(port, f"/api/table/tables/{good}/events", bob.token)
    assert watch_bad.next()[0] == watch_good.next()[0] == "state"
    http.ok(ann, "POST", f"/api/table/tables/{bad}/chat", json={"text": "hallo"})
    before = next_update(watch_bad)["events"]
    assert before[0]["text"] == "hallo"
    said_at = store.latest_event_id(r, bad)

    with caplog.at_level(logging.WARNING):
        poison_id = poison(r, bad)
        # the listener of this process carries both tables: the good one goes on
        http.ok(cid, "POST", f"/api/lobby/tables/{good}/seats", json={})
        assert next_update(watch_good)["events"][0]["type"] == "table.joined"
        # and so does the bad one, past its unreadable entry
        http.ok(bob, "POST", f"/api/lobby/tables/{bad}/seats", json={})
        joined = next_update(watch_bad)
        assert [event["type"] for event in joined["events"]] == ["table.joined"]
        assert joined["table"]["seats"][1]["name"] == "Bob"
        http.ok(bob, "POST", f"/api/table/tables/{good}/chat", json={"text": "weiter"})
        assert next_update(watch_good)["events"][0]["text"] == "weiter"

        # the chat route passes the unreadable line over
        lines = http.ok(ann, "GET", f"/api/table/tables/{bad}/chat")
        assert [line["text"] for line in lines] == ["hallo"]
        # a resume from before the unreadable entry gets what came after it, whole
        resumed = EventStream(port, f"/api/table/tables/{bad}/events", ann.token, last_id=said_at)
        event, event_id, data = resumed.next()
        assert event == "update" and stream_order(event_id) > stream_order(poison_id)
        assert [event["type"] for event in data["events"]] == ["table.joined"]
        resumed.close()
    warnings = [rec.getMessage() for rec in caplog.records if f"stream entry {poison_id}" in
                rec.getMessage()]  # fmt: skip
    assert len(warnings) == 1, warnings  # logged once, however many readers passed it over
    for stream in (watch_bad, watch_good):
        stream.close()
