"""Taler wallets, pots and the journal: the house's money primitives.

Money only moves between a player's wallet and a game's pot, and only inside Lua scripts that
write the balance, the pot and the journal entries together, so that the sum of all wallets
plus all open pots changes only when a wallet opens (with its 1,000 Taler). A wallet opens the
first time money moves for its player; until then :func:`balance` reads the starting amount.

The booking job (services/ledger/bookings.py) pays pots out with the same Lua functions
(:data:`MONEY_LUA`), in the same script that books the game's points.
"""

from __future__ import annotations

import redis

from shared import keys

START_BALANCE = 1000
MAX_STAKE = 1_000_000
MAX_PLAYERS = 6
MAX_ID_LENGTH = 128
MARKER_TTL = 400 * 24 * 3600  # longer than RQ keeps a failed job (one year) for a retry
PLAYER_JOURNAL_MAX = 1000  # entries kept per player (approximately, XADD MAXLEN ~)
JOURNAL_MAX = 250_000  # entries kept in the global journal
SCRIPT_ATTEMPTS = 3

# The shared Lua functions. ``ctx`` holds the keys of one game's money: balances, pots, pot
# (the contributions hash), journal (global), game (the game id) and journals (player id →
# that player's journal key).
MONEY_LUA = f"""
local START = {START_BALANCE}
local MARKER_TTL = {MARKER_TTL}

local function balance_of(ctx, player)
  local stored = redis.call('HGET', ctx.balances, player)
  if stored then return tonumber(stored) end
  return START
end

local function journal(ctx, account, amount, balance, reason, game)
  local own = ctx.journals[account]
  if own then
    redis.call('XADD', own, 'MAXLEN', '~', {PLAYER_JOURNAL_MAX}, '*', 'amount', amount,
      'balance', balance, 'reason', reason, 'game', game)
  end
  redis.call('XADD', ctx.journal, 'MAXLEN', '~', {JOURNAL_MAX}, '*', 'account', account,
    'amount', amount, 'balance', balance, 'reason', reason, 'game', game)
end

-- Moves amount Taler from the game's pot into the player's wallet (negative: into the pot).
local function move(ctx, player, amount, reason)
  if redis.call('HEXISTS', ctx.balances, player) == 0 then
    redis.call('HSET', ctx.balances, player, START)
    journal(ctx, player, START, START, 'opening', '')
  end
  local after = redis.call('HINCRBY', ctx.balances, player, amount)
  journal(ctx, player, amount, after, reason, ctx.game)
  local pot_after = redis.call('HINCRBY', ctx.pots, ctx.game, -amount)
  journal(ctx, 'pot:' .. ctx.game, -amount, pot_after, reason, ctx.game)
  if pot_after == 0 then redis.call('HDEL', ctx.pots, ctx.game) end
  if amount < 0 then
    redis.call('HINCRBY', ctx.pot, player, -amount)
  end
end

-- The pot's contributions as a list of {{player, amount}}, or nil when one of the payers has
-- no journal key in ctx (the caller read them before a concurrent change: retry).
local function contributions(ctx)
  local flat = redis.call('HGETALL', ctx.pot)
  local list = {{}}
  for i = 1, #flat, 2 do
    if not ctx.journals[flat[i]] then return nil end
    table.insert(list, {{flat[i], tonumber(flat[i + 1])}})
  end
  return list
end

-- Gives every payer their contribution back; returns the total and a table player -> amount.
local function refund(ctx, list)
  local total, paid = 0, {{}}
  for _, payer in ipairs(list) do
    move(ctx, payer[1], payer[2], 'refund')
    total = total + payer[2]
    paid[payer[1]] = payer[2]
  end
  redis.call('DEL', ctx.pot)
  return total, paid
end

-- Splits the pot equally among winners (ordered by seat); the indivisible remainder goes to
-- the first. Returns a table player -> amount paid.
local function pay_out(ctx, winners)
  local paid = {{}}
  local total = tonumber(redis.call('HGET', ctx.pots, ctx.game) or '0')
  if total > 0 then
    local share = math.floor(total / #winners)
    for i, player in ipairs(winners) do
      local amount = share
      if i == 1 then amount = share + total - share * #winners end
      if amount > 0 then
        move(ctx, player, amount, 'pot')
        paid[player] = amount
      end
    end
  end
  redis.call('DEL', ctx.pot)
  return paid
end
"""

_CONTEXT_LUA = """
local ctx = {balances = KEYS[1], pots = KEYS[2], pot = KEYS[3], journal = KEYS[4],
             game = ARGV[1], journals = {}}
for i = 5, #KEYS do ctx.journals[ARGV[i - 2]] = KEYS[i] end
"""

