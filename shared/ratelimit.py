"""A small Redis-backed rate limit: a fixed-window counter per player and route.

One Lua call per request (one round trip): INCR the window's counter, set its expiry when the
window opens, and answer the count and the milliseconds left in the window. Past ``limit``
requests in a window the caller is told to wait with :class:`TooSoon` (429 + Retry-After).
"""

from __future__ import annotations

import weakref

import redis

from shared import keys
from shared.tables.errors import TooSoon

_HIT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {count, left}
"""

_scripts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hit(r: redis.Redis, route: str, player_id: str, limit: int, window: float) -> tuple[int, float]:
    """Count one request of ``player_id`` on ``route``; returns (count in this window, seconds
    left in it). ``limit`` <= 0 switches the limit off (nothing is counted)."""
    if limit <= 0:
        return 0, 0.0
    script = _scripts.get(r)
    if script is None:
        script = _scripts[r] = r.register_script(_HIT)
    count, left_ms = script(keys=[keys.rate_limit(route, player_id)], args=[int(window * 1000)])
    return int(count), int(left_ms) / 1000


def check(r: redis.Redis, route: str, player_id: str, limit: int, window: float) -> None:
    """Raise TooSoon (429, Retry-After) when the player is over ``limit`` per ``window`` s."""
    count, left = hit(r, route, player_id, limit, window)
    if limit > 0 and count > limit:
        raise TooSoon(
            f"at most {limit} requests per {window:g} s here; wait {left:.2f} s",
            retry_after=max(left, 0.001),
        )
