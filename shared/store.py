"""Redis access for tables: load a table, commit a change with compare-and-set, read streams.

A table is one hash (``version``, ``doc``, and ``last``: its newest stream entry, which an
announcement names as the one before it) plus its event stream and move lists, all under the
table's hash tag. Every change goes through :func:`commit`, one Lua script that checks the
version, writes the document, appends the commit's events to the stream, records the moves and
the idempotent answer, arms the table's clock prompt when it needs one, keeps the booking of a
game that ended as unbooked until the ledger confirms it, and announces the commit on the
table's own channel (``PUBLISH``; ``SPUBLISH``, sharded pub/sub, on a Redis Cluster) — all or
nothing. The indexes outside the table's hash tag (so not in the script: the due index,
``bookings:due``) are written in the same round trip, and on a cluster the commit waits there
for its replica (``WAIT``, the settings REDIS_WAIT_REPLICAS and REDIS_WAIT_TIMEOUT) before it
is answered.

Every script touches only keys of one hash tag (a table's, or the ledger's), so it runs on a
cluster as on one Redis; pipelines that span tags are not transactions. The due index is
split into buckets (``shared.keys.INDEX_BUCKETS``): a write goes to one bucket, a reader reads
them all in one pipelined round trip. A table's chat is shared/chat_lines.py's, who was seen
lately shared/presence.py's.
"""

from __future__ import annotations

import heapq
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import islice
from typing import NamedTuple

import redis

from shared import jsonfast, keys, scripts
from shared.games import get_game
from shared.ratelimit import COUNT_REQUEST, Limit
from shared.scripts import NamedScript

STREAM_LENGTH = 2000  # commits kept per table stream (approximate trim)
REQUEST_TTL = 900  # seconds an idempotent answer is kept
BOOKING_RESEND = 60.0  # seconds after a game's end before an unconfirmed booking is sent again
UNREADABLE_REMEMBERED = 1024  # unreadable entries a process remembers having logged
log = logging.getLogger(__name__)
_logged: OrderedDict = OrderedDict()  # (table id, what) → None: unreadable data logged once

# A table keeps at most one clock prompt armed; its key holds when that prompt fires. A new
# deadline arms a prompt (returns 1: enqueue one) unless the armed one is still to come and
# fires no later; one that has fired (or got lost) counts as none, and a prompt that fires
# before the deadline arms itself again (lifecycle.clock_expiry).
_ARM_CLOCK = """
local function arm_clock(key, at, now, expire)
  local armed = tonumber(redis.call('GET', key) or '')
  if armed and armed > tonumber(now) and armed <= tonumber(at) then return 0 end
  if tonumber(expire) > 0 then
    redis.call('SET', key, at, 'EX', expire)
  else
    redis.call('SET', key, at)
  end
  return 1
end
"""

# A commit (and a chat line) is announced on the table's channel with what a listener needs
# to pass it on without reading it back: the table id, the id of the stream entry before it
# (the table hash's ``last``: a listener that delivered that one may deliver this one), the
# entry's id, version and events, and the document (none for a chat line), one per line
# (the JSON has no raw line breaks). services/table/hub.py reads it.
ANNOUNCEMENT = """
local function announcement(table_id, previous, id, version, events, doc)
  return table.concat({table_id, previous or '', id, version, events, doc}, '\\n')
end
"""


class CommitKeys(NamedTuple):
    """The commit script's KEYS, in order: all in the table's slot (a cluster routes a
    script by its keys) but for the guard's, which is used on a standalone Redis only."""

    table: str  # the table's hash: version, doc, last
    events: str  # its event stream
    moves: str  # the game's record
    request: str  # the request's kept answer, or the table's hash when the change has none
    clock: str  # the table's armed clock prompt
    unbooked: str  # the bookings of its games that the ledger has not confirmed
    channel: str  # where the commit is announced (ARGV.publish)
    guard: str  # the key that must hold ARGV.guard_value (Commit.guard), or the table's hash
    account: str  # a key that must exist (ARGV.must_exist), or the table's hash
    limit: str  # the request's rate limit counter (Commit.limit), or the table's hash


