"""Players in Redis: accounts, presence and invitations (the lobby views call these).

An account is a hash at ``keys.account(id)`` (``id``, ``name``, ``guest``, ``created_at`` and,
for registered players, the argon2 ``password`` hash); ``keys.account_name`` maps the
case-folded name to the id, and ``keys.account_skeleton`` the name's confusable skeleton
(services/lobby/names.py), so that no two accounts have names that look alike. A guest's keys
expire after :data:`GUEST_TTL` unless the guest comes back (:func:`touch`); a registered
player's keys stay.

Accounts made before skeletons were kept get theirs lazily: a guest's at its next request to
the lobby (:func:`touch`), a registered player's at the next sign-in (every token lapses
within TOKEN_MAX_AGE, so an active player signs in within 30 days), or all at once with
``python -m services.lobby.admin index-names``. Until then a look-alike of such a name may be
taken; two older names that look alike both keep working (the first to come claims the
skeleton).
"""

from __future__ import annotations

import json
import secrets
from functools import cache

import redis
from argon2 import PasswordHasher
from argon2.exceptions import VerifyMismatchError

from services.lobby import names
from shared import connection, keys, offload, presence

PASSWORD_MIN, PASSWORD_MAX = 8, 128
GUEST_TTL = 7 * 24 * 3600  # a guest's name stays reserved this long after its last request
ONLINE_WINDOW = 60  # seconds a heartbeat counts as online
ONLINE_LIST_MAX = 200
INVITATION_TTL = 120
INVITATIONS_LIST_MAX = 50

# argon2id with the RFC 9106 low-memory profile; tests swap in a cheaper one. Every hash and
# check runs off the event loop (shared.offload).
password_hasher = PasswordHasher()

# Claims the name (KEYS[1]) and its skeleton (KEYS[3]) for the id ARGV[1] unless either is
# taken, then writes the account hash (KEYS[2]) from the field/value pairs ARGV[3:]; the keys
# expire after ARGV[2] seconds (0: never). Answers 0 (the name taken), 2 (a look-alike of it
# taken) or 1 (made).
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 then return 2 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[3], ARGV[1])
redis.call('HSET', KEYS[2], unpack(ARGV, 3))
if tonumber(ARGV[2]) > 0 then
  for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[2]) end
