"""A small Redis-backed rate limit: a fixed-window counter per player and route; and the
house's quotas (:func:`take`), fixed-window counters per client address or player.

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


# --- quotas: how much one client address or player may make the house hold or compute ---
# KEYS[1] the quota's counter; ARGV[1] the window (ms), ARGV[2] the limit. Counts one use
# unless the limit is reached; answers {taken (1/0), ms left in the window}.
_TAKE = """
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1])
end
if count > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return {0, left}
end
return {1, left}
"""

_GIVE_BACK = """
if redis.call('PTTL', KEYS[1]) > 0 then return redis.call('DECR', KEYS[1]) end
return 0
"""

_take_scripts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def take(r: redis.Redis, name: str, subject: str, limit: int, window: float) -> float | None:
    """Use one of ``limit`` per ``window`` seconds of quota ``name`` for ``subject`` (a fixed
    window from the first use, one round trip). None when taken; else the seconds until the
    window ends (nothing was counted). ``limit`` <= 0: no quota."""
    if limit <= 0:
        return None
    script = _take_scripts.get(r)
    if script is None:
        script = _take_scripts[r] = r.register_script(_TAKE)
    taken, left_ms = script(keys=[keys.quota(name, subject)], args=[int(window * 1000), limit])
    return None if int(taken) else max(int(left_ms) / 1000, 0.001)


def give_back(r: redis.Redis, name: str, subject: str, limit: int) -> None:
    """Undo a :func:`take` whose request failed (a taken name, say)."""
    if limit > 0:
        decrement_live(r, keys.quota(name, subject))


def decrement_live(r: redis.Redis, key: str) -> None:
    """DECR a counter that has an expiry; one that expired meanwhile stays gone (a bare DECR
    would leave -1 behind for good)."""
    r.eval(_GIVE_BACK, 1, key)