class CommitArgs(NamedTuple):
    """The commit script's ARGV, in order (all strings)."""

    expected: str  # the version the change read ('': a new table)
    version: str  # the version written
    doc: str  # the document written (JSON)
    events: str  # the commit's events (JSON)
    moves: str  # the entries for the record (a JSON list of JSON strings)
    answer: str  # the request's fingerprint, a line break, its answer (JSON)
    stream_length: str
    request_ttl: str  # seconds the answer is kept
    expire: str  # seconds until the table's keys expire ('0': keep)
    publish: str  # PUBLISH or SPUBLISH
    table_id: str
    clock_at: str  # a human's deadline to arm the clock prompt for ('': none)
    now: str
    game_id: str  # the game whose booking is kept as unbooked ('': none)
    booking: str  # that booking (JSON)
    guard_value: str  # the integer KEYS.guard must hold (absent: 0; '': no guard)
    must_exist: str  # '1': KEYS.account must exist
    limit: str  # requests a window KEYS.limit allows ('': none counted)
    window: str  # the limit's window (ms)


class CommitOutcome(IntEnum):
    """What the commit script answers first; the rest of its answer is named here."""

    STALE = 0  # nothing written: [the table's version, or '' when there is none]
    COMMITTED = 1  # [the stream id, 1 when the clock prompt was armed, else 0]
    ANSWERED = 2  # the request's answer was kept before: [that answer], nothing written
    GUARD_REFUSED = 3  # KEYS.guard does not hold ARGV.guard_value: nothing written
    ACCOUNT_GONE = 4  # KEYS.account does not exist: nothing written
    OVER_LIMIT = 5  # the request is over ARGV.limit: [ms left in the window], nothing written


_COMMIT = NamedScript(CommitKeys, CommitArgs, CommitOutcome,
                      prelude=_ARM_CLOCK + ANNOUNCEMENT + COUNT_REQUEST, body="""
local count, left = 0, 0
if ARGV.limit ~= '' then count, left = count_request(KEYS.limit, ARGV.window) end
if ARGV.must_exist ~= '' and redis.call('EXISTS', KEYS.account) == 0 then
  return {OUTCOME.ACCOUNT_GONE}
end
if ARGV.guard_value ~= ''
    and tonumber(redis.call('GET', KEYS.guard) or '0') ~= tonumber(ARGV.guard_value) then
  return {OUTCOME.GUARD_REFUSED}
end
if KEYS.request ~= KEYS.table then
  local answer = redis.call('GET', KEYS.request)
  if answer then return {OUTCOME.ANSWERED, answer} end
end
if ARGV.limit ~= '' and count > tonumber(ARGV.limit) then return {OUTCOME.OVER_LIMIT, left} end
local held = redis.call('HMGET', KEYS.table, 'version', 'last')
local current = held[1]
if ARGV.expected == '' then
  if current then return {OUTCOME.STALE, current} end
elseif current ~= ARGV.expected then
  return {OUTCOME.STALE, current or ''}
end
local id = redis.call('XADD', KEYS.events, 'MAXLEN', '~', ARGV.stream_length, '*',
                      'v', ARGV.version, 'e', ARGV.events)
redis.call('HSET', KEYS.table, 'version', ARGV.version, 'doc', ARGV.doc, 'last', id)
local moves = cjson.decode(ARGV.moves)
for _, move in ipairs(moves) do redis.call('RPUSH', KEYS.moves, move) end
if KEYS.request ~= KEYS.table then
  redis.call('SET', KEYS.request, ARGV.answer, 'EX', ARGV.request_ttl)
end
if tonumber(ARGV.expire) > 0 then
  redis.call('EXPIRE', KEYS.table, ARGV.expire)
  redis.call('EXPIRE', KEYS.events, ARGV.expire)
  redis.call('EXPIRE', KEYS.moves, ARGV.expire)
end
if ARGV.game_id ~= '' then
  redis.call('HSET', KEYS.unbooked, ARGV.game_id, ARGV.booking)
  if tonumber(ARGV.expire) > 0 then redis.call('EXPIRE', KEYS.unbooked, ARGV.expire) end
end
local armed = 0
if ARGV.clock_at ~= '' then armed = arm_clock(KEYS.clock, ARGV.clock_at, ARGV.now, ARGV.expire) end
redis.call(ARGV.publish, KEYS.channel,
           announcement(ARGV.table_id, held[2], id, ARGV.version, ARGV.events, ARGV.doc))
return {OUTCOME.COMMITTED, id, armed}
""")  # fmt: skip

