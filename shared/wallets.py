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

# The stakes of a game are reserved before the commit that starts it and settled after it
# (shared/tables/stakes.py has the protocol). Its marker {ledger}:staked:<game id> holds
# "pending:<tag>" while a reservation waits for its start, <tag> being the table version the
# start is committed from, and "collected" once the start used it; the pending ones are also
# in STAKES_PENDING ("<table> <game> <tag>" → when reserved) for the watchdog.
_MARKER_LUA = """
local function pending_tag(marker)
  if marker and string.sub(marker, 1, 8) == 'pending:' then
    return tonumber(string.sub(marker, 9))
  end
  return nil
end

-- Gives a pending reservation's stakes back and forgets it; false when a contributor has no
-- journal key in ctx (the caller read them before a concurrent change: retry).
local function give_back(ctx, marker_key, index, member)
  local list = contributions(ctx)
  if not list then return false end
  refund(ctx, list)
  redis.call('DEL', marker_key)
  redis.call('ZREM', index, member)
  return true
end
"""

# KEYS: money keys (journals of the players, then of the pot's other contributors), marker,
# booking, the pending index. ARGV: game id, stake, those journals' players, then tag, table
# id, now and how many of the journals are the players'.
_RESERVE_LUA = (
    MONEY_LUA
    + _MARKER_LUA
    + """
local index, booked, marker_key = table.remove(KEYS), table.remove(KEYS), table.remove(KEYS)
local count, now = tonumber(table.remove(ARGV)), table.remove(ARGV)
local table_id, tag = table.remove(ARGV), tonumber(table.remove(ARGV))
"""
    + _CONTEXT_LUA
    + """
local stake = tonumber(ARGV[2])
if redis.call('EXISTS', booked) == 1 then return {'moved'} end
local marker = redis.call('GET', marker_key)
if marker == 'collected' then return {'moved'} end
local held = pending_tag(marker)
if held == tag then return {'reserved'} end
if held and held > tag then return {'moved'} end
if held then
  if not give_back(ctx, marker_key, index, table_id .. ' ' .. ARGV[1] .. ' ' .. held) then
    return {'retry'}
  end
end
local short = {'short'}
for i = 3, 2 + count do
  if balance_of(ctx, ARGV[i]) < stake then table.insert(short, ARGV[i]) end
end
if #short > 1 then return short end
for i = 3, 2 + count do move(ctx, ARGV[i], -stake, 'stake') end
redis.call('SET', marker_key, 'pending:' .. tag, 'EX', MARKER_TTL)
redis.call('ZADD', index, now, table_id .. ' ' .. ARGV[1] .. ' ' .. tag)
return {'reserved'}
"""
)

