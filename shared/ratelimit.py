"""A small Redis-backed rate limit: a fixed-window counter per player and route; and the
house's quotas (:func:`take`), fixed-window counters per client address or player.

A limit counts a request in one script call: INCR the window's counter, give it its expiry
when the window opens, answer the count and the milliseconds left. The call goes alone
(:func:`check`) or inside the first round trip of the request's own work — a move is counted
with its table's read or by its commit script (shared.store, which runs the same Lua), so its
limit costs no round trip of its own (:class:`Limit`). Past ``limit`` requests in a window the
caller is told to wait with :class:`TooSoon` (429 + Retry-After).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import redis

from shared import keys
from shared.tables.errors import TooSoon

# count_request(key, window ms) → count in the window, ms left in it (a counter that lost its
# expiry gets it again)
COUNT_REQUEST = """
local function count_request(key, window)
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, window) end
  local left = redis.call('PTTL', key)
  if left < 0 then redis.call('PEXPIRE', key, window); left = tonumber(window) end
  return count, left
end
"""
_HIT = COUNT_REQUEST + "return {count_request(KEYS[1], ARGV[1])}"


@dataclass(frozen=True)
class Limit:
    """At most ``limit`` requests per ``window`` seconds, counted under ``key``."""

    key: str
    limit: int
    window: float

    @classmethod
    def of(cls, route: str, player_id: str, limit: int, window: float) -> Limit | None:
        """The player's limit on ``route``; None when ``limit`` <= 0 (no limit)."""
        return cls(keys.rate_limit(route, player_id), limit, window) if limit > 0 else None

    @property
    def window_ms(self) -> int:
        return int(self.window * 1000)

    def count_in(self, pipe, **route) -> None:
        """Count one request in ``pipe`` (its answer: [count, ms left], for :meth:`judge`);
        ``route``: where a cluster pipeline sends it (shared.scripts.route)."""
        pipe.execute_command("EVAL", _HIT, 1, self.key, self.window_ms, **route)

    def judge(self, count: int, left_ms: int) -> TooSoon | None:
        """The refusal of the ``count``-th request of a window with ``left_ms`` left in it;
        None within the limit."""
        return self.refusal(left_ms) if int(count) > self.limit else None

    def refusal(self, left_ms: int) -> TooSoon:
        """What a request over the limit is told, ``left_ms`` before its window ends."""
        left = max(int(left_ms), 1) / 1000
        return TooSoon(f"at most {self.limit} requests per {self.window:g} s here; wait "
                       f"{left:.2f} s", retry_after=left)  # fmt: skip


def check(r: redis.Redis, route: str, player_id: str, limit: int, window: float) -> None:
    """Raise TooSoon (429, Retry-After) when the player is over ``limit`` per ``window`` s
    (``limit`` <= 0: no limit, nothing counted)."""
    rule = Limit.of(route, player_id, limit, window)
    if rule is None:
        return
    count, left_ms = r.eval(_HIT, 1, rule.key, rule.window_ms)
    if (refusal := rule.judge(count, left_ms)) is not None:
        raise refusal


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