_ARM = _ARM_CLOCK + "return arm_clock(KEYS[1], ARGV[1], ARGV[2], ARGV[3])"


def _wait_for_replicas(r, pipe, table_id: str) -> None:
    """On a cluster with REDIS_WAIT_REPLICAS set: WAIT on the table's primary, in the same
    round trip, until the commit is on that many replicas (or REDIS_WAIT_TIMEOUT ms passed),
    so that a failover does not lose a move that was answered."""
    wait = getattr(r, "commit_wait", None)
    if wait:
        node = r.get_node_from_key(keys.table(table_id))
        pipe.execute_command("WAIT", wait[0], wait[1], target_nodes=node)


class VersionConflict(Exception):
    """The table moved on since it was read; ``current`` is its version now (None: gone)."""

    def __init__(self, current: int | None):
        super().__init__(f"table is at version {current}")
        self.current = current


class OverLimit(Exception):
    """The request is over its rate limit (``refusal``: what the caller is told); nothing
    was written."""

    def __init__(self, refusal: Exception):
        super().__init__(str(refusal))
        self.refusal = refusal


class GuardRefused(Exception):
    """The commit's guard did not hold (``gone``: its key that must exist did not); nothing
    was written."""

    def __init__(self, gone: bool):
        super().__init__("the guard does not hold")
        self.gone = gone


@dataclass(frozen=True)
class StoredAnswer:
    """What the first request with a request key was told, and which request that was (its
    fingerprint, "" when it was not kept)."""

    answer: dict
    request: str


def _stored_answer(raw: str) -> StoredAnswer:
    """A stored answer: the request's fingerprint, a line break, the answer (JSON)."""
    request, _, answer = raw.partition("\n") if not raw.startswith("{") else ("", "", raw)
    return StoredAnswer(jsonfast.loads(answer), request)


class AlreadyApplied(Exception):
    """The request key was seen before; ``stored`` is what the first request was told."""

    def __init__(self, stored: StoredAnswer):
        super().__init__("request already applied")
        self.stored = stored


@dataclass
class Commit:
    """One change of a table: its new document, events, moves for the record and answer."""

    doc: dict
    events: list = field(default_factory=list)
    moves: list = field(default_factory=list)
    game_no: int = 0
    request_key: str | None = None
    answer: dict | None = None
    request: str = ""  # the fingerprint of the request, kept with its answer
    expire: int = 0  # seconds until the table's keys expire (0: keep)
    due: float | None = None  # when the table's next timed work is due (the due index)
    clock_at: float | None = None  # a human's deadline: arm a clock prompt for it if needed
    now: float = 0.0  # the change's time: an armed prompt not later than it has fired
    booking: dict | None = None  # a game ended: kept as unbooked until the ledger confirms
    # (key, the integer it must hold, a key that must exist or None) — standalone only
    guard: tuple[str, int, str | None] | None = None
    limit: Limit | None = None  # the request's rate limit, counted first — standalone only


@dataclass
class Committed:
    """What a commit did: its stream id, and whether it armed the table's clock prompt
    (then the caller enqueues the job, at ``Commit.clock_at``)."""

    event_id: str
    clock_armed: bool
    doc: str  # the document as written (JSON)


def parse_doc(version: str | None, doc: str | None) -> dict | None:
    """A table document from its hash fields (None when the table does not exist), its
    game's state upgraded (shared.games.base.Game.upgrade)."""
    if doc is None:
        return None
    document = jsonfast.loads(doc)
    document["version"] = int(version)
    if document["current"] is not None:  # a state an older house dealt, brought up to date
        get_game(document["game"]).upgrade(document["current"]["state"])
    return document


