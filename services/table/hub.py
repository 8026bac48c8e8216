"""The Redis side of a process's SSE clients: it hears the commits of the tables they watch
and fans the new stream entries out to them.

Every commit is announced on its own table's channel (``shared.keys.table_channel``: plain
pub/sub on one Redis, sharded pub/sub on a Redis Cluster, where the channel lives in the
table's slot). The hub subscribes to a table's channel when the first client of this process
watches it and unsubscribes when the last one leaves, so its Redis traffic grows with its own
streams, not with the house. It holds one pub/sub connection per Redis node that owns a
watched table (one on a standalone Redis), never one per client.

A listener per node (one thread) reads the announcements. An announcement carries the commit
itself (shared/store.py: the entry before it, the entry, and the document), so a table whose
last delivered entry is the one before gets it passed on without a read. Any other table
(one that just got a watcher, or missed an announcement) has its new stream entries and its
current document read — all such tables of a wake-up in one pipelined round trip. Each
table's batch goes to every subscriber's queue. After any
Redis error (a lost connection, a failover, a read that timed out) a listener subscribes its
tables again where they live now and the reader catches them up from the last entry it
delivered: nothing is lost, nothing is sent twice.

One table's bad data stops no other table: an announcement that cannot be read makes its
table be read instead, an entry that cannot be read is passed over (and logged once,
shared.store.unreadable), a document that cannot be read goes out as none (each watcher then
sees the events as a spectator would), and whatever else fails for one table drops that
table's batch, never the listener that carries the others.

One ticker per hub (a thread, started with its first stream) keeps the streams alive: every
second (TICK) it wakes each subscription that has been handed nothing for ``heartbeat``
seconds (its client is sent a comment) and renews the stream leases that are due, in one
pipelined round trip — no timer per stream, and no burst: a stream that hears of moves needs
no comment, and the others' fall due spread over the interval, as they were opened.
Written with threading primitives, which gevent's monkey-patching turns into greenlets.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections import defaultdict
from dataclasses import dataclass

import redis

from services.table import stream_leases
from shared import connection, keys, store
from shared.tables.latest import LatestDocs

QUEUE_SIZE = 256  # commits a slow client may lag behind before it gets a full state
TICK = 1.0  # seconds between the ticker's rounds (at most the heartbeat)
RECONNECT_PAUSE = 0.5  # seconds before a listener subscribes its tables again after an error
LISTEN_TIMEOUT = 1.0  # seconds a listener waits for a message before it looks again
WARN_EVERY = 30.0  # seconds between warnings while Redis stays away (the rest go to debug)
log = logging.getLogger(__name__)


@dataclass
class Batch:
    """New commits of a table, with its document as of the newest of them."""

    entries: list  # [(stream id, version, events)]
    doc: dict | None


class Subscription:
    def __init__(self, table_id: str, lease: stream_leases.StreamLease | None = None,
                 heartbeat: float | None = None):  # fmt: skip
        self.table_id = table_id
        self.lease = lease  # renewed by the hub's ticker
        self.heartbeat = heartbeat  # seconds without news before the subscriber is woken
        self.beat_at = time.monotonic() + (heartbeat or 0)
        self.queue: queue.Queue = queue.Queue(maxsize=QUEUE_SIZE)
        self.overflowed = threading.Event()

    def offer(self, batch: Batch) -> None:
        try:
            self.queue.put_nowait(batch)
        except queue.Full:
            self.overflowed.set()
        if self.heartbeat:
            self.beat_at = time.monotonic() + self.heartbeat  # news keeps the stream alive too

    def beat(self, now: float) -> None:
        """The ticker's round: once ``heartbeat`` s passed without news (``now``, monotonic),
        the subscriber wakes with None (a full queue wakes it anyway)."""
        if now >= self.beat_at:
            self.beat_at = now + (self.heartbeat or 0)
            with contextlib.suppress(queue.Full):
                self.queue.put_nowait(None)

    def next(self, timeout: float | None = None) -> Batch | None:
        """The next batch; None at the hub's heartbeat, or after ``timeout`` s of quiet."""
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None


