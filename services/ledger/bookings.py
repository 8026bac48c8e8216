"""The RQ job that books a finished game: points, games played and won, the pot — once.

The table service enqueues ``book_game(booking)`` on the queue "ledger" (JSON serializer).
Everything the booking changes is written by one Lua script together with the booking key of
the game; a later run (a retry, a duplicate, a concurrent worker) finds the key and returns
what was booked without changing anything.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

import marshmallow as ma
import redis

from services.ledger import ratings, scoring
from services.ledger.booking_schema import BookingSchema
from services.ledger.pots import pot_winners
from shared import config, connection, keys, store
from shared.wallets import MONEY_LUA, SCRIPT_ATTEMPTS, money_keys

log = logging.getLogger(__name__)

MONTH_BOARD_TTL = 400 * 24 * 3600  # a month's board stays readable for a year after it
RECENT_GAMES = 50  # a player's list of recent games keeps this many


# KEYS: booking, names, board all time, board of the month, then money_keys(game, journals),
# then the human players' stats keys, then their lists of recent games, then the game's stakes
# marker and the index of pending stakes.
# ARGV[1]: the plan (see plan_booking).
_BOOK_LUA = (
    MONEY_LUA
    + """
local index, marker = table.remove(KEYS), table.remove(KEYS)
local plan = cjson.decode(ARGV[1])
local booking = KEYS[1]
if redis.call('EXISTS', booking) == 1 then
  return {'done', unpack(redis.call('HMGET', booking, 'summary', 'payouts', 'refunds'))}
end
-- a game that is booked was dealt: a reservation its start left unsettled is its pot
local held = redis.call('GET', marker)
if held and string.sub(held, 1, 8) == 'pending:' then
  redis.call('SET', marker, 'collected', 'EX', MARKER_TTL)
  redis.call('ZREM', index, plan.table .. ' ' .. plan.game_id .. ' ' .. string.sub(held, 9))
end
local ctx = {balances = KEYS[5], pots = KEYS[6], pot = KEYS[7], journal = KEYS[8],
             game = plan.game_id, journals = {}}
for i, player in ipairs(plan.journals) do ctx.journals[player] = KEYS[8 + i] end
local paid_in = contributions(ctx)
if not paid_in then return {'retry'} end

for _, human in ipairs(plan.humans) do
  redis.call('HSET', KEYS[2], human.player, human.name)
  if plan.scored then
    redis.call('ZINCRBY', KEYS[3], human.points, human.player)
    redis.call('ZINCRBY', KEYS[4], human.points, human.player)
    redis.call('HINCRBY', KEYS[human.stats], plan.game .. ':played', 1)
    if human.won then redis.call('HINCRBY', KEYS[human.stats], plan.game .. ':won', 1) end
  end
  if plan.short ~= '' then
    redis.call('HINCRBY', KEYS[human.stats], plan.game .. ':short:' .. plan.short, 1)
  end
  redis.call('LPUSH', KEYS[human.recent], plan.game_id)
  redis.call('LTRIM', KEYS[human.recent], 0, plan.recent_max - 1)
  redis.call('EXPIRE', KEYS[human.recent], MARKER_TTL)
end
if plan.scored then redis.call('EXPIRE', KEYS[4], plan.board_ttl) end

local payouts, refunds = {}, {}
if #plan.winners > 0 then
  payouts = pay_out(ctx, plan.winners)
else
  local _
  _, refunds = refund(ctx, paid_in)