def exists(r: redis.Redis, table_id: str) -> bool:
    """Whether there is such a table (without reading its document)."""
    return bool(r.exists(keys.table(table_id)))


def load(r: redis.Redis, table_id: str) -> dict | None:
    """The table document (with its ``version``), or None when there is no such table."""
    return parse_doc(*r.hmget(keys.table(table_id), "version", "doc"))


class FirstRead(NamedTuple):
    """What the move path's first read found (:func:`load_or_answer`)."""

    answer: StoredAnswer | None  # kept for the request key
    doc: dict | None  # the table's document
    held: tuple[str | None, bool] | None  # the guard's key's value, whether its other exists
    over_limit: Exception | None  # the request is over its rate limit: what it is told


def load_or_answer(r: redis.Redis, table_id: str, request_key: str | None,
                   guard: tuple[str, str | None] | None = None,
                   limit: Limit | None = None) -> FirstRead:  # fmt: skip
    """The stored answer to ``request_key``, the table document, the values a ``guard`` (a
    key, a key that must exist or None) reads, and the request counted against its
    ``limit``, in one round trip — the move path's first read."""
    pipe = r.pipeline(transaction=False)
    if limit:
        limit.count_in(pipe, **scripts.route(r, limit.key))
    if guard:
        pipe.get(guard[0])
        if guard[1]:
            pipe.exists(guard[1])
    if request_key:
        pipe.get(keys.table_request(table_id, request_key))
    pipe.hmget(keys.table(table_id), "version", "doc")
    results = pipe.execute()
    over_limit = limit.judge(*results[0]) if limit else None
    if limit:
        results = results[1:]
    guarded = (results[0], not guard[1] or bool(results[1])) if guard else None
    stored = results[-2] if request_key else None
    answer = _stored_answer(stored) if stored else None
    return FirstRead(answer, parse_doc(*results[-1]), guarded, over_limit)


def load_many(r: redis.Redis, table_ids: list[str]) -> list[dict]:
    """The documents of several tables in one round trip (missing ones left out)."""
    pipe = r.pipeline(transaction=False)
    for table_id in table_ids:
        pipe.hmget(keys.table(table_id), "version", "doc")
    return [doc for fields in pipe.execute() if (doc := parse_doc(*fields)) is not None]


def commit(r: redis.Redis, expected: int | None, change: Commit) -> Committed:
    """Write ``change`` if the table is still at version ``expected`` (None: a new table),
    and the table's entry in the due index, in one round trip.

    The document's version becomes ``expected + 1``. Raises VersionConflict, AlreadyApplied
    or GuardRefused and writes nothing of the table otherwise — but the due index has been
    written all the same (it is not in the script): the caller puts it right (see
    ``shared.tables.transaction.change``).
    """
    table_id = change.doc["id"]
    new_version = 1 if expected is None else expected + 1
    doc = jsonfast.dumps({k: v for k, v in change.doc.items() if k != "version"})
    table_key = keys.table(table_id)
    guard_key, guard_value, must_exist = change.guard or (table_key, "", None)
    request = keys.table_request(table_id, change.request_key) if change.request_key else table_key
    script_keys = CommitKeys(
        table=table_key,
        events=keys.table_events(table_id),
        moves=keys.table_moves(table_id, change.game_no),
        request=request,
        clock=keys.table_clock(table_id),
        unbooked=keys.table_unbooked(table_id),
        channel=keys.table_channel(table_id),
        guard=guard_key,
        account=must_exist or table_key,
        limit=change.limit.key if change.limit else table_key,
    )
    script_args = CommitArgs(
        expected="" if expected is None else str(expected),
        version=str(new_version),
        doc=doc,
        events=jsonfast.dumps(change.events),
        moves=jsonfast.dumps([jsonfast.dumps(m) for m in change.moves]),
        answer=f"{change.request}\n{jsonfast.dumps(change.answer or {})}",
        stream_length=str(STREAM_LENGTH),
        request_ttl=str(REQUEST_TTL),
        expire=str(change.expire),
        publish=scripts.publish_command(r),
        table_id=table_id,
        clock_at="" if change.clock_at is None else repr(change.clock_at),
        now=repr(change.now),
        game_id=change.booking["game_id"] if change.booking else "",
        booking=jsonfast.dumps(change.booking) if change.booking else "",
        guard_value=str(guard_value),
        must_exist="1" if must_exist else "",
        limit=str(change.limit.limit) if change.limit else "",
        window=str(change.limit.window_ms) if change.limit else "",
    )
    outcome, rest = _COMMIT.run(
        r, script_keys, script_args,
        lambda pipe: (_indexes(pipe, change), _wait_for_replicas(r, pipe, table_id)),
    )  # fmt: skip
    if outcome == CommitOutcome.OVER_LIMIT:
        raise OverLimit(change.limit.refusal(rest[0]))  # type: ignore[union-attr]
    if outcome in (CommitOutcome.GUARD_REFUSED, CommitOutcome.ACCOUNT_GONE):
        raise GuardRefused(gone=outcome == CommitOutcome.ACCOUNT_GONE)
    if outcome == CommitOutcome.STALE:
        raise VersionConflict(int(rest[0]) if rest[0] else None)
    if outcome == CommitOutcome.ANSWERED:
        raise AlreadyApplied(_stored_answer(rest[0]))
    change.doc["version"] = new_version
    return Committed(rest[0], rest[1] == 1, doc)