class _Lost(Exception):
    """A node dropped a subscription this listener still wants (its slot moved)."""


def _table_of(channel: str) -> str:
    """The table id of a table channel ``{t:<id>}:changed``."""
    return channel[3 : channel.index("}")]


@dataclass
class Announcement:
    """A commit (or chat line) as its table's channel announced it."""

    previous: str  # the stream entry before it ("": not known)
    entry_id: str
    version: int
    events: str  # JSON
    doc: str  # JSON; "" for a chat line


def _announcement(data: str) -> Announcement | None:
    """An announcement from a message's data; None for one without the commit."""
    parts = data.split("\n", 5)
    if len(parts) < 6:
        return None
    _, previous, entry_id, version, events, doc = parts
    _id_key(entry_id)  # (a ValueError for what is not a stream id)
    return Announcement(previous, entry_id, int(version), events, doc)


def _note(announced: dict, message: dict) -> None:
    """Add a message's announcement to its table's (None when it cannot be read: the table
    is read instead)."""
    try:
        table_id = _table_of(message["channel"])
    except ValueError:
        return  # not a table's channel
    try:
        announced[table_id].append(_announcement(message["data"]))
    except ValueError as error:
        store.unreadable(table_id, "an announcement", error)
        announced[table_id].append(None)


class _Listener:
    """One pub/sub connection to one Redis node, for the watched tables that live there; its
    thread reads the announcements and hands each wake-up's to the hub, which passes them on
    (and reads only the tables whose announcements do not follow on, in one pipelined round
    trip). Only this thread reads from or closes the connection (others only send SUBSCRIBE
    and UNSUBSCRIBE on it)."""

    def __init__(self, hub: Hub, name: str, client: redis.Redis):
        self.hub = hub
        self.name = name
        self.pubsub = client.pubsub()
        self.tables: set[str] = set()
        self.closed = False
        self.hooked = None  # the connection that tells this listener when it reconnects
        self.thread = threading.Thread(target=self._run, daemon=True, name=f"hub {name}")

    def add(self, table_id: str) -> None:
        self.tables.add(table_id)
        channel = keys.table_channel(table_id)
        if self.hub.sharded:
            self.pubsub.ssubscribe(channel)
        else:
            self.pubsub.subscribe(channel)
        if not self.hooked and self.pubsub.connection is not None:
            # redis-py may reconnect by itself (and subscribe again): catch the tables up
            self.pubsub.connection.register_connect_callback(self._reconnected)
            self.hooked = self.pubsub.connection
        if not self.thread.is_alive():
            self.thread.start()

    def remove(self, table_id: str) -> None:
        self.tables.discard(table_id)
        channel = keys.table_channel(table_id)
        if self.hub.sharded:
            self.pubsub.sunsubscribe(channel)
        else:
            self.pubsub.unsubscribe(channel)

    def _reconnected(self, _connection) -> None:
        tables = sorted(self.tables)
        threading.Thread(target=self.hub._catch_up, args=(tables,), daemon=True).start()

    def _close(self) -> None:
        if self.hooked:
            self.hooked.deregister_connect_callback(self._reconnected)
        self.pubsub.close()

    def _run(self) -> None:
        try:
            while not self.closed:
                announced: dict[str, list[Announcement | None]] = defaultdict(list)
                message = self.pubsub.get_message(timeout=LISTEN_TIMEOUT)
                while message is not None:
                    kind = message["type"]
                    if kind in ("message", "smessage"):
                        _note(announced, message)
                    elif kind == "sunsubscribe" and _table_of(message["channel"]) in self.tables:
                        raise _Lost(message["channel"])
                    message = self.pubsub.get_message(timeout=0)
                if announced:
                    self.hub._deliver(announced)
        except Exception as error:  # the listener must never just stop: hand its tables on
            if not self.closed:
                self.hub._lost(self, error)
        self._close()


