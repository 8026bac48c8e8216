"""Rating a booked game: every human's rating in that game moves once, by openskill's
Plackett–Luce update over the game's units and ranks (services/ledger/placings.py).

The booking job rates a game before it books it, so a booked game is a rated one. Games the
rules do not score (services/ledger/scoring) are not rated. Computers take part with the
fixed ratings of their strength (shared/ratings.py) and keep them; a game with a computer
in it is marked ``vs_computers``.

One Lua script writes the new ratings, the rating board, each player's history and the
game's marker ``keys.rated`` together, and only while every player's rating is still the one
the update was computed from (else the job computes it again): a retry, a duplicate or two
workers rating two games of one player at once rate each game exactly once.
"""

from __future__ import annotations

import json
import logging
import random
import time

import redis

from services.ledger import scoring
from services.ledger.placings import Unit, units_of
from shared import keys
from shared.ratings import Rating, computer_rating, model
from shared.wallets import MARKER_TTL

log = logging.getLogger(__name__)

HISTORY_MAX = 500  # rated games kept per player and game (the chart's points)
ATTEMPTS = 50  # a player's rating changed meanwhile: computed again, after a short pause
PAUSE = 0.01  # seconds at most between two attempts (random, so that workers fall apart)

# KEYS: the game's marker, the game's ratings, its rating board, then each player's history.
# ARGV[1]: the plan (see rate_game).
_RATE_LUA = """
local plan = cjson.decode(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then
  return {'done', redis.call('HGET', KEYS[1], 'seats')}
end
for _, player in ipairs(plan.players) do
  if (redis.call('HGET', KEYS[2], player.id) or '') ~= player.expected then return {'retry'} end
end
for i, player in ipairs(plan.players) do
  redis.call('HSET', KEYS[2], player.id, player.rating)
  if player.established then
    redis.call('ZADD', KEYS[3], player.shown, player.id)
  else
    redis.call('ZREM', KEYS[3], player.id)
  end
  redis.call('RPUSH', KEYS[3 + i], player.entry)
  redis.call('LTRIM', KEYS[3 + i], -plan.history_max, -1)
end
redis.call('HSET', KEYS[1], 'seats', plan.seats)
redis.call('EXPIRE', KEYS[1], plan.ttl)
return {'rated', plan.seats}
"""


def rateable(booking: dict) -> list[Unit] | None:
    """The units to rate, or None: a game the rules do not score, without a human, or with
    fewer than two units is not rated."""
    seats = booking["seats"]
    seconds = booking["ended_at"] - booking["started_at"]
    if scoring.score(booking["game"], booking["result"], seats, seconds) is None:
        return None
    if not any(seat["kind"] == "human" for seat in seats):
        return None
    units = units_of(booking["game"], seats, booking["result"])
    return units if len(units) >= 2 else None


def updated(booking: dict, units: list[Unit], before: dict[str, Rating]) -> dict[int, Rating]:
    """The new rating of every human seat (computers keep their fixed ones)."""
    seats = booking["seats"]
    game = booking["game"]
    pl = model()

    def rating_of(seat: int):
        held = seats[seat]
        if held["kind"] == "human":
            rating = before[held["player"]]
        else:
            rating = computer_rating(game, held.get("strength") or "normal")
        return pl.rating(mu=rating.mu, sigma=rating.sigma)

    teams = [[rating_of(seat) for seat in unit.seats] for unit in units]
    rated = pl.rate(teams, ranks=[float(unit.rank) for unit in units])
    after = {}
    for unit, team in zip(units, rated, strict=True):
        for seat, new in zip(unit.seats, team, strict=True):
            if seats[seat]["kind"] == "human":
                games = before[seats[seat]["player"]].games + 1
                after[seat] = Rating(new.mu, new.sigma, games)
    return after


def rate_game(r: redis.Redis, booking: dict) -> list | None:
    """Rate a validated booking once; returns per seat what the game did to its rating
    (None for a computer), or None when the game is not rated."""
    units = rateable(booking)
    if units is None:
        return None
    game, seats = booking["game"], booking["seats"]
    humans = [seat for seat in seats if seat["kind"] == "human"]
    players = [seat["player"] for seat in humans]
    vs_computers = len(humans) < len(seats)
    script = r.register_script(_RATE_LUA)
    script_keys = [keys.rated(booking["game_id"]), keys.ratings(game), keys.rating_board(game)]
    script_keys += [keys.rating_history(player, game) for player in players]
    for attempt in range(ATTEMPTS):
        if attempt:
            time.sleep(random.uniform(0, PAUSE))
        held = dict(zip(players, r.hmget(keys.ratings(game), players), strict=True))
        before = {player: Rating.decode(raw) for player, raw in held.items()}
        after = updated(booking, units, before)
        changes = [None] * len(seats)
        plan_players = []
        for seat in humans:
            old, new = before[seat["player"]], after[seat["seat"]]
            change = {
                "before": old.shown,
                "after": new.shown,
                "change": new.shown - old.shown,
                "provisional": new.provisional,
                "vs_computers": vs_computers,
            }
            changes[seat["seat"]] = change
            entry = {
                "game_id": booking["game_id"],
                "table": booking["table"],
                "no": int(booking["game_id"].rsplit("-", 1)[1]),
                "at": booking["ended_at"],
                "place": booking["result"]["places"][seat["seat"]],
                **change,
            }
            plan_players.append({
                "id": seat["player"],
                "expected": held[seat["player"]] or "",
                "rating": new.encode(),
                "shown": new.shown,
                "established": not new.provisional,
                "entry": json.dumps(entry),
            })  # fmt: skip
        plan = {"players": plan_players, "seats": json.dumps(changes), "ttl": MARKER_TTL,
                "history_max": HISTORY_MAX}  # fmt: skip
        answer = script(keys=script_keys, args=[json.dumps(plan)])
        if answer[0] != "retry":
            log.info("game %s %s", booking["game_id"],
                     "was rated before" if answer[0] == "done" else "rated")  # fmt: skip
            return json.loads(answer[1])
    raise RuntimeError(f"the ratings of {booking['game_id']} kept changing while it was rated")


def rating_changes(r: redis.Redis, game_id: str) -> list | None:
    """What a rated game did to each seat's rating (None: not rated, or not yet)."""
    raw = r.hget(keys.rated(game_id), "seats")
    return json.loads(raw) if raw else None
