"""Every Redis key name of the house, in one place.

A table's keys share the hash tag ``{t:<id>}`` so that they stay on one shard of a Redis
Cluster and one Lua script may touch them all. Global indexes (open tables, due work,
presence) and the ledger's keys live outside any table's tag.
"""

from __future__ import annotations


# --- accounts and presence -------------------------------------------------------------
def account(player_id: str) -> str:
    return f"acct:{player_id}"


def account_name(name: str) -> str:
    """Name → player id; names are unique case-insensitively."""
    return f"acct:name:{name.casefold()}"


ONLINE = "online"  # zset: player id → last seen (unix seconds)


def invitation(invitation_id: str) -> str:
    return f"invite:{invitation_id}"


def invitations_to(player_id: str) -> str:
    return f"invites:{player_id}"  # zset: invitation id → expiry


def player_tables(player_id: str) -> str:
    return f"player:{player_id}:tables"  # set of table ids the player sits at


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


def chat_lock(table_id: str, player_id: str) -> str:
    return f"{{t:{table_id}}}:chatlock:{player_id}"


OPEN_TABLES = "tables:open"  # zset: table id → created at; tables others may join
DUE_TABLES = "tables:due"  # zset: table id → when computer or clock work is due
TABLE_CHANGES = "tables:changed"  # pub/sub channel: a table id after every commit
TABLE_COUNTER = "tables:counter"
WATCHDOG_LOCK = "watchdog:lock"

# --- ledger ------------------------------------------------------------------------------
# (owned by the ledger: wallets, journal, pots, bookings, leaderboards)