def _indexes(pipe, change: Commit) -> None:
    """The indexes outside the table's hash tag, written beside the commit script (also when
    it loses the race: the caller puts the due index right, and a booking check finds no
    unbooked game and is dropped)."""
    table_id = change.doc["id"]
    mark_due(pipe, table_id, change.due)
    if change.booking:
        check = f"{table_id} {change.booking['game_id']}"
        pipe.zadd(keys.BOOKINGS_DUE, {check: change.now + BOOKING_RESEND})


def unbooked(r: redis.Redis, table_id: str, game_id: str) -> dict | None:
    """The booking of a finished game the ledger has not confirmed yet (None: confirmed)."""
    booking = r.hget(keys.table_unbooked(table_id), game_id)
    return jsonfast.loads(booking) if booking else None


def confirm_booked(r: redis.Redis, table_id: str, game_id: str) -> None:
    """The ledger has booked the game: the table no longer keeps it as unbooked."""
    r.hdel(keys.table_unbooked(table_id), game_id)


def arm_clock(r: redis.Redis, table_id: str, at: float, now: float, expire: int = 0) -> bool:
    """Arm the table's clock prompt for the deadline ``at`` unless one still to come fires no
    later; True when the caller is to enqueue it."""
    script = scripts.registered(r, _ARM)
    return script(keys=[keys.table_clock(table_id)], args=[repr(at), repr(now), str(expire)]) == 1


def mark_due(r, table_id: str, when: float | None) -> None:
    """Keep the due index (what the watchdog checks) in step with a table's next timed work
    (``r``: a client or a pipeline)."""
    if when is None:
        r.zrem(keys.due_tables_of(table_id), table_id)
    else:
        r.zadd(keys.due_tables_of(table_id), {table_id: when})


def due_at(r, table_id: str) -> float | None:
    """When the table's next timed work is due, as the due index has it (None: nothing)."""
    return r.zscore(keys.due_tables_of(table_id), table_id)


def due_tables(r, until: float, limit: int) -> list[str]:
    """The tables whose work was due by ``until``, the most overdue first (at most
    ``limit``), from every bucket of the due index in one round trip."""
    pipe = r.pipeline(transaction=False)
    for bucket in range(keys.INDEX_BUCKETS):
        pipe.zrangebyscore(keys.due_tables(bucket), "-inf", until, start=0, num=limit,
                           withscores=True)  # fmt: skip
    due = heapq.merge(*pipe.execute(), key=lambda entry: entry[1])
    return [table_id for table_id, _ in islice(due, limit)]


