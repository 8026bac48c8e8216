"""Players in Redis: accounts, presence and invitations (the lobby views call these).

An account is a hash at ``keys.account(id)`` (``id``, ``name``, ``guest``, ``created_at`` and,
for registered players, the argon2 ``password`` hash); ``keys.account_name`` maps the
case-folded name to the id. A guest's two keys expire after :data:`GUEST_TTL` unless the guest
comes back (:func:`touch`); a registered player's keys stay.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from functools import cache

import redis
from argon2 import PasswordHasher
from argon2.exceptions import VerifyMismatchError

from shared import connection, keys, offload, store

NAME_MIN, NAME_MAX = 2, 20
NAME_PUNCTUATION = " _-."
PASSWORD_MIN, PASSWORD_MAX = 8, 128
GUEST_TTL = 7 * 24 * 3600  # a guest's name stays reserved this long after its last request
ONLINE_WINDOW = 60  # seconds a heartbeat counts as online
ONLINE_LIST_MAX = 200
INVITATION_TTL = 120
INVITATIONS_LIST_MAX = 50

# argon2id with the RFC 9106 low-memory profile; tests swap in a cheaper one. Every hash and
# check runs off the event loop (shared.offload).
password_hasher = PasswordHasher()

# Claims the name (KEYS[1]) for the id ARGV[1] unless it is taken, then writes the account
# hash (KEYS[2]) from the field/value pairs ARGV[3:]; both keys expire after ARGV[2] seconds
# (0: never).
_CREATE = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 0 end
redis.call('HSET', KEYS[2], unpack(ARGV, 3))
if tonumber(ARGV[2]) > 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return 1
"""

# Whether the account (KEYS[1]) still exists; with a TTL (ARGV[2] > 0) it and the name key
# (KEYS[2], if it still points at the id ARGV[1]) live that long again.
_TOUCH = """
local ttl = tonumber(ARGV[2])
if ttl == 0 then return redis.call('EXISTS', KEYS[1]) end
if redis.call('EXPIRE', KEYS[1], ttl) == 0 then return 0 end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('EXPIRE', KEYS[2], ttl) end
return 1
"""


# --- names -------------------------------------------------------------------------------
def clean_name(name: str) -> str:
    """The name as it is stored: NFC-normalised (so "é" is one letter) and trimmed."""
    return unicodedata.normalize("NFC", name).strip()


def name_problem(name: str) -> str | None:
    """Why a cleaned name is not allowed, or None when it is."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"A name has {NAME_MIN} to {NAME_MAX} characters."
    if not all(c.isalpha() or c.isdecimal() or c in NAME_PUNCTUATION for c in name):
        return "A name has only letters, digits, spaces and _ - . in it."
    return None


# --- accounts ----------------------------------------------------------------------------
def public(account: dict) -> dict:
    """What a token and every response say about a player."""
    return {"id": account["id"], "name": account["name"], "guest": account["guest"] == "1"}


def create_account(r: redis.Redis, name: str, password: str | None, now: float) -> dict | None:
    """A new guest (``password`` None) or registered account, or None when the name is taken
    (by anyone, a guest included, case-insensitively)."""
    player_id = "p" + secrets.token_hex(8)
    fields = {"id": player_id, "name": name, "guest": "0" if password else "1", "created_at": now}
    if password:
        fields["password"] = hashed(password)
    pairs = [str(item) for field in fields.items() for item in field]
    ttl = 0 if password else GUEST_TTL
    if connection.is_cluster(r):
        created = _create_across_slots(r, name, player_id, ttl, fields)
    else:
        created = r.eval(
            _CREATE, 2, keys.account_name(name), keys.account(player_id), player_id, ttl, *pairs
        )
    return public(fields) if created else None


def _create_across_slots(r, name: str, player_id: str, ttl: int, fields: dict) -> bool:
    """On a Redis Cluster the name and the account live in different slots (no script may
    touch both): the account is written first, under its new id nobody knows yet, then the
    name is claimed (SET NX); a name that is taken takes the account away again."""
    pipe = r.pipeline(transaction=False)
    pipe.hset(keys.account(player_id), mapping=fields)
    if ttl:
        pipe.expire(keys.account(player_id), ttl)
    pipe.execute()
    if r.set(keys.account_name(name), player_id, nx=True, ex=ttl or None):
        return True
    r.delete(keys.account(player_id))
    return False


def find(r: redis.Redis, name: str) -> dict | None:
    """The account holding a name (any case), with its password hash if registered."""
    player_id = r.get(keys.account_name(name))
    account = r.hgetall(keys.account(player_id)) if player_id else None
    return account or None


def touch(r: redis.Redis, player: dict) -> bool:
    """Whether the player's account still exists; a guest's is kept for GUEST_TTL again."""
    ttl = GUEST_TTL if player["guest"] else 0
    if connection.is_cluster(r):  # two slots: the account first, then its name if still its
        account, name = keys.account(player["id"]), keys.account_name(player["name"])
        if not (r.expire(account, ttl) if ttl else r.exists(account)):
            return False
        if ttl and r.get(name) == player["id"]:
            r.expire(name, ttl)
        return True
    alive = r.eval(
        _TOUCH, 2, keys.account(player["id"]), keys.account_name(player["name"]), player["id"], ttl
    )
    return bool(alive)


@cache
def _decoy_hash(hasher: PasswordHasher) -> str:
    """A hash no password matches, as costly to check as a real one."""
    return hasher.hash(secrets.token_hex(16))


def hashed(password: str) -> str:
    """The password's argon2 hash, made off the event loop."""
    return offload.call(password_hasher.hash, password)


