"""The quick-play pool ("Schnell spielen"): players waiting for a table, matched by rating in
Redis, so that every instance of the lobby serves the one pool.

A room is one game at one clock. A waiting player sits in the room's sorted set of every
seat count the player would play at (the score: the player's rating), with the request in the
room's hash and the time the player last asked in the room's ``seen`` set. Every key carries
the hash tag ``{quickplay}`` (shared/keys.py), so each step below is one Lua script on one
shard — on a Redis Cluster too — and two instances can never seat a player twice:

* :func:`enqueue`: join a room (a second request moves the player: out of the old room, or
  in the same room with the wait going on) and try to match at once;
* :func:`poll`: the waiting player asks again: marks the player seen, tries to match (the
  rating window has grown since), and after the wait the player chose, seats whoever fits
  with computers in the free seats;
* :func:`leave`: out of the pool.

Matching (``_MATCH``): for each seat count the player would play at — the largest first — the
room's players nearest in rating are taken while the spread of the group's ratings stays
within every member's window (WINDOW_START, growing by WINDOW_GROWTH a second of waiting, up
to WINDOW_MAX); a group of as many humans as the count seats is a match. Once the player's
chosen wait is over, a group of the players whose own wait is over too (any size, the largest
found; ties to the smaller table) is a match with computers in the other seats. Players not
seen for STALE_SECONDS (a closed tab) are dropped on the way. A match takes its players out
of the pool and records the table id for each of them (``keys.QUICKPLAY_MATCHED``), which the
caller then opens and starts (services/lobby/quickplay.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from shared import keys
from shared.games import get_game
from shared.tables import house
from shared.tables.errors import Conflict

WINDOW_START = 100.0  # rating points either side at the start of a wait
WINDOW_GROWTH = 10.0  # … more each second of waiting
WINDOW_MAX = 1000.0
STALE_SECONDS = 20.0  # a waiting player who did not ask for this long has gone
MATCHED_SECONDS = 600.0  # how long a player's match is kept for the player to pick it up
CANDIDATES = 64  # players looked at on either side of a rating, per seat count
ATTEMPTS = 10
MIN_SEATS = 2  # quick play is for tables with others (or, after the wait, computers)

# KEYS: rooms, matched, matched-at, the room's entries, its seen set, then its pool per seat
# count (in the order of plan.counts). ARGV[1]: the plan (see _plan); ARGV[2] the player.
_COMMON = """
local plan = cjson.decode(ARGV[1])
local me = ARGV[2]
local now = plan.now
local rooms, matched, matched_at, entries, seen = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local pools = {}
for i, n in ipairs(plan.counts) do pools[n] = KEYS[5 + i] end

local function drop(player)
  local raw = redis.call('HGET', entries, player)
  if raw then
    for _, n in ipairs(cjson.decode(raw).counts) do redis.call('ZREM', pools[n], player) end
  end
  redis.call('HDEL', entries, player)
  redis.call('ZREM', seen, player)
  if redis.call('HGET', rooms, player) == plan.room then redis.call('HDEL', rooms, player) end
end

-- clean-up, a little each time: players gone quiet, matches nobody picked up
for _, player in ipairs(redis.call('ZRANGEBYSCORE', seen, '-inf', '(' .. (now - plan.stale),
                                   'LIMIT', 0, 20)) do
  drop(player)
end
for _, player in ipairs(redis.call('ZRANGEBYSCORE', matched_at, '-inf',
                                   '(' .. (now - plan.matched_ttl), 'LIMIT', 0, 20)) do
  redis.call('HDEL', matched, player)
  redis.call('ZREM', matched_at, player)
end

local function live(player)
  local at = tonumber(redis.call('ZSCORE', seen, player) or '0')
  local raw = redis.call('HGET', entries, player)
  if raw and at >= now - plan.stale then return cjson.decode(raw) end
  drop(player)
  return nil
end

-- (the time waited never below 0: a stored ``since`` keeps 14 digits, ``now`` more)
local function window(entry)
  local waited = math.max(0, now - entry.since)
  return math.min(plan.window_max, plan.window_start + plan.window_growth * waited)
end

local function wait_over(entry)
  return entry.computers_after >= 0 and now - entry.since >= entry.computers_after
end