def forget_due(r, table_ids) -> None:
    """Drop tables from the due index (gone, or nothing due)."""
    by_bucket: dict[str, list[str]] = {}
    for table_id in table_ids:
        by_bucket.setdefault(keys.due_tables_of(table_id), []).append(table_id)
    if not by_bucket:
        return
    pipe = r.pipeline(transaction=False)
    for key, members in by_bucket.items():
        pipe.zrem(key, *members)
    pipe.execute()


# --- the tables a player is at: an index beside the tables, kept in step by versions -------
# The entry of a table goes only if it was written for a version not later than the commit
# that took the player away: the follow-ups of a join and a leave that raced may come in
# either order, and the index ends as the later commit left it.
_FORGET_TABLE = """
local noted = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not noted or tonumber(noted) > tonumber(ARGV[2]) then return 0 end
return redis.call('ZREM', KEYS[1], ARGV[1])
"""


def note_player_table(r, player_id: str, table_id: str, version: int) -> None:
    """The commit at ``version`` seated the player at the table (or let them wait there)."""
    r.zadd(keys.player_tables(player_id), {table_id: version}, gt=True)


def forget_player_table(r, player_id: str, table_id: str, version: int | None = None) -> None:
    """The commit at ``version`` took the player away from the table (None: it is gone)."""
    if version is None:
        r.zrem(keys.player_tables(player_id), table_id)
    else:
        scripts.registered(r, _FORGET_TABLE)(
            keys=[keys.player_tables(player_id)], args=[table_id, version]
        )


def player_table_ids(r, player_id: str) -> list[str]:
    """The tables the index has for the player (each to be checked against its table)."""
    return r.zrange(keys.player_tables(player_id), 0, -1)


def unreadable(table_id: str, what: str, error: Exception) -> None:
    """Stored data of a table that cannot be read (written by hand, or by a house that let
    it through): logged once per process, then passed over by every reader, so that it cuts
    no stream short and stops no other table."""
    if (table_id, what) in _logged:
        return
    _logged[(table_id, what)] = None
    if len(_logged) > UNREADABLE_REMEMBERED:
        _logged.popitem(last=False)
    log.warning("table %s: %s cannot be read and is passed over: %s", table_id, what, error)


def stored_answer(r: redis.Redis, table_id: str, request_key: str) -> StoredAnswer | None:
    answer = r.get(keys.table_request(table_id, request_key))
    return _stored_answer(answer) if answer else None


def read_events(r: redis.Redis, table_id: str, after: str = "-", count: int | None = None):
    """Commits after stream id ``after`` (exclusive; "-" from the start) as
    ``[(id, version, events)]``."""
    start = "-" if after == "-" else f"({after}"
    return parse_events(r.xrange(keys.table_events(table_id), min=start, count=count), table_id)


def parse_events(entries, table_id: str = "?") -> list[tuple[str, int, list]]:
    """Stream entries as ``[(id, version, events)]``; an entry that cannot be read is passed
    over (:func:`unreadable`)."""
    parsed = []
    for entry_id, fields in entries:
        try:
            parsed.append((entry_id, int(fields["v"]), parse_entry_events(fields["e"])))
        except (KeyError, TypeError, ValueError) as error:
            unreadable(table_id, f"stream entry {entry_id}", error)
    return parsed


def parse_entry_events(raw: str) -> list[dict]:
    """The events of a stream entry (JSON); ValueError when they are not a list of objects."""
    events = jsonfast.loads(raw)
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise ValueError("the events are not a list of objects")
    return events


def latest_event_id(r: redis.Redis, table_id: str) -> str:
    latest = r.xrevrange(keys.table_events(table_id), count=1)
    return latest[0][0] if latest else "0-0"


def first_event_id(r: redis.Redis, table_id: str) -> str | None:
    """The oldest commit still in the stream (older ones were trimmed)."""
    entries = r.xrange(keys.table_events(table_id), count=1)
    return entries[0][0] if entries else None


def game_moves(r: redis.Redis, table_id: str, game_no: int) -> list[dict]:
    return [jsonfast.loads(m) for m in r.lrange(keys.table_moves(table_id, game_no), 0, -1)]
