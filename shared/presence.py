"""Presence: who was seen lately, a bucketed index of player ids (``shared.keys.INDEX_BUCKETS``:
a heartbeat writes one bucket, a reader reads them all in one pipelined round trip)."""

from __future__ import annotations

import heapq
from itertools import islice

from shared import keys


def mark_online(r, player_id: str, now: float, window: float) -> None:
    """A player's heartbeat; players not seen for ``window`` seconds leave its bucket."""
    pipe = r.pipeline(transaction=False)
    key = keys.online_of(player_id)
    pipe.zadd(key, {player_id: now})
    pipe.zremrangebyscore(key, "-inf", now - window)
    pipe.execute()


def seen_online(r, now: float, window: float, limit: int) -> tuple[list[tuple[str, float]], int]:
    """([(player id, last seen)] of the ``limit`` players seen most recently within
    ``window`` seconds, how many were seen in all), from every bucket in one round trip."""
    pipe = r.pipeline(transaction=False)
    for bucket in range(keys.INDEX_BUCKETS):
        pipe.zremrangebyscore(keys.online(bucket), "-inf", now - window)
        pipe.zrevrange(keys.online(bucket), 0, limit - 1, withscores=True)
        pipe.zcard(keys.online(bucket))
    results = pipe.execute()
    seen = heapq.merge(*results[1::3], key=lambda entry: -entry[1])
    return list(islice(seen, limit)), sum(results[2::3])