end
return 1
"""

# Whether the account (KEYS[1]) still exists; with a TTL (ARGV[2] > 0) it, the name key
# (KEYS[2], if it still points at the id ARGV[1]) and the skeleton key (KEYS[3], claimed if
# nobody holds it) live that long again.
_TOUCH = """
local ttl = tonumber(ARGV[2])
if ttl == 0 then return redis.call('EXISTS', KEYS[1]) end
if redis.call('EXPIRE', KEYS[1], ttl) == 0 then return 0 end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('EXPIRE', KEYS[2], ttl) end
local held = redis.call('GET', KEYS[3])
if not held or held == ARGV[1] then redis.call('SET', KEYS[3], ARGV[1], 'EX', ttl) end
return 1
"""


class NameTaken(Exception):
    """The name is taken (``look_alike``: a name that looks like it is)."""

    def __init__(self, look_alike: bool):
        super().__init__("the name is taken")
        self.look_alike = look_alike


# --- accounts ----------------------------------------------------------------------------
def public(account: dict) -> dict:
    """What a token and every response say about a player."""
    return {"id": account["id"], "name": account["name"], "guest": account["guest"] == "1"}


def create_account(r: redis.Redis, name: str, password: str | None, now: float) -> dict:
    """A new guest (``password`` None) or registered account; NameTaken when the name is
    taken (by anyone, a guest included, case-insensitively) or one that looks like it."""
    player_id = "p" + secrets.token_hex(8)
    fields = {"id": player_id, "name": name, "guest": "0" if password else "1", "created_at": now}
    claimed = [keys.account_name(name), keys.account(player_id), _skeleton_key(name)]
    if password:  # no hash for a name that is taken (only one that is taken meanwhile)
        _refuse_if_taken(r, claimed[0], claimed[2])
        fields["password"] = hashed(password)
    ttl = 0 if password else GUEST_TTL
    if connection.is_cluster(r):
        _create_across_slots(r, claimed, player_id, ttl, fields)
    else:
        pairs = [str(item) for field in fields.items() for item in field]
        made = r.eval(_CREATE, 3, *claimed, player_id, ttl, *pairs)
        if made != 1:
            raise NameTaken(look_alike=made == 2)
    return public(fields)


def _refuse_if_taken(r, name_key: str, skeleton_key: str) -> None:
    pipe = r.pipeline(transaction=False)
    pipe.exists(name_key)
    pipe.exists(skeleton_key)
    name_held, look_alike_held = pipe.execute()
    if name_held or look_alike_held:
        raise NameTaken(look_alike=not name_held)


def _create_across_slots(r, claimed: list[str], player_id: str, ttl: int, fields: dict) -> None:
    """On a Redis Cluster the name, the account and the skeleton live in different slots (no
    script may touch them all): the account is written first, under its new id nobody knows
    yet, then the name and its skeleton are claimed (SET NX); a claim that fails takes back
    what this call wrote."""
    name, account, skeleton = claimed
    pipe = r.pipeline(transaction=False)
    pipe.hset(account, mapping=fields)
    if ttl:
        pipe.expire(account, ttl)
    pipe.execute()
    if not r.set(name, player_id, nx=True, ex=ttl or None):
        r.delete(account)
        raise NameTaken(look_alike=False)
    if not r.set(skeleton, player_id, nx=True, ex=ttl or None):
        if r.get(name) == player_id:
            r.delete(name)
        r.delete(account)
        raise NameTaken(look_alike=True)


def _skeleton_key(name: str) -> str:
    return keys.account_skeleton(names.skeleton(name))


def find(r: redis.Redis, name: str) -> dict | None:
    """The account holding a name as typed (any case; an account from before names were
    NFKC-normalised under its earlier form), with its password hash if registered."""
    for form in names.lookup_forms(name):
        player_id = r.get(keys.account_name(form))
        account = r.hgetall(keys.account(player_id)) if player_id else None
        if account:
            return account
    return None


def claim_skeleton(r: redis.Redis, account: dict) -> bool:
    """Give an account from before skeletons were kept its name's skeleton (for as long as
    the account lives), unless another account holds it already (then both keep their
    names). Whether the account holds it now."""
    key, player_id = _skeleton_key(account["name"]), account["id"]
    ttl = r.ttl(keys.account(player_id)) if account.get("guest") == "1" else None
    r.set(key, player_id, nx=True, ex=ttl if ttl and ttl > 0 else None)
    return r.get(key) == player_id


def index_skeletons(r: redis.Redis) -> tuple[int, int]:
    """Every name's skeleton claimed for its account (operators, once): (names that hold
    their skeleton now, names that look like one claimed before)."""
    held = shared = 0
    for name_key in r.scan_iter(match=keys.account_name("*"), count=1000):
        player_id = r.get(name_key)
        account = r.hgetall(keys.account(player_id)) if player_id else None
        if account:
            if claim_skeleton(r, account):
                held += 1
            else:
                shared += 1
    return held, shared


def touch(r: redis.Redis, player: dict) -> bool:
    """Whether the player's account still exists; a guest's (with its name and skeleton) is
    kept for GUEST_TTL again."""
    ttl = GUEST_TTL if player["guest"] else 0
    account, name = keys.account(player["id"]), keys.account_name(player["name"])
    skeleton = _skeleton_key(player["name"])
    if connection.is_cluster(r):  # three slots: the account first, then its name and skeleton
        if not (r.expire(account, ttl) if ttl else r.exists(account)):
            return False
        if ttl:
            pipe = r.pipeline(transaction=False)
            pipe.get(name)
            pipe.set(skeleton, player["id"], nx=True, ex=ttl)  # claimed if nobody holds it
            pipe.get(skeleton)
            name_holder, _, skeleton_holder = pipe.execute()
            pipe = r.pipeline(transaction=False)
            for key, holder in ((name, name_holder), (skeleton, skeleton_holder)):
                if holder == player["id"]:
                    pipe.expire(key, ttl)
            pipe.execute()
        return True
    return bool(r.eval(_TOUCH, 3, account, name, skeleton, player["id"], ttl))


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
    claim_skeleton(r, account)
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
    presence.mark_online(r, player_id, now, ONLINE_WINDOW)


def online(r: redis.Redis, now: float, viewer_id: str) -> tuple[list[dict], int]:
    """The players seen in the last ONLINE_WINDOW seconds (at most ONLINE_LIST_MAX, the most
    recently seen, sorted by name; ``you`` marks the viewer) and how many are online in
    all. By name: player ids never leave the house."""
    seen, count = presence.seen_online(r, now, ONLINE_WINDOW, ONLINE_LIST_MAX)
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