# KEYS: balances, pots, pot, journal, journals of the players..., stakes marker, booking
# ARGV: game id, stake, players...
_COLLECT_LUA = (
    MONEY_LUA
    + """
local booked, marker = table.remove(KEYS), table.remove(KEYS)
"""
    + _CONTEXT_LUA
    + """
if redis.call('EXISTS', marker) == 1 or redis.call('EXISTS', booked) == 1 then
  return {'done'}
end
local stake = tonumber(ARGV[2])
local short = {'short'}
for i = 3, #ARGV do
  if balance_of(ctx, ARGV[i]) < stake then table.insert(short, ARGV[i]) end
end
if #short > 1 then return short end
for i = 3, #ARGV do move(ctx, ARGV[i], -stake, 'stake') end
redis.call('SET', marker, 'collected', 'EX', MARKER_TTL)
return {'ok'}
"""
)

# KEYS: balances, pots, pot, journal, journals of the payers read beforehand...
# ARGV: game id, (unused), those payers...
_REFUND_LUA = (
    MONEY_LUA
    + _CONTEXT_LUA
    + """
local list = contributions(ctx)
if not list then return {'retry'} end
local total = refund(ctx, list)
return {'ok', total}
"""
)


class InsufficientFunds(Exception):
    """Some players cannot pay the stake; nothing was collected from anyone."""

    def __init__(self, players: list[str], stake: int):
        self.players = list(players)
        self.stake = stake
        super().__init__(str(self))

    def __str__(self) -> str:
        names = self.players
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"The game cannot start: {who} cannot pay the stake of {self.stake} Taler."


def money_keys(game_id: str, players: list[str]) -> list[str]:
    """The KEYS prefix every money script starts with (see ``_CONTEXT_LUA``)."""
    return [
        keys.BALANCES,
        keys.POTS,
        keys.pot(game_id),
        keys.JOURNAL,
        *(keys.wallet_journal(player) for player in players),
    ]


def _check_id(value, what: str) -> None:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_LENGTH:
        raise ValueError(f"{what} must be a string of 1 to {MAX_ID_LENGTH} characters")


def collect_stakes(r: redis.Redis, game_id: str, players: list[str], stake: int) -> None:
    """Takes ``stake`` Taler from every player into the game's pot, all or nothing.

    Raises :class:`InsufficientFunds` (and changes nothing) when someone cannot pay. A second
    call for the same game, or one after the game was booked, does nothing. A stake of 0 is
    no stake: nothing happens.
    """
    _check_id(game_id, "game_id")
    if not isinstance(stake, int) or isinstance(stake, bool) or not 0 <= stake <= MAX_STAKE:
        raise ValueError(f"stake must be an integer from 0 to {MAX_STAKE}")
    if not 0 < len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise ValueError(f"players must be 1 to {MAX_PLAYERS} distinct player ids")
    for player in players:
        _check_id(player, "a player id")
    if stake == 0:
        return
    script = r.register_script(_COLLECT_LUA)
    markers = [keys.stakes_collected(game_id), keys.booking(game_id)]
    answer = script(keys=money_keys(game_id, players) + markers, args=[game_id, stake, *players])
    if answer[0] == "short":
        raise InsufficientFunds(answer[1:], stake)


def refund_pot(r: redis.Redis, game_id: str) -> int:
    """Gives every payer of an abandoned game's pot their stake back; returns the Taler
    refunded (0 when the game has no open pot)."""
    _check_id(game_id, "game_id")
    script = r.register_script(_REFUND_LUA)
    for _ in range(SCRIPT_ATTEMPTS):
        payers = sorted(r.hkeys(keys.pot(game_id)))
        answer = script(keys=money_keys(game_id, payers), args=[game_id, "", *payers])
        if answer[0] == "ok":
            return int(answer[1])
    raise RuntimeError(f"the pot of {game_id} kept changing while it was refunded")


def balance(r: redis.Redis, player: str) -> int:
    """The player's Taler (1,000 for a wallet that has not opened yet)."""
    stored = r.hget(keys.BALANCES, player)
    return START_BALANCE if stored is None else int(stored)


def journal_entries(r: redis.Redis, player: str, count: int) -> list[dict]:
    """The player's last ``count`` movements, newest first."""
    entries = []
    for entry_id, fields in r.xrevrange(keys.wallet_journal(player), count=count):
        entries.append(
            {
                "id": entry_id,
                "at": int(entry_id.split("-")[0]) / 1000,
                "amount": int(fields["amount"]),
                "balance": int(fields["balance"]),
                "reason": fields["reason"],
                "game": fields["game"] or None,
            }
        )
    return entries