-- the group around me at n seats: the nearest in rating first, while the spread stays within
-- every member's window (with_computers: only players whose own wait is over)
local function group_at(n, mine, with_computers)
  local pool, rating, reach = pools[n], mine.rating, window(mine)
  local below = redis.call('ZREVRANGEBYSCORE', pool, rating, rating - reach, 'WITHSCORES',
                           'LIMIT', 0, plan.candidates)
  local above = redis.call('ZRANGEBYSCORE', pool, '(' .. rating, rating + reach, 'WITHSCORES',
                           'LIMIT', 0, plan.candidates)
  local group = {{id = me, entry = mine, reach = reach}}
  local low, high = rating, rating
  local i, j = 1, 1
  while #group < plan.need[tostring(n)] and (i < #below or j < #above) do
    local down = i < #below and rating - tonumber(below[i + 1]) or math.huge
    local up = j < #above and tonumber(above[j + 1]) - rating or math.huge
    local id, score
    if down <= up then id, score = below[i], tonumber(below[i + 1]); i = i + 2
    else id, score = above[j], tonumber(above[j + 1]); j = j + 2 end
    if id ~= me then
      local entry = live(id)
      if entry and (not with_computers or wait_over(entry)) then
        local reach_of = window(entry)
        local lo, hi = math.min(low, score), math.max(high, score)
        local fits = hi - lo <= reach_of
        for _, member in ipairs(group) do
          if hi - lo > member.reach then fits = false end
        end
        if fits then
          table.insert(group, {id = id, entry = entry, reach = reach_of})
          low, high = lo, hi
        end
      end
    end
  end
  return group
end

local function seat(group, n)
  local players = {}
  local record = cjson.encode({table = plan.table_id, game = plan.game, clock = plan.clock,
                               seats = n, at = now})
  for _, member in ipairs(group) do
    drop(member.id)
    redis.call('HSET', matched, member.id, record)
    redis.call('ZADD', matched_at, now, member.id)
    table.insert(players, {id = member.id, name = member.entry.name,
                           rating = member.entry.rating,
                           computers = member.entry.computers_after >= 0})
  end
  return {'matched', plan.table_id, n, cjson.encode(players)}
end

local function match()
  local mine = live(me)
  if not mine then return nil end
  for index = #mine.counts, 1, -1 do
    local n = mine.counts[index]
    local group = group_at(n, mine, false)
    if #group >= plan.need[tostring(n)] then return seat(group, n) end
  end
  if not wait_over(mine) then return nil end
  local best, best_n = nil, nil
  for _, n in ipairs(mine.counts) do
    local group = group_at(n, mine, true)
    if not best or #group > #best then best, best_n = group, n end
  end
  return seat(best, best_n)
end

local function waiting()
  local raw = redis.call('HGET', entries, me)
  if not raw then return {'gone'} end
  return {'waiting', raw, redis.call('ZCARD', seen)}
end
"""

_JOIN = (
    _COMMON
    + """
local held = redis.call('HGET', rooms, me) or ''
if held ~= plan.expected then return {'retry', held} end
local entry = cjson.decode(plan.entry)
local old = redis.call('HGET', entries, me)
if old then  -- asked again in the same room: the wait goes on
  entry.since = cjson.decode(old).since
  drop(me)
end
redis.call('HDEL', matched, me)
redis.call('ZREM', matched_at, me)
redis.call('HSET', rooms, me, plan.room)
redis.call('HSET', entries, me, cjson.encode(entry))
for _, n in ipairs(entry.counts) do redis.call('ZADD', pools[n], entry.rating, me) end
redis.call('ZADD', seen, now, me)
return match() or waiting()
"""
)

_POLL = (
    _COMMON
    + """
if redis.call('HGET', rooms, me) ~= plan.room then return {'gone'} end
redis.call('ZADD', seen, now, me)
return match() or waiting()
"""
)

_LEAVE = (
    _COMMON
    + """
