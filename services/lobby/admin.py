"""Operator commands for accounts, run where the house's settings are (REDIS_URL,
TOKEN_MAX_AGE), e.g. in a lobby container:

    python -m services.lobby.admin ban NAME        # no sign-in, every token revoked
    python -m services.lobby.admin unban NAME      # may sign in again
    python -m services.lobby.admin sign-out NAME   # every token revoked (lost device)
    python -m services.lobby.admin index-names     # every name's look-alike skeleton kept

Each prints one line saying what it did; an unknown name exits with status 1. index-names
gives the accounts made before skeletons were kept theirs now, instead of at their next
sign-in or lobby request (services/lobby/players.py).
"""

from __future__ import annotations

import argparse
import sys
import time

from services.lobby import players
from shared import config, connection
from shared.auth import GENERATION_SLACK, revoke_tokens


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m services.lobby.admin",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=("ban", "unban", "sign-out", "index-names"))
    parser.add_argument("name", nargs="?", help="the player's name (any case)")
    args = parser.parse_args(argv)
    settings = config.settings()
    r = connection.connect(settings["REDIS_URL"])
    if args.command == "index-names":
        claimed, shared = players.index_skeletons(r)
        print(f"{claimed} names got their skeleton; {shared} look like a name claimed before.")
        return 0
    if not args.name:
        parser.error(f"{args.command} needs a NAME")
    account = players.find(r, args.name)
    if account is None:
        print(f"There is no player named {args.name!r}.", file=sys.stderr)
        return 1
    name, player_id = account["name"], account["id"]
    ttl = settings["TOKEN_MAX_AGE"] + GENERATION_SLACK
    if args.command == "unban":
        players.set_banned(r, player_id, False, time.time())
        print(f"{name} ({player_id}) may sign in again.")
        return 0
    if args.command == "ban":
        players.set_banned(r, player_id, True, time.time())
    generation = revoke_tokens(r, player_id, ttl)
    done = "banned, and every token" if args.command == "ban" else "every token"
    print(f"{name} ({player_id}): {done} issued so far is revoked (generation {generation}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
