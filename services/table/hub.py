"""One Redis reader per process that fans table commits out to this process's SSE clients.

The reader listens on the change channel (one connection for the whole process); for a table
with local subscribers it reads the new stream entries and the current document once, and
hands both to every subscriber's queue. No Redis connection is held per client.
Written with threading primitives, which gevent's monkey-patching turns into greenlets.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import defaultdict
from dataclasses import dataclass

import redis

from shared import keys, store

QUEUE_SIZE = 256  # commits a slow client may lag behind before it gets a full state
RECONNECT_PAUSE = 0.5  # seconds before the reader reconnects to Redis


@dataclass
class Batch:
    """New commits of a table, with its document as of the newest of them."""

    entries: list  # [(stream id, version, events)]
    doc: dict | None


class Subscription:
    def __init__(self, table_id: str):
        self.table_id = table_id
        self.queue: queue.Queue = queue.Queue(maxsize=QUEUE_SIZE)
        self.overflowed = threading.Event()

    def offer(self, batch: Batch) -> None:
        try:
            self.queue.put_nowait(batch)
        except queue.Full:
            self.overflowed.set()

    def next(self, timeout: float) -> Batch | None:
        """The next batch, or None after ``timeout`` seconds of quiet."""
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None


class Hub:
    def __init__(self, r: redis.Redis):
        self.r = r
        self.lock = threading.Lock()
        self.subscribers: dict[str, set[Subscription]] = defaultdict(set)
        self.last_ids: dict[str, str] = {}
        self.listener: threading.Thread | None = None

    def subscribe(self, table_id: str) -> Subscription:
        subscription = Subscription(table_id)
        with self.lock:
            if not self.subscribers[table_id]:
                self.last_ids[table_id] = store.latest_event_id(self.r, table_id)
            self.subscribers[table_id].add(subscription)
            if self.listener is None or not self.listener.is_alive():
                self.listener = threading.Thread(target=self._listen, daemon=True)
                self.listener.start()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            subscribers = self.subscribers.get(subscription.table_id)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self.subscribers[subscription.table_id]
                    self.last_ids.pop(subscription.table_id, None)

    def connections(self) -> int:
        with self.lock:
            return sum(len(s) for s in self.subscribers.values())

    def _listen(self) -> None:
        """Listen for commits; after a lost connection or any other Redis error (a read that
        timed out under load, say), catch every subscribed table up. The reader must never
        stop: the SSE clients of this process hear nothing without it."""
        while True:
            pubsub = self.r.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(keys.TABLE_CHANGES)
                with self.lock:
                    tables = list(self.subscribers)
                for table_id in tables:
                    self._fan_out(table_id)
                for message in pubsub.listen():
                    if message["data"] in self.subscribers:
                        self._fan_out(message["data"])
            except redis.RedisError:
                time.sleep(RECONNECT_PAUSE)
            finally:
                pubsub.close()

    def _fan_out(self, table_id: str) -> None:
        with self.lock:
            after = self.last_ids.get(table_id)
        if after is None:
            return
        pipe = self.r.pipeline(transaction=False)
        pipe.xrange(keys.table_events(table_id), min=f"({after}")
        pipe.hmget(keys.table(table_id), "version", "doc")
        raw_entries, (version, doc) = pipe.execute()
        if not raw_entries:
            return
        entries = store.parse_events(raw_entries)
        document = store.parse_doc(version, doc)
        with self.lock:
            self.last_ids[table_id] = entries[-1][0]
            subscribers = list(self.subscribers.get(table_id, ()))
        batch = Batch(entries, document)
        for subscription in subscribers:
            subscription.offer(batch)