class Hub:
    def __init__(self, r, docs: LatestDocs | None = None, heartbeat: float | None = None):
        self.r = r
        self.heartbeat = heartbeat  # seconds between the ticker's beats (None: no ticker)
        self.ticker: threading.Thread | None = None
        self.sharded = connection.is_cluster(r)
        self.lock = threading.RLock()
        self.subscribers: dict[str, set[Subscription]] = defaultdict(set)
        self.last_ids: dict[str, str] = {}
        # the newest document seen of each watched table (delivered, or committed by a change
        # in this process, which may start from it: services/table/app.py)
        self.docs = docs if docs is not None else LatestDocs()
        self.listeners: dict[str, _Listener] = {}  # node name → its listener
        self.listener_of: dict[str, _Listener] = {}  # table id → the listener it is on
        self.rounds = 0  # pipelined reads of new entries so far
        self.quiet_until = 0.0  # no warning before this (monotonic) time: one per outage spell
        self.unwarned = 0  # retries since the last warning
        self.closed = False

    # -- clients ---------------------------------------------------------------------------
    def subscribe(
        self, table_id: str, lease: stream_leases.StreamLease | None = None
    ) -> Subscription:
        subscription = Subscription(table_id, lease, self.heartbeat)
        with self.lock:
            first = not self.subscribers[table_id]
            self.subscribers[table_id].add(subscription)
            if self.heartbeat and self.ticker is None:
                self.ticker = threading.Thread(target=self._tick, daemon=True, name="hub ticker")
                self.ticker.start()
        if first:
            try:
                latest = store.latest_event_id(self.r, table_id)
            except BaseException:
                self.unsubscribe(subscription)
                raise
            with self.lock:
                if not self.subscribers.get(table_id) or table_id in self.last_ids:
                    return subscription
                self.last_ids[table_id] = latest
                self.docs.watch(table_id)
                self._attach(table_id)
            # what was committed between the read above and the subscription
            self._catch_up([table_id])
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            subscribers = self.subscribers.get(subscription.table_id)
            if subscribers is None:
                return
            subscribers.discard(subscription)
            if not subscribers:
                del self.subscribers[subscription.table_id]
                self.last_ids.pop(subscription.table_id, None)
                self.docs.forget(subscription.table_id)
                self._detach(subscription.table_id)

    def close(self) -> None:
        """Stop listening, retrying and beating, for a house shut down in a process that goes
        on (a test's): the listeners' threads close their connections within LISTEN_TIMEOUT."""
        with self.lock:
            self.closed = True
            for listener in list(self.listeners.values()):
                self._drop(listener)

    def _tick(self) -> None:
        """Every TICK s: the subscriptions without news for ``heartbeat`` s beat, the due
        leases are renewed."""
        while not self.closed:
            time.sleep(min(TICK, self.heartbeat or TICK))
            with self.lock:
                subscriptions = [s for group in self.subscribers.values() for s in group]
            now = time.monotonic()
            for subscription in subscriptions:
                subscription.beat(now)
            leases = [s.lease for s in subscriptions if s.lease is not None]
            try:
                stream_leases.renew(self.r, leases)
            except Exception as error:  # the next beat tries again; the leases last LEASE s
                log.warning("hub: renewing %d stream leases: %s", len(leases), error)

    def connections(self) -> int:
        with self.lock:
            return sum(len(s) for s in self.subscribers.values())

    def channels(self) -> int:
        """How many table channels this process listens to."""
        with self.lock:
            return len(self.listener_of)

    # -- subscriptions (under self.lock) ---------------------------------------------------
    def _node_of(self, table_id: str) -> tuple[str, redis.Redis]:
        if not self.sharded:
            return "redis", self.r
        node = self.r.get_node_from_key(keys.table_channel(table_id))
        return node.name, self.r.get_redis_connection(node)

    def _attach(self, table_id: str) -> None:
        """Subscribe to the table's channel on the node that owns it; a failure hands the
        listener's tables on (they are attached again after a pause)."""
        listener = None
        try:
            name, client = self._node_of(table_id)
            listener = self.listeners.get(name)
            if listener is None:
                listener = self.listeners[name] = _Listener(self, name, client)
            self.listener_of[table_id] = listener
            listener.add(table_id)
        except Exception as error:
            if listener is None:  # no node for it right now: try again soon
                self._retry_later([table_id], error)
            else:
                listener.tables.add(table_id)
                self._retry_later(self._drop(listener), error)

    def _detach(self, table_id: str) -> None:
        listener = self.listener_of.pop(table_id, None)
        if listener is None:
            return
        try:
            listener.remove(table_id)
        except Exception as error:
            self._retry_later(self._drop(listener), error)

    def _drop(self, listener: _Listener) -> list[str]:
        """Retire a listener (its thread closes its connection); the tables it had."""
        listener.closed = True
        if self.listeners.get(listener.name) is listener:
            del self.listeners[listener.name]
        for table_id in listener.tables:
            if self.listener_of.get(table_id) is listener:
                del self.listener_of[table_id]
        if not listener.thread.is_alive():
            listener._close()
        return sorted(listener.tables)

    def _lost(self, listener: _Listener, error: Exception) -> None:
        """A listener failed: its tables go to new listeners after a pause."""
        with self.lock:
            tables = self._drop(listener)
        self._retry_later(tables, error)

    def _retry_later(self, tables: list[str], error: Exception) -> None:
        if self.closed:
            return
        now = time.monotonic()
        if now < self.quiet_until:
            self.unwarned += 1
            log.debug("hub: %s; subscribing %d tables again", error, len(tables))
        else:
            log.warning("hub: %s; subscribing %d tables again (%d retries since the last "
                        "warning)", error, len(tables), self.unwarned)  # fmt: skip
            self.quiet_until, self.unwarned = now + WARN_EVERY, 0
        threading.Thread(target=self._reattach, args=(tables,), daemon=True).start()

    def _reattach(self, tables: list[str]) -> None:
        time.sleep(RECONNECT_PAUSE)
        if self.sharded:
            try:  # where the slots live now (after a failover)
                self.r.nodes_manager.initialize()
            except Exception as error:
                self._retry_later(tables, error)
                return
        with self.lock:
            if self.closed:
                return
            tables = [t for t in tables if self.subscribers.get(t) and t not in self.listener_of]
            for table_id in tables:
                self._attach(table_id)
        self._catch_up(tables)

    # -- reading ---------------------------------------------------------------------------
    def _catch_up(self, tables: list[str]) -> None:
        """Read what the tables committed since their last delivered entry (after a new or a
        renewed subscription); a failure is retried with the subscription."""
        try:
            self._fan_out(set(tables))
        except Exception as error:
            with self.lock:
                dropped = [self._drop(self.listener_of[t]) for t in tables if t in self.listener_of]
            self._retry_later(sorted({t for ts in dropped for t in ts} | set(tables)), error)

    def _deliver(self, announced: dict[str, list[Announcement | None]]) -> None:
        """Pass announced commits on to the subscribers of their tables; a table whose
        announcements do not follow on from its last delivered entry is read instead."""
        unread: set[str] = set()
        with self.lock:
            for table_id, announcements in announced.items():
                self._isolated(table_id, self._announced, table_id, announcements, unread)
        if unread:
            self._fan_out(unread)

    def _announced(self, table_id: str, announcements: list, unread: set[str]) -> None:
        """Pass one table's announced commits on, or add it to ``unread`` (under self.lock)."""
        last_id = self.last_ids.get(table_id)
        if last_id is None:
            return  # its watchers left meanwhile
        entries, newest, complete = _following(table_id, announcements, last_id)
        doc = (newest.version, newest.doc) if newest else self.docs.get(table_id)
        # chat lines alone go with the kept document only if it is the one they were said
        # at: a move of this process keeps its document before its announcement comes, and
        # that must not reach a client ahead of the move's own entry
        if not complete or (entries and (doc is None or doc[0] != entries[-1][1])):
            unread.add(table_id)
        elif entries:
            self._offer(table_id, entries, *doc)

    @staticmethod
    def _isolated(table_id: str, handle, *args) -> None:
        """``handle(*args)`` for one table: whatever fails there is logged once and costs
        that table its batch, not the listener that carries the others."""
        try:
            handle(*args)
        except Exception as error:
            store.unreadable(table_id, "a batch for its watchers", error)

    def _offer(self, table_id: str, entries: list, version, raw: str | None) -> None:
        """Hand new entries to the table's subscribers with the document ``raw`` (JSON; None:
        the table is gone) at ``version`` (under self.lock)."""
        self.last_ids[table_id] = entries[-1][0]
        try:
            doc = store.parse_doc(version, raw)
        except ValueError as error:
            store.unreadable(table_id, "its document", error)
            return self._pass_on(table_id, Batch(entries, None))
        if doc is not None:
            self.docs.seen(table_id, doc["version"], raw)
        self._pass_on(table_id, Batch(entries, doc))

    def _pass_on(self, table_id: str, batch: Batch) -> None:
        for subscription in self.subscribers.get(table_id, ()):
            subscription.offer(batch)

    def _fan_out(self, tables: set[str]) -> None:
        """The new entries and current documents of ``tables`` in one pipelined round trip,
        handed to their subscribers (each entry once, in order, whoever read it first)."""
        with self.lock:
            after = {t: self.last_ids[t] for t in tables if t in self.last_ids}
        if not after:
            return
        self.rounds += 1
        pipe = self.r.pipeline(transaction=False)
        for table_id, last_id in after.items():
            pipe.xrange(keys.table_events(table_id), min=f"({last_id}")
            pipe.hmget(keys.table(table_id), "version", "doc")
        results = pipe.execute()
        for index, table_id in enumerate(after):
            raw_entries, (version, doc) = results[2 * index], results[2 * index + 1]
            if raw_entries:
                self._isolated(table_id, self._read, table_id, raw_entries, version, doc)

    def _read(self, table_id: str, raw_entries: list, version, doc) -> None:
        """Hand entries read from the table's stream on (those not delivered yet); past an
        unreadable last one the table's last delivered entry moves on all the same."""
        with self.lock:
            last_id = self.last_ids.get(table_id)
            if last_id is None:
                return  # its watchers left meanwhile
            entries = [
                entry
                for entry in store.parse_events(raw_entries, table_id)
                if _id_key(entry[0]) > _id_key(last_id)
            ]
            if entries:  # (else another read delivered them already)
                self._offer(table_id, entries, version, doc)
            newest = raw_entries[-1][0]
            if _id_key(newest) > _id_key(self.last_ids[table_id]):
                self.last_ids[table_id] = newest  # unreadable, or all delivered already


def _following(table_id: str, announcements: list[Announcement | None], last_id: str):
    """(the entries that follow on from ``last_id``, the newest of their announcements with a
    document or None, whether all after it were there): stops at the first announcement that
    says nothing, cannot be read or comes after one that was missed; skips those a read
    delivered already."""
    entries, newest = [], None
    for announcement in announcements:
        if announcement is None:
            return entries, newest, False
        if announcement.previous != last_id:
            if _id_key(announcement.entry_id) > _id_key(last_id):
                return entries, newest, False
            continue
        try:
            events = store.parse_entry_events(announcement.events)
        except ValueError as error:
            store.unreadable(table_id, f"stream entry {announcement.entry_id}", error)
            return entries, newest, False
        entries.append((announcement.entry_id, announcement.version, events))
        newest = announcement if announcement.doc else newest
        last_id = announcement.entry_id
    return entries, newest, True


def _id_key(stream_id: str) -> tuple[int, int]:
    ms, _, seq = stream_id.partition("-")
    return int(ms), int(seq or 0)
