"""A stream's lease as the stream closes: given back, or left to run out when Redis is away."""

from __future__ import annotations

import logging

import redis

from services.table.stream_leases import StreamLease


class GoneRedis:
    """A Redis client whose server has gone away."""

    def zrem(self, *args):
        raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def test_a_lease_is_left_to_run_out_when_redis_is_away(caplog):
    lease = StreamLease(GoneRedis(), "p1")
    with caplog.at_level(logging.WARNING, logger="services.table.stream_leases"):
        lease.give_back()  # the closing stream's response does not fail
    assert "runs out in 120 s" in caplog.text