if (redis.call('HGET', rooms, me) or '') ~= plan.expected then return {'retry'} end
drop(me)
return {'left'}
"""
)


@dataclass(frozen=True)
class Request:
    """What a player asks for: a game, a clock, a seat count (None: any) and after how many
    seconds free seats may go to computers (None: never)."""

    game: str
    clock: int
    seats: int | None = None
    computers_after: int | None = None


@dataclass(frozen=True)
class Match:
    table_id: str
    game: str
    clock: int
    seats: int
    players: list[dict]  # {id, name, rating, computers (allowed)}; the first asked last


def window(waited: float) -> float:
    """The rating points either side a player accepts after ``waited`` seconds (as _MATCH)."""
    return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * max(0.0, waited))


def seat_counts(game: str) -> list[int]:
    """The seat counts quick play offers for a game."""
    engine = get_game(game)
    return list(range(max(MIN_SEATS, engine.MIN_SEATS), engine.MAX_SEATS + 1))


def humans_at(game: str, seats: int) -> int:
    """How many humans a table of ``seats`` seats takes (Speedlaunch: seats 5 and 6 are
    always computers')."""
    return sum(1 for seat in range(seats) if not house.computer_only(game, seat))


def room_of(game: str, clock: int) -> str:
    return f"{game}:{clock}"


def _room_keys(game: str, clock: int) -> list[str]:
    pools = [keys.quickplay_pool(game, clock, n) for n in seat_counts(game)]
    room = [keys.quickplay_entries(game, clock), keys.quickplay_seen(game, clock)]
    return [keys.QUICKPLAY_ROOMS, keys.QUICKPLAY_MATCHED, keys.QUICKPLAY_MATCHED_AT, *room, *pools]


def _plan(game: str, clock: int, now: float, table_id: str = "", **extra) -> str:
    counts = seat_counts(game)
    return json.dumps({
        "game": game, "clock": clock, "room": room_of(game, clock), "now": now,
        "counts": counts, "need": {str(n): humans_at(game, n) for n in counts},
        "table_id": table_id, "stale": STALE_SECONDS, "matched_ttl": MATCHED_SECONDS,
        "window_start": WINDOW_START, "window_growth": WINDOW_GROWTH, "window_max": WINDOW_MAX,
        "candidates": CANDIDATES, **extra,
    })  # fmt: skip


def _run(r, source: str, game: str, clock: int, player: str, plan: str) -> list:
    return r.register_script(source)(keys=_room_keys(game, clock), args=[plan, player])


def _answer(answer: list, game: str, clock: int):
    """A Match, the waiting entry (with ``waiting``: how many wait in the room), or None."""
    if answer[0] == "matched":
        return Match(answer[1], game, clock, int(answer[2]), json.loads(answer[3]))
    if answer[0] == "waiting":
        return {**json.loads(answer[1]), "game": game, "clock": clock, "waiting": int(answer[2])}
    return None


def _busy() -> Conflict:
    """The player's own requests (other tabs, other instances) kept changing the entry."""
    return Conflict("your quick-play requests changed too often at once; try again",
                    code="table_busy")  # fmt: skip


def _split(room: str) -> tuple[str, int]:
    game, _, clock = room.partition(":")
    return game, int(clock)


def enqueue(r, player: dict, request: Request, rating: int, now: float, table_id: str):
    """The player waits for ``request`` (instead of anything asked before) and is matched if
    the room allows; a Match (whose table ``table_id`` the caller starts) or the waiting
    entry."""
    counts = seat_counts(request.game)
    entry = json.dumps({
        "name": player["name"], "rating": rating, "since": now, "seats": request.seats,
        "counts": [request.seats] if request.seats else counts,
        "computers_after": -1 if request.computers_after is None else request.computers_after,
    })  # fmt: skip
    room = room_of(request.game, request.clock)
    for _ in range(ATTEMPTS):
        held = r.hget(keys.QUICKPLAY_ROOMS, player["id"]) or ""
        if held and held != room:
            leave(r, player["id"], held, now)
            continue
        plan = _plan(request.game, request.clock, now, table_id, expected=held, entry=entry)
        answer = _run(r, _JOIN, request.game, request.clock, player["id"], plan)
        if answer[0] != "retry":
            return _answer(answer, request.game, request.clock)
    raise _busy()


def poll(r, player_id: str, now: float, table_id: str):
    """The waiting player asks again: a Match, the waiting entry, or None (not waiting)."""
    room = r.hget(keys.QUICKPLAY_ROOMS, player_id)
    if not room:
        return None
    game, clock = _split(room)
    answer = _run(r, _POLL, game, clock, player_id, _plan(game, clock, now, table_id))
    return _answer(answer, game, clock)


def leave(r, player_id: str, room: str | None = None, now: float = 0.0) -> None:
    """Out of the pool (nothing happens for a player who does not wait)."""
    for _ in range(ATTEMPTS):
        room = room or r.hget(keys.QUICKPLAY_ROOMS, player_id)
        if not room:
            return
        game, clock = _split(room)
        plan = _plan(game, clock, now, expected=room)
        if _run(r, _LEAVE, game, clock, player_id, plan)[0] == "left":
            return
        room = None
    raise _busy()


def matched(r, player_id: str) -> dict | None:
    """The player's last match (table, game, clock, seats, at) while it is kept."""
    raw = r.hget(keys.QUICKPLAY_MATCHED, player_id)
    return json.loads(raw) if raw else None


def forget_match(r, player_id: str) -> None:
    r.hdel(keys.QUICKPLAY_MATCHED, player_id)
    r.zrem(keys.QUICKPLAY_MATCHED_AT, player_id)
