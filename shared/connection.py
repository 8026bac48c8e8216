"""The one way every process of the house reaches Redis.

``REDIS_URL`` may name a standalone Redis or any node of a Redis Cluster: :func:`connect`
asks that node (``INFO cluster``) and answers a ``redis.Redis`` or a
``redis.cluster.RedisCluster`` accordingly, both with ``decode_responses``. The queues
(``QUEUE_REDIS_URL``) are always a standalone Redis: RQ does not run on a cluster.

A URL that is not a Redis URL, a Redis that does not answer, or a cluster without a queue
Redis of its own is refused with a one-line :class:`RedisSetupError` (a ``SystemExit``: the
process stops with the message, no traceback).
"""

from __future__ import annotations

import functools
import logging

import redis
from redis.cluster import RedisCluster
from redis.driver_info import DriverInfo

PROBE_TIMEOUT = 5.0  # seconds the first look at a Redis may take
# What every connection tells Redis it is (CLIENT SETINFO), worked out once: without it
# redis-py asks importlib.metadata for its own version at every new connection, 0.5 ms of
# CPU each — a pause for a whole web worker whenever its pools connect anew (after Redis
# restarts or fails over), ten times what the rest of the connection costs.
DRIVER = {"driver_info": DriverInfo()}
Client = redis.Redis | RedisCluster
log = logging.getLogger(__name__)


class RedisSetupError(SystemExit):
    """REDIS_URL or QUEUE_REDIS_URL cannot be used; the message says why, in one line."""


def _redacted(url: str) -> str:
    """The URL without its password, for messages."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        rest = "***@" + rest.rpartition("@")[2]
    return f"{scheme}{sep}{rest}"


def _probe(url: str, setting: str) -> bool:
    """True when the Redis at ``url`` is a cluster node (``cluster_enabled:1``)."""
    try:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=PROBE_TIMEOUT, socket_timeout=PROBE_TIMEOUT, **DRIVER
        )
    except ValueError as error:
        raise RedisSetupError(f"{setting}={_redacted(url)} is not a Redis URL: {error}") from None
    try:
        return bool(client.info("cluster").get("cluster_enabled"))
    except redis.RedisError as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise RedisSetupError(
            f"{setting}={_redacted(url)}: Redis does not answer ({reason})"
        ) from None
    finally:
        client.close()


def is_cluster(r) -> bool:
    """True for a Redis Cluster client (or one of its pipelines)."""
    return _is_cluster_type(type(r))


@functools.cache
def _is_cluster_type(kind: type) -> bool:
    """(Once per class: RedisCluster derives from a typing Protocol, which makes every
    isinstance check against it slow — a few of them on each move.)"""
    return issubclass(kind, RedisCluster) or kind.__module__ == "redis.cluster"


def connect(url: str, *, max_connections: int | None = None, setting: str = "REDIS_URL",
            wait_replicas: int = 0, wait_timeout: int = 0) -> Client:  # fmt: skip
    """A client for the house's data at ``url`` (responses decoded to str).

    On a cluster, ``wait_replicas``/``wait_timeout`` (ms) make every table commit wait until
    that many replicas have it before it is answered (see ``shared.store.commit``); a cluster
    without any replica does not wait (with a warning).
    ``max_connections``: a blocking pool of that size (per node of a cluster): requests wait
    for a free connection instead of failing."""
    if _probe(url, setting):
        pools = {}
        if max_connections:  # per node, as on a single Redis
            pools = dict(connection_pool_class=redis.BlockingConnectionPool,
                         max_connections=max_connections, timeout=5)  # fmt: skip
        client = RedisCluster.from_url(url, decode_responses=True, **pools, **DRIVER)
        client.commit_wait = (wait_replicas, wait_timeout) if wait_replicas > 0 else None
        if client.commit_wait and not _has_replicas(client):
            log.warning("%s=%s: the Redis Cluster has no replicas; commits do not wait for one "
                        "(REDIS_WAIT_REPLICAS)", setting, _redacted(url))  # fmt: skip
            client.commit_wait = None
        return client
    if max_connections:
        pool = redis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=max_connections, timeout=5, **DRIVER
        )
        return redis.Redis(connection_pool=pool)
    return redis.Redis.from_url(url, decode_responses=True, **DRIVER)


def _has_replicas(client: RedisCluster) -> bool:
    """Whether any node of the cluster is a replica (WAIT could ever be answered)."""
    try:
        return any("slave" in node["flags"] for node in client.cluster_nodes().values())
    except redis.RedisError:
        return True  # assume so: a commit then waits at most REDIS_WAIT_TIMEOUT


def connect_queue(url: str, setting: str = "QUEUE_REDIS_URL") -> redis.Redis:
    """RQ's connection (bytes, as RQ wants them) to a standalone Redis."""
    if _probe(url, setting):
        raise RedisSetupError(
            f"{setting}={_redacted(url)} is a Redis Cluster node; RQ's queues need a "
            "standalone Redis (set QUEUE_REDIS_URL to one)"
        )
    return redis.Redis.from_url(url, **DRIVER)


def from_settings(settings: dict, max_connections: int | None = None):
    """(the data client, the queue client) for the house settings (``shared.config``).

    A cluster at REDIS_URL needs QUEUE_REDIS_URL set to a standalone Redis."""
    r = connect(
        settings["REDIS_URL"],
        max_connections=max_connections,
        wait_replicas=settings.get("REDIS_WAIT_REPLICAS", 0),
        wait_timeout=settings.get("REDIS_WAIT_TIMEOUT", 0),
    )
    queue_url = settings.get("QUEUE_REDIS_URL")
    if not queue_url:
        if is_cluster(r):
            r.close()
            raise RedisSetupError(
                f"REDIS_URL={_redacted(settings['REDIS_URL'])} is a Redis Cluster: set "
                "QUEUE_REDIS_URL to a standalone Redis for RQ's queues (RQ does not run on a "
                "cluster)"
            )
        queue_url = settings["REDIS_URL"]
    return r, connect_queue(queue_url)
