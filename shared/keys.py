"""Every Redis key name of the house, in one place.

A table's keys share the hash tag ``{t:<id>}`` so that they stay on one shard of a Redis
Cluster and one Lua script may touch them all. Global indexes (open tables, due work,
presence) and the ledger's keys live outside any table's tag. The indexes every commit or
heartbeat writes (due work, presence) are split into INDEX_BUCKETS keys with hash tags of
their own, so that no shard carries all of them; their readers read every bucket.
"""

from __future__ import annotations

import zlib

INDEX_BUCKETS = 16


def bucket_of(member: str) -> int:
    """The bucket of a bucketed index that holds ``member`` (a table or player id)."""
    return zlib.crc32(member.encode()) % INDEX_BUCKETS


# --- accounts and presence -------------------------------------------------------------
def account(player_id: str) -> str:
    return f"acct:{player_id}"


def account_name(name: str) -> str:
    """Name → player id; names are unique case-insensitively."""
    return f"acct:name:{name.casefold()}"


def account_skeleton(skeleton: str) -> str:
    """A name's confusable skeleton (services/lobby/names.py) → the id of the account whose
    name has it: names that look alike are one name."""
    return f"acct:skeleton:{skeleton}"


def token_generation(player_id: str) -> str:
    """The player's token generation (an integer; absent: 0). Tokens of an older generation
    are refused (shared.auth); it expires TOKEN_MAX_AGE after its last bump or token."""
    return f"acct:tokens:{player_id}"


def online(bucket: int) -> str:
    """Zset: player id → last seen (unix seconds), for the players of one bucket."""
    return f"{{online:{bucket}}}"


def online_of(player_id: str) -> str:
    return online(bucket_of(player_id))


def invitation(invitation_id: str) -> str:
    """An invitation ``<table id>-<invitee id>``: tagged with the invitee, so that it sits in
    the slot of the invitee's list (one transaction writes both; one MGET reads a list)."""
    _, dash, invitee = invitation_id.partition("-")
    if not (dash and invitee):
        return f"invite:{invitation_id}"
    return f"invite:{{{invitee}}}:{invitation_id}"


def invitations_to(player_id: str) -> str:
    return f"invites:{{{player_id}}}"  # zset: invitation id → expiry


def rate_limit(route: str, player_id: str) -> str:
    """Counter of a player's requests on a route in the current window (shared.ratelimit)."""
    return f"rate:{route}:{player_id}"


def quota(name: str, subject: str) -> str:
    """Counter of a quota's uses by a subject (a client address, a player) in the current
    window (shared.ratelimit.take)."""
    return f"quota:{name}:{subject}"


def tables_opening(player_id: str) -> str:
    """Counter of the player's requests that are taking a seat or opening a table right now
    (the table quota counts them besides the tables the player sits at)."""
    return f"quota:seating:{player_id}"


def player_streams(player_id: str) -> str:
    """Zset: the player's open event streams → when each one's lease runs out
    (services/table/stream_leases.py)."""
    return f"player:{player_id}:streams"


def player_tables(player_id: str) -> str:
    """Zset: table id → the version of the commit that seated the player there (or put them
    on its waiting list); entries go when a later commit took the player away
    (shared/store.py note_player_table)."""
    return f"player:{player_id}:at"


# --- tables ------------------------------------------------------------------------------
def table(table_id: str) -> str:
    """Hash: ``version`` and ``doc`` (the table document as JSON)."""
    return f"{{t:{table_id}}}"


def table_events(table_id: str) -> str:
    """Stream of commits: fields ``v`` (version) and ``e`` (JSON list of raw events)."""
    return f"{{t:{table_id}}}:events"


def table_moves(table_id: str, game_no: int) -> str:
    """List of one game's moves for its record."""
    return f"{{t:{table_id}}}:moves:{game_no}"


def table_request(table_id: str, request_key: str) -> str:
    """The stored answer to an already applied move (idempotency)."""
    return f"{{t:{table_id}}}:req:{request_key}"


def table_chat(table_id: str) -> str:
    """List of the table's last chat lines (JSON), for a client that comes back."""
    return f"{{t:{table_id}}}:chat"


def table_clock(table_id: str) -> str:
    """When the table's armed clock prompt (its one job on queue "clocks") fires, in unix
    seconds; a decision whose deadline is not earlier enqueues no job of its own."""
    return f"{{t:{table_id}}}:clock"


def table_unbooked(table_id: str) -> str:
    """Hash: game id → booking (JSON) of each finished game the ledger has not confirmed yet;
    written by the commit that ends the game, emptied by the booking job."""
    return f"{{t:{table_id}}}:unbooked"


def chat_lock(table_id: str, player_id: str) -> str:
    return f"{{t:{table_id}}}:chatlock:{player_id}"


def stream_ticket(table_id: str, ticket: str) -> str:
    """String: the player (JSON) a one-connection SSE ticket for this table was issued to;
    expires after a minute, consumed with GETDEL (services/table/events.py)."""
    return f"{{t:{table_id}}}:ticket:{ticket}"


def table_channel(table_id: str) -> str:
    """Pub/sub channel of the table's commits (sharded pub/sub on a cluster: in its slot)."""
    return f"{{t:{table_id}}}:changed"


def due_tables(bucket: int) -> str:
    """Zset: table id → when computer or clock work is due, for the tables of one bucket."""
    return f"{{tables:due:{bucket}}}"


def due_tables_of(table_id: str) -> str:
    return due_tables(bucket_of(table_id))


