"""How many event streams one player holds open, house-wide, and how many stream tickets the
player takes: both bounded (docs/operations.md "Quotas").

* **Streams**: each open stream holds a lease in the player's sorted set
  (``keys.player_streams``: stream → when its lease runs out), taken as it opens — refused with
  429 ``too_many_streams`` while the player holds STREAMS_PER_PLAYER live leases — renewed while
  it stays open (every RENEW_EVERY seconds, by its process's hub: the due leases of all its
  streams in one pipelined round trip, :func:`renew`) and given back when it closes. A stream
  whose process died gives nothing back: its lease runs out after LEASE seconds, so the count
  heals by itself.
* **Tickets**: at most STREAM_TICKETS_PER_MINUTE per player and minute (429 ``rate_limited``).
  A ticket lasts a minute, so a player never holds more unused ones than that.
"""

from __future__ import annotations

import logging
import secrets
import time
import weakref

import redis
from flask import current_app
from redis.exceptions import RedisClusterException

from shared import keys, ratelimit
from shared.problems import Problem

log = logging.getLogger(__name__)

LEASE = 120.0  # seconds a stream's lease lasts unless renewed
RENEW_EVERY = 40.0  # seconds between two renewals of an open stream's lease
TICKET_WINDOW = 60.0

# KEYS[1] the player's leases; ARGV: now, the new lease's end, the limit, its member, the
# set's expiry (ms). Drops the leases that ran out, then takes one unless the limit is held.
_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
"""
_scripts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class StreamLease:
    """One stream's place among its player's open streams."""

    def __init__(self, r: redis.Redis, player_id: str):
        self.r = r
        self.key = keys.player_streams(player_id)
        self.member = secrets.token_hex(8)
        self.renew_at = 0.0

    def take(self) -> None:
        """Hold a lease for this stream, or raise 429 too_many_streams (STREAMS_PER_PLAYER
        <= 0: no limit, nothing is held)."""
        limit = int(current_app.config.get("STREAMS_PER_PLAYER") or 0)
        if limit <= 0:
            self.key = None
            return
        script = _scripts.get(self.r)
        if script is None:
            script = _scripts[self.r] = self.r.register_script(_TAKE)
        now = time.time()
        args = [now, now + LEASE, limit, self.member, int(LEASE * 1000)]
        if not script(keys=[self.key], args=args):
            raise Problem(
                f"You hold {limit} event streams open already; close one (a tab, a window) "
                "and connect again.",
                "too_many_streams", limit=limit, retry_after=RENEW_EVERY,
            )  # fmt: skip
        self.renew_at = now + RENEW_EVERY

    def give_back(self) -> None:
        """Free the stream's place as it closes; with Redis away the lease simply runs out
        (LEASE s), so that is no error of the closing response."""
        if self.key is None:
            return
        try:
            self.r.zrem(self.key, self.member)
        except (redis.RedisError, RedisClusterException) as error:
            log.warning("stream lease not given back (it runs out in %d s): %s", LEASE, error)


def renew(r: redis.Redis, leases: list[StreamLease]) -> None:
    """Keep the leases of open streams whose RENEW_EVERY s are up, in one round trip (on a
    Redis Cluster, redis-py splits the pipeline by node)."""
    now = time.time()
    due = [lease for lease in leases if lease.key is not None and now >= lease.renew_at]
    if not due:
        return
    pipe = r.pipeline(transaction=False)
    for lease in due:
        pipe.zadd(lease.key, {lease.member: now + LEASE})
        pipe.pexpire(lease.key, int(LEASE * 1000))
    pipe.execute()
    for lease in due:
        lease.renew_at = now + RENEW_EVERY


def take_ticket(r: redis.Redis, player_id: str) -> None:
    """Count a stream ticket of the player, or raise 429 rate_limited."""
    limit = int(current_app.config.get("STREAM_TICKETS_PER_MINUTE") or 0)
    wait = ratelimit.take(r, "stream-tickets", player_id, limit, TICKET_WINDOW)
    if wait is not None:
        raise Problem(
            f"At most {limit} stream tickets a minute; try again in {wait:.0f} s.",
            "rate_limited", retry_after=round(wait, 3),
        )  # fmt: skip