# KEYS: money keys (journals of the contributors read beforehand), marker, the pending index.
# ARGV: game id, (unused), the contributors, then tag, table id, "confirm" or "release".
_SETTLE_LUA = (
    MONEY_LUA
    + _MARKER_LUA
    + """
local index, marker_key = table.remove(KEYS), table.remove(KEYS)
local how, table_id, tag = table.remove(ARGV), table.remove(ARGV), table.remove(ARGV)
"""
    + _CONTEXT_LUA
    + """
if pending_tag(redis.call('GET', marker_key)) ~= tonumber(tag) then return {'done'} end
local member = table_id .. ' ' .. ARGV[1] .. ' ' .. tag
if how == 'confirm' then
  redis.call('SET', marker_key, 'collected', 'EX', MARKER_TTL)
  redis.call('ZREM', index, member)
elseif not give_back(ctx, marker_key, index, member) then
  return {'retry'}
end
return {'done'}
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


def _run_money_script(r: redis.Redis, source: str, game_id: str, players: list[str],
                      extra_keys: list[str], args) -> list:  # fmt: skip
    """Run a stakes script with the journal keys of ``players`` and of whoever paid into the
    game's pot (read just before; the script answers 'retry' when that changed meanwhile)."""
    script = r.register_script(source)
    for _ in range(SCRIPT_ATTEMPTS):
        contributors = sorted(set(r.hkeys(keys.pot(game_id))) - set(players))
        journals = [*players, *contributors]
        answer = script(keys=money_keys(game_id, journals) + extra_keys, args=args(journals))
        if answer[0] != "retry":
            return answer
    raise RuntimeError(f"the pot of {game_id} kept changing")


def reserve_stakes(r: redis.Redis, table_id: str, game_id: str, tag: int, players: list[str],
                   stake: int, now: float) -> bool:  # fmt: skip
    """Takes ``stake`` Taler from every player into the game's pot, all or nothing, as a
    reservation for the start that is committed from table version ``tag``.

    Raises :class:`InsufficientFunds` (and changes nothing) when someone cannot pay. A
    reservation for the same game and tag is there already: nothing more is taken. One for
    an older tag (its start never came: the table has moved past it without the game) is
    given back first. False — nothing done — when the game is held for a newer tag or has
    started or been booked: the caller's table document is out of date. A stake of 0 is no
    stake. Settle it with :func:`confirm_stakes` or :func:`release_stakes`.
    """
    _check_id(game_id, "game_id")
    _check_id(table_id, "table_id")
    if not isinstance(stake, int) or isinstance(stake, bool) or not 0 <= stake <= MAX_STAKE:
        raise ValueError(f"stake must be an integer from 0 to {MAX_STAKE}")
    if not 0 < len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise ValueError(f"players must be 1 to {MAX_PLAYERS} distinct player ids")
    for player in players:
        _check_id(player, "a player id")
    if stake == 0:
        return True
    extra = [keys.stakes_collected(game_id), keys.booking(game_id), keys.STAKES_PENDING]
    answer = _run_money_script(
        r, _RESERVE_LUA, game_id, players, extra,
        lambda journals: [game_id, stake, *journals, tag, table_id, repr(now), len(players)],
    )  # fmt: skip
    if answer[0] == "short":
        raise InsufficientFunds(answer[1:], stake)
    return answer[0] == "reserved"


def _settle(r: redis.Redis, table_id: str, game_id: str, tag: int, how: str) -> None:
    extra = [keys.stakes_collected(game_id), keys.STAKES_PENDING]
    _run_money_script(r, _SETTLE_LUA, game_id, [], extra,
                      lambda journals: [game_id, "", *journals, tag, table_id, how])  # fmt: skip


def confirm_stakes(r: redis.Redis, table_id: str, game_id: str, tag: int) -> None:
    """The start committed from version ``tag`` dealt the game: its reservation (if it is
    still the pending one) is the game's pot for good."""
    _settle(r, table_id, game_id, tag, "confirm")


def release_stakes(r: redis.Redis, table_id: str, game_id: str, tag: int) -> None:
    """No start committed from version ``tag`` will deal the game: its reservation (if it is
    still the pending one) goes back to its payers (reason ``refund``)."""
    _settle(r, table_id, game_id, tag, "release")


def pending_stakes(
    r: redis.Redis, reserved_before: float, limit: int
) -> list[tuple[str, str, int]]:
    """(table id, game id, tag) of reservations made before ``reserved_before`` that no start
    has settled yet, oldest first (for the watchdog)."""
    members = r.zrangebyscore(keys.STAKES_PENDING, "-inf", reserved_before, start=0, num=limit)
    return [(table, game, int(tag)) for table, game, tag in (m.split(" ") for m in members)]


def balance(r: redis.Redis, player: str) -> int:
    """The player's Taler (1,000 for a wallet that has not opened yet)."""
    stored = r.hget(keys.BALANCES, player)
    return START_BALANCE if stored is None else int(stored)


def balances(r: redis.Redis, players: list[str]) -> dict[str, int]:
    """The Taler of each player (as :func:`balance`), in one round trip."""
    if not players:
        return {}
    stored = r.hmget(keys.BALANCES, players)
    return {p: START_BALANCE if v is None else int(v) for p, v in zip(players, stored, strict=True)}


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