# zset: table id → created at; tables others may join. One key: written twice in a table's
# life (opened, closed), read by the lobby (docs/operations.md "Redis Cluster").
OPEN_TABLES = "tables:open"
TABLE_COUNTER = "tables:counter"
# On the queue Redis: who runs the watchdog (a worker's token, expiring unless extended), and
# how many rounds it ran and when the last one ended (for operators and tests)
WATCHDOG_LOCK = "watchdog:lock"
WATCHDOG_ROUNDS = "watchdog:rounds"
WATCHDOG_LAST = "watchdog:last"
# On the queue Redis: list of the computer decisions due now, "<table id> <turn>" each, that the
# bots workers' computer_turns jobs work off (shared.tables.jobs)
COMPUTERS_READY = "bots:ready"
COMPUTERS_DRAINER = "bots:drainer"  # set while a computer_turns job works the list off
# On the queue Redis: the clock prompts that fire in one whole second, "<table id> <turn>
# <deadline>" each (a set), and the mark of the one clock_prompts job scheduled for them
# (shared.tables.jobs)


def clock_prompts(second: int) -> str:
    return f"clocks:due:{second}"


def clock_prompts_job(second: int) -> str:
    return f"clocks:job:{second}"


# zset: "<table id> <game id>" → when the watchdog sends that game's booking again unless the
# ledger has confirmed it (see table_unbooked)
BOOKINGS_DUE = "bookings:due"

# --- ledger ------------------------------------------------------------------------------
# (owned by the ledger: wallets, journal, pots, bookings, leaderboards)
# Every ledger key carries the hash tag {ledger}: one Lua script moves money, points and the
# booking marker together, so they must sit on one shard of a Redis Cluster.
BALANCES = "{ledger}:balances"  # hash: player id → Taler (absent: a wallet not yet opened)
POTS = "{ledger}:pots"  # hash: game id → Taler in its open pot
JOURNAL = "{ledger}:journal"  # stream: every movement of every account, pots included
PLAYER_NAMES = "{ledger}:names"  # hash: player id → the name last seen in a booking


def wallet_journal(player_id: str) -> str:
    """Stream of one player's movements: ``amount``, ``balance``, ``reason``, ``game``."""
    return f"{{ledger}}:journal:{player_id}"


def pot(game_id: str) -> str:
    """Hash: player id → Taler that player paid into the game's pot."""
    return f"{{ledger}}:pot:{game_id}"


def stakes_collected(game_id: str) -> str:
    """Marker of the game's stakes: ``pending:<tag>`` while reserved for the start committed
    from table version <tag>, ``collected`` once that start dealt the game (shared/wallets.py)."""
    return f"{{ledger}}:staked:{game_id}"


# zset: "<table id> <game id> <tag>" → when reserved, for every stakes reservation no start has
# settled yet; the watchdog settles those that stay (shared/tables/stakes.py)
STAKES_PENDING = "{ledger}:staked:pending"


def booking(game_id: str) -> str:
    """Hash of a booked game: ``summary``, ``payouts``, ``refunds`` (JSON); it exists once
    the game is booked."""
    return f"{{ledger}}:booked:{game_id}"


def player_stats(player_id: str) -> str:
    """Hash: ``<game>:played`` and ``<game>:won`` → count."""
    return f"{{ledger}}:stats:{player_id}"


def recent_games(player_id: str) -> str:
    """List of a player's last booked game ids, newest first (written by the booking script
    beside the player's stats)."""
    return f"{{ledger}}:recent:{player_id}"


def leaderboard(game: str, period: str) -> str:
    """Zset: player id → points; ``period`` is ``all`` or a month ``YYYY-MM`` (UTC)."""
    return f"{{ledger}}:board:{game}:{period}"


# --- ratings (the ledger's, under its hash tag: one script rates a game once) -----------
def ratings(game: str) -> str:
    """Hash: player id → the player's rating in the game (JSON: mu, sigma, games)."""
    return f"{{ledger}}:rating:{game}"


def rating_board(game: str) -> str:
    """Zset: player id → shown rating, for the players whose rating is no longer provisional."""
    return f"{{ledger}}:rating-board:{game}"


def rating_history(player_id: str, game: str) -> str:
    """List of the player's rated games in a game, oldest first (JSON each: the game, the
    rating after it, the change)."""
    return f"{{ledger}}:rating-history:{player_id}:{game}"


def rated(game_id: str) -> str:
    """Hash of a rated game: ``seats`` (JSON: per seat the rating before and after); it
    exists once the game is rated, and makes rating it again a no-op."""
    return f"{{ledger}}:rated:{game_id}"


# --- quick play ("Schnell spielen") ------------------------------------------------------
# Every key of the pool carries the hash tag {quickplay}: one script matches players across
# every seat count of a game and moves a player between pools, so they sit on one shard.
# A room is one game at one clock; a player waits in at most one room.
QUICKPLAY_ROOMS = "{quickplay}:rooms"  # hash: player id → the room ("<game>:<clock>") waited in
QUICKPLAY_MATCHED = "{quickplay}:matched"  # hash: player id → the match (JSON: table, at, …)
QUICKPLAY_MATCHED_AT = "{quickplay}:matched-at"  # zset: player id → when matched (for clean-up)


def quickplay_pool(game: str, clock: int, seats: int) -> str:
    """Zset: player id → rating, of the players in the room who would play at ``seats``."""
    return f"{{quickplay}}:pool:{game}:{clock}:{seats}"


def quickplay_entries(game: str, clock: int) -> str:
    """Hash: player id → the player's request in the room (JSON)."""
    return f"{{quickplay}}:entries:{game}:{clock}"


def quickplay_seen(game: str, clock: int) -> str:
    """Zset: player id → when the waiting player last asked (a player gone quiet is dropped)."""
    return f"{{quickplay}}:seen:{game}:{clock}"
