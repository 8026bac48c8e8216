"""A table's chat: a line goes onto the table's event stream (announced as a commit is, with
no new version) and into the table's recent chat, which clients that come back read."""

from __future__ import annotations

import redis

from shared import jsonfast, keys, scripts, store

CHAT_LINES = 100  # chat lines kept per table for clients that come back

# A chat line is stamped with the version the table has when the line is appended (not the
# one its request read), so versions never go backwards on a stream.
_CHAT = (
    store.ANNOUNCEMENT
    + """
local held = redis.call('HMGET', KEYS[1], 'version', 'last')
local version = held[1]
if not version then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'v', version, 'e', ARGV[1])
redis.call('HSET', KEYS[1], 'last', id)
redis.call('RPUSH', KEYS[3], ARGV[3])
redis.call('LTRIM', KEYS[3], -tonumber(ARGV[4]), -1)
redis.call(ARGV[6], KEYS[4], announcement(ARGV[5], held[2], id, version, ARGV[1], ''))
return id
"""
)


def append_chat(r: redis.Redis, table_id: str, line: dict) -> str | None:
    """Add a chat line (no state change, so no new version) to the stream and the table's
    recent chat; None if there is no such table."""
    return scripts.registered(r, _CHAT)(
        keys=[
            keys.table(table_id),
            keys.table_events(table_id),
            keys.table_chat(table_id),
            keys.table_channel(table_id),
        ],
        args=[
            jsonfast.dumps([line]),
            str(store.STREAM_LENGTH),
            jsonfast.dumps(line),
            str(CHAT_LINES),
            table_id,
            scripts.publish_command(r),
        ],
    )


def recent_chat(r: redis.Redis, table_id: str) -> list[dict]:
    """The table's last chat lines (an unreadable one is passed over)."""
    lines = []
    for index, line in enumerate(r.lrange(keys.table_chat(table_id), 0, -1)):
        try:
            parsed = jsonfast.loads(line)
            if not isinstance(parsed, dict):
                raise ValueError("a chat line is not an object")
            lines.append(parsed)
        except ValueError as error:
            store.unreadable(table_id, f"chat line {index}", error)
    return lines
