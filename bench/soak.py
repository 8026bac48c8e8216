"""Soak: many computer games through the real services (the lobby and table apps and the
bots, clocks and ledger jobs, on a Redis of its own), then the invariants.

    .venv/bin/python bench/soak.py [--games 300] [--retention 3600]

Each game: a guest (a client of the house's Python library, clients/python, talking to the
whole house in this process through httpx's WSGI transport) opens a solo table (game and seat
count drawn over all three games and their seat counts; every other seat a computer), starts
it at Turbo and leaves at once, so computers play every seat to the end; the jobs of every
queue run in this process the way the worker runs them. Then:
  * every game ended (status over or closed, a result recorded);
  * cards are conserved in every record's replay: replaying the record's moves with the
    engine from its seed gives the recorded result, and after every move the snapshot's
    zones hold each card of the deck as often as the deck does;
  * the ledger is conserved: every game is booked and no Taler is left in an open pot (solo
    tables have no stakes, so the wallets' sum is only reported);
  * no key left behind: every key of a finished table has a TTL no longer than TABLE_RETENTION
    (docs/operations.md), and no rate-limit or chat-lock key lives without a TTL.
A game that does not end within GAME_JOBS jobs (computer turns of up to 200 decisions each)
is reported and its work dropped, so an endless game shows as a problem instead of holding
the run up.
The 10,000-game size of the issue is ``--games 10000`` (minutes on the 2-core machine).
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import redis  # noqa: E402
from rq import Queue  # noqa: E402
from rq.serializers import JSONSerializer  # noqa: E402
from speedgamez_client import Client, ProblemError  # noqa: E402

from shared import keys, store  # noqa: E402
from shared.embedded_redis import EmbeddedRedis  # noqa: E402
from shared.games import get_game, names  # noqa: E402
from shared.tables.jobs import queue  # noqa: E402

SEATS = {"speedlaunch": (2, 3, 4, 5, 6), "speedtower": (2, 3, 4), "speedone": (2, 3, 4, 5, 6)}
OPTIONS = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}
GAME_JOBS = 1000  # jobs (computer turns of up to 200 decisions) before a game counts as endless
PROGRESS_SECONDS = 30  # a progress line at least this often


def cards_held(engine, state) -> Counter:
    """Every card in the snapshot's zones (hands, piles, towers …), counted."""
    return Counter(card for cards in engine.snapshot(state)["zones"].values() for card in cards)