def _check(stored: str | None, password: str) -> tuple[bool, bool]:
    """(whether the password matches the stored hash, whether the hash needs renewing); an
    account without a hash costs the same check against a decoy."""
    try:
        password_hasher.verify(stored or _decoy_hash(password_hasher), password)
    except VerifyMismatchError:
        return False, False
    return stored is not None, stored is not None and password_hasher.check_needs_rehash(stored)


def authenticate(r: redis.Redis, name: str, password: str) -> dict | None:
    """The registered player with this name and password, or None. An unknown name or a
    guest's costs the same hash check, so the answer time does not tell names apart."""
    account = find(r, name)
    stored = account.get("password") if account else None
    matches, renew = offload.call(_check, stored, password)
    if not matches:
        return None
    if renew:
        r.hset(keys.account(account["id"]), "password", hashed(password))
    return public(account)


def is_banned(r: redis.Redis, player_id: str) -> bool:
    return bool(r.hexists(keys.account(player_id), "banned"))


def set_password(r: redis.Redis, player_id: str, password: str) -> None:
    r.hset(keys.account(player_id), "password", hashed(password))


def set_banned(r: redis.Redis, player_id: str, banned: bool, now: float) -> None:
    """Ban (or let back) an account: a banned player cannot sign in. The caller revokes the
    player's tokens (shared.auth.revoke_tokens)."""
    if banned:
        r.hset(keys.account(player_id), "banned", now)
    else:
        r.hdel(keys.account(player_id), "banned")


def names_of(r: redis.Redis, player_ids: list[str]) -> dict[str, str]:
    """Player id → name, for the ids whose accounts still exist."""
    pipe = r.pipeline(transaction=False)
    for player_id in player_ids:
        pipe.hget(keys.account(player_id), "name")
    return {pid: name for pid, name in zip(player_ids, pipe.execute(), strict=True) if name}


# --- presence ----------------------------------------------------------------------------
def heartbeat(r: redis.Redis, player_id: str, now: float) -> None:
    store.mark_online(r, player_id, now, ONLINE_WINDOW)


def online(r: redis.Redis, now: float, viewer_id: str) -> tuple[list[dict], int]:
    """The players seen in the last ONLINE_WINDOW seconds (at most ONLINE_LIST_MAX, the most
    recently seen, sorted by name; ``you`` marks the viewer) and how many are online in
    all. By name: player ids never leave the house."""
    seen, count = store.seen_online(r, now, ONLINE_WINDOW, ONLINE_LIST_MAX)
    names = names_of(r, [player_id for player_id, _ in seen])
    players = [
        {"name": names[player_id], "seen_at": at, "you": player_id == viewer_id}
        for player_id, at in seen
        if player_id in names
    ]
    return sorted(players, key=lambda p: p["name"].casefold()), count


# --- invitations -------------------------------------------------------------------------
def invitation_id(table_id: str, invitee_id: str) -> str:
    """One invitation per table and invitee: inviting again renews it."""
    return f"{table_id}-{invitee_id}"


def save_invitation(r: redis.Redis, invitation: dict, now: float) -> None:
    """Store an invitation (with ``id``, ``to_id`` and ``expires_at``) until it expires."""
    ttl = max(1, round(invitation["expires_at"] - now))
    pending = keys.invitations_to(invitation["to_id"])
    pipe = r.pipeline(transaction=True)
    pipe.set(keys.invitation(invitation["id"]), json.dumps(invitation), ex=ttl)
    pipe.zadd(pending, {invitation["id"]: invitation["expires_at"]})
    pipe.expire(pending, ttl)  # every invitation lives as long, so the newest lasts longest
    pipe.execute()


def invitation(r: redis.Redis, invitation_id: str, now: float) -> dict | None:
    """The invitation, or None when there is none or it expired."""
    stored = r.get(keys.invitation(invitation_id))
    found = json.loads(stored) if stored else None
    return found if found and found["expires_at"] > now else None


def invitations_for(r: redis.Redis, player_id: str, now: float) -> list[dict]:
    """The player's pending invitations, the newest first (at most INVITATIONS_LIST_MAX);
    expired ones are dropped from the player's list on the way."""
    pending = keys.invitations_to(player_id)
    pipe = r.pipeline(transaction=False)
    pipe.zremrangebyscore(pending, "-inf", now)
    pipe.zrevrange(pending, 0, INVITATIONS_LIST_MAX - 1)
    _, ids = pipe.execute()
    stored = r.mget([keys.invitation(i) for i in ids]) if ids else []
    found = [json.loads(s) for s in stored if s]
    return [i for i in found if i["expires_at"] > now]


def delete_invitation(r: redis.Redis, invitation: dict) -> None:
    pipe = r.pipeline(transaction=True)
    pipe.delete(keys.invitation(invitation["id"]))
    pipe.zrem(keys.invitations_to(invitation["to_id"]), invitation["id"])
    pipe.execute()