end
local answer = {plan.summary, cjson.encode(payouts), cjson.encode(refunds)}
redis.call('HSET', booking, 'summary', answer[1], 'payouts', answer[2], 'refunds', answer[3])
redis.call('EXPIRE', booking, MARKER_TTL)
return {'booked', unpack(answer)}
"""
)


class InvalidBooking(ValueError):
    """The booking does not match its schema; nothing was booked."""

    def __init__(self, messages):
        self.messages = messages
        super().__init__(f"invalid booking: {json.dumps(messages, sort_keys=True)}")


def month_of(timestamp: float) -> str:
    """The calendar month (UTC) of a unix time, as ``YYYY-MM``."""
    return datetime.fromtimestamp(timestamp, tz=UTC).strftime("%Y-%m")


def plan_booking(booking: dict, payers: list[str]) -> tuple[list[str], dict]:
    """The keys and the plan of the booking script for a validated booking; ``payers`` are
    the players who paid into the game's pot (their journals are needed for a refund)."""
    game_id, game, seats = booking["game_id"], booking["game"], booking["seats"]
    seconds = booking["ended_at"] - booking["started_at"]
    card = scoring.score(game, booking["result"], seats, seconds)
    short = scoring.short_game(game, seconds)
    month = month_of(booking["ended_at"])
    humans = [seat for seat in seats if seat["kind"] == "human"]
    players = [seat["player"] for seat in humans]
    journals = players + sorted(set(payers) - set(players))
    script_keys = [
        keys.booking(game_id),
        keys.PLAYER_NAMES,
        keys.leaderboard(game, "all"),
        keys.leaderboard(game, month),
        *money_keys(game_id, journals),
    ]
    first_stats = len(script_keys) + 1  # Lua counts from 1
    script_keys += [keys.player_stats(player) for player in players]
    first_recent = len(script_keys) + 1
    script_keys += [keys.recent_games(player) for player in players]
    script_keys += [keys.stakes_collected(game_id), keys.STAKES_PENDING]
    summary = {
        "game_id": game_id,
        "table": booking["table"],
        "game": game,
        "month": month,
        "scored": card is not None,
        "short": short,
        "points": {seat["player"]: card.points[seat["seat"]] for seat in humans} if card else {},
        "won": [seat["player"] for seat in humans if card and seat["seat"] in card.won],
        "ended_at": booking["ended_at"],
        "places": booking["result"]["places"],
        "seats": [seat["player"] if seat["kind"] == "human" else None for seat in seats],
        "stake": booking["stake"],
        "paid": sorted(payers),
    }
    plan = {
        "game_id": game_id,
        "table": booking["table"],
        "game": game,
        "scored": card is not None,
        "short": short["loses"] if short else "",
        "humans": [
            {
                "player": seat["player"],
                "name": seat["name"] or seat["player"],
                "points": card.points[seat["seat"]] if card else 0,
                "won": bool(card and seat["seat"] in card.won),
                "stats": first_stats + index,
                "recent": first_recent + index,
            }
            for index, seat in enumerate(humans)
        ],
        "journals": journals,
        "winners": pot_winners(seats, booking["result"]["places"]),
        "summary": json.dumps(summary),
        "board_ttl": MONTH_BOARD_TTL,
        "recent_max": RECENT_GAMES,
    }
    return script_keys, plan


def book_game(booking: dict, r: redis.Redis | None = None) -> dict:
    """Books a finished game exactly once and returns what was booked: the summary (points,
    won, scored, month), ``payouts`` and ``refunds`` (player → Taler), and ``duplicate``
    (True when an earlier run had already booked it). ``r`` defaults to a connection to the
    worker's REDIS_URL."""
    try:
        valid = BookingSchema().load(booking)
    except ma.ValidationError as error:
        raise InvalidBooking(error.messages) from error
    if r is not None:
        return _book(r, valid)
    own = connection.connect(config.settings()["REDIS_URL"])
    try:
        return _book(own, valid)
    finally:
        own.close()


def _book(r: redis.Redis, booking: dict) -> dict:
    ratings.rate_game(r, booking)  # first: a booked game is a rated one (once, like the booking)
    script = r.register_script(_BOOK_LUA)
    for _ in range(SCRIPT_ATTEMPTS):
        payers = r.hkeys(keys.pot(booking["game_id"]))
        script_keys, plan = plan_booking(booking, payers)
        answer = script(keys=script_keys, args=[json.dumps(plan)])
        if answer[0] != "retry":
            status, summary, payouts, refunds = answer
            booked = json.loads(summary)
            booked.update(
                payouts=json.loads(payouts),
                refunds=json.loads(refunds),
                duplicate=status == "done",
            )
            done = "was booked before" if booked["duplicate"] else "booked"
            log.info("game %s %s", booking["game_id"], done)
            store.confirm_booked(r, booking["table"], booking["game_id"])
            return booked
    raise RuntimeError(f"the pot of {booking['game_id']} kept changing while it was booked")