def drain(queues, connection, limit: int) -> int:
    """Run the queued jobs (and what they enqueue) here, as the worker runs them, at most
    ``limit``. Returns how many ran."""
    ran = 0
    while ran < limit and (
        found := Queue.dequeue_any(queues, None, connection=connection, serializer=JSONSerializer)
    ):
        found[0].perform()
        ran += 1
    return ran


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--retention", type=int, default=3600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    folder = Path(tempfile.mkdtemp(prefix="speedgamez-soak-"))
    server = EmbeddedRedis(folder, appendonly=False)
    server.start()
    try:
        return soak(server.url, args)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def soak(url: str, args) -> int:
    import os

    os.environ.update(
        REDIS_URL=url, BOT_PACE="off", SECRET_KEY="soak", TABLE_RETENTION=str(args.retention)
    )  # the jobs read the environment
    from services.bots import jobs as bot_jobs
    from services.house import create_house

    bot_jobs._connections.cache_clear()
    config = {"REDIS_URL": url, "SECRET_KEY": "soak", "BOT_PACE": "off",
              "TABLE_RETENTION": args.retention, "MOVE_RATE_LIMIT": 0, "ACTION_RATE_LIMIT": 0,
              "QUOTA_GUESTS_PER_HOUR": 0}  # fmt: skip
    # the house's Python client, on the whole house in this process (no socket)
    transport = httpx.WSGITransport(app=create_house(config))

    def signed_in(name: str) -> Client:
        client = Client("http://soak", transport=transport)
        client.guest(name)
        return client

    r = redis.Redis.from_url(url, decode_responses=True)
    qr = redis.Redis.from_url(url)
    # bots and ledger jobs run here as the worker runs them; clocks are not needed (no human
    # seat is left), and the watchdog there re-enqueues itself for ever
    queues = [queue(qr, name) for name in ("bots", "ledger")]
    rng = random.Random(args.seed)
    started, made, jobs, problems = time.monotonic(), [], 0, []
    reported = started
    for number in range(args.games):
        game = rng.choice(names())
        seats = rng.choice(SEATS[game])
        with signed_in(f"Soak{number}") as player:
            try:  # a solo table starts at once
                table_id = player.open_table(game, seats, OPTIONS[game], solo=True).id
            except ProblemError as error:
                problems.append(f"open {game}/{seats}: {error}")
                continue
            player.turbo(table_id)
            player.leave(table_id)
        made.append((table_id, game, seats))
        ran = drain(queues, qr, GAME_JOBS)
        doc = store.load(r, table_id)
        if ran == GAME_JOBS and doc["status"] == "playing":  # endless: drop its work
            problems.append(f"{table_id} ({game}, {seats} seats) did not end within {ran} jobs "
                            f"({doc['current']['moves']} decisions)")  # fmt: skip
            for pending in queues:
                pending.empty()
        jobs += ran + drain(queues, qr, GAME_JOBS)  # what is left: stale turns, the booking
        if (number + 1) % 50 == 0 or time.monotonic() - reported > PROGRESS_SECONDS:
            reported = time.monotonic()
            print(f"{number + 1} games, {jobs} jobs, {reported - started:.0f} s", flush=True)
    elapsed = time.monotonic() - started

    ended = replayed = 0
    reader = signed_in("SoakReader")
    for table_id, game, _seats in made:
        doc = store.load(r, table_id)
        current = doc and doc["current"]
        if not current or current.get("result") is None:
            problems.append(f"{table_id} ({game}) did not end: {doc and doc['status']}")
            continue
        ended += 1
        if not r.exists(keys.booking(current["id"])):
            problems.append(f"{table_id}: game {current['id']} was not booked")
        record = reader.record(table_id, 1)
        engine = get_game(game)
        deck = Counter(engine.DECK)
        state = engine.new(record["options"], len(record["seats"]), record["seed"],
                           record["first"])  # fmt: skip
        for entry in record["moves"]:
            if entry["kind"] == "move":
                engine.apply(state, entry["seat"], entry["move"])
            elif entry["kind"] == "leave":
                engine.leave(state, entry["seat"])
            if cards_held(engine, state) != deck:
                problems.append(f"{table_id}: cards not conserved after {entry}")
                break
        if engine.result(state) != current["result"]:
            problems.append(f"{table_id}: the replay's result differs from the recorded one")
        else:
            replayed += 1

    balances = sum(int(v) for v in r.hvals(keys.BALANCES))
    pots = sum(int(v) for v in r.hvals(keys.POTS))
    opened_wallets = r.hlen(keys.BALANCES)
    leftovers = []
    for key in r.scan_iter(count=1000):
        ttl = r.ttl(key)
        if key.startswith("{t:") and (ttl < 0 or ttl > args.retention):
            leftovers.append((key, ttl))
        if key.startswith(("rate:", "{t:")) and ":chatlock:" in key and ttl < 0:
            leftovers.append((key, ttl))
        if key.startswith("rate:") and ttl < 0:
            leftovers.append((key, ttl))
    print(f"\n{len(made)} games in {elapsed:.0f} s ({len(made) / elapsed:.1f} games/s, "
          f"{jobs} jobs); ended {ended}, replays matching {replayed}; wallets {opened_wallets} "
          f"with {balances} Taler + pots {pots}; keys without the retention TTL: "
          f"{len(leftovers)} {leftovers[:5]}")  # fmt: skip
    for problem in problems[:20]:
        print("PROBLEM", problem)
    if pots:
        problems.append(f"{pots} Taler left in open pots after every game was booked")
    ok = not problems and not leftovers and ended == len(made) == args.games
    print("invariants hold" if ok else f"{len(problems)} problems")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
