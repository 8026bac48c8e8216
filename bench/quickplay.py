"""Quick-play matching latency with a full pool: from the arrival that completes a table to
the table's start, while 1,000 players wait.

    .venv/bin/python bench/quickplay.py [--waiting 1000] [--arrivals 300] [--concurrency 4]
                                        [--url URL --redis-url REDIS_URL]

The pool is filled in Redis with ``--waiting`` players of Speedone at 2 minutes (ratings around
1500, seat counts 2, 3, 4 and "egal"), written in the pool's layout (services/lobby/
matching.py) without matching them among themselves — the pool at its fullest, every one a
candidate — and kept in the pool the way their clients' asking would keep them (their
``seen`` marks renewed every few seconds). Each arrival is a new guest who asks for a
two-seat table over HTTP, with a rating drawn like the waiting players' (set in Redis
before it asks): its request meets the nearest waiting player, opens the table and
starts its game before it is answered, so the answer's round trip is the time from the last
needed arrival to the table's start. Every matched waiting player is replaced, so the pool
stays full. Prints p50/p95/p99/max and whether p99 stays under 100 ms (met / not met).

Without ``--url`` the bench starts the `make run` setup of bench/load.py on a free port
(quotas on guests off); with one, ``--redis-url`` must name the house's Redis.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx  # noqa: E402
from load import Single  # noqa: E402

from services.lobby import matching  # noqa: E402
from shared import connection, keys  # noqa: E402
from shared.ratings import Rating  # noqa: E402

GAME, CLOCK = "speedone", 120
GOAL_MS = 100.0
SEAT_CHOICES = (2, 3, 4, None)


def fill(r, count: int, rng: random.Random, first: int) -> None:
    """``count`` more waiting players in the room, written as the pool keeps them (no match
    is tried among them: the pool at its fullest, every one of them a candidate)."""
    now = time.time()
    pipe = r.pipeline(transaction=False)
    for number in range(first, first + count):
        player, seats = f"bench-w{number}", rng.choice(SEAT_CHOICES)
        counts = [seats] if seats else matching.seat_counts(GAME)
        rating = round(rng.gauss(1500, 250))
        entry = {"name": f"W{number}", "rating": rating, "since": now, "seats": seats,
                 "counts": counts, "computers_after": -1}  # fmt: skip
        pipe.hset(keys.quickplay_entries(GAME, CLOCK), player, json.dumps(entry))
        for n in counts:
            pipe.zadd(keys.quickplay_pool(GAME, CLOCK, n), {player: rating})
        pipe.zadd(keys.quickplay_seen(GAME, CLOCK), {player: now})
        pipe.hset(keys.QUICKPLAY_ROOMS, player, matching.room_of(GAME, CLOCK))
    pipe.execute()


def keep_seen(r, stop: threading.Event) -> None:
    """The waiting players' clients ask every few seconds: their marks stay fresh."""
    while not stop.wait(3.0):
        seen = keys.quickplay_seen(GAME, CLOCK)
        members = r.zrange(seen, 0, -1)
        if members:
            r.zadd(seen, dict.fromkeys(members, time.time()))


def arrive(url: str, r, number: int, rating: int) -> tuple[float, str]:
    """A new guest with ``rating`` asks for a two-seat table; (milliseconds of the request,
    the state it answered)."""
    with httpx.Client(base_url=url, timeout=30) as http:
        name = f"Q{os.getpid() % 1000}x{number}"
        answer = http.post("/api/lobby/accounts/guest", json={"name": name})
        answer.raise_for_status()
        session = answer.json()
        r.hset(keys.ratings(GAME), session["player"]["id"], Rating(rating, 80.0, 30).encode())
        auth = {"Authorization": f"Bearer {session['token']}"}
        body = {"game": GAME, "seats": 2, "clock": CLOCK}
        began = time.perf_counter()
        answer = http.post("/api/lobby/quickplay", json=body, headers=auth)
        took = (time.perf_counter() - began) * 1000
        answer.raise_for_status()
        return took, answer.json()["state"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiting", type=int, default=1000)
    parser.add_argument("--arrivals", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--url", help="a running house (default: start one)")
    parser.add_argument("--redis-url", help="the running house's Redis (with --url)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    print(f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}, load average {os.getloadavg()[0]:.1f}",
          flush=True)  # fmt: skip
    target = None if args.url else Single(env_extra={"QUOTA_GUESTS_PER_HOUR": "0"})
    url = args.url or f"http://{target.host}:{target.port}"
    r = connection.connect(args.redis_url or target.redis_url)
    stop = threading.Event()
    rng = random.Random(7)
    try:
        fill(r, args.waiting, rng, 0)
        refresher = threading.Thread(target=keep_seen, args=(r, stop), daemon=True)
        refresher.start()
        waiting = r.hlen(keys.quickplay_entries(GAME, CLOCK))
        print(f"{waiting} players wait for {GAME} at {CLOCK} s; {args.arrivals} arrivals, "
              f"{args.concurrency} at once", flush=True)  # fmt: skip
        refill = iter(range(args.waiting, 10**9, args.waiting))
        lock = threading.Lock()

        def one(number):
            with lock:
                rating = round(rng.gauss(1500, 250))
            took, state = arrive(url, r, number, rating)
            with lock:
                missing = args.waiting - r.hlen(keys.quickplay_entries(GAME, CLOCK))
                if missing > 0:
                    fill(r, missing, rng, next(refill))
            return took, state

        with ThreadPoolExecutor(args.concurrency) as pool:
            results = list(pool.map(one, range(args.arrivals)))
    finally:
        stop.set()
        r.close()
        if target is not None:
            target.stop()
    times = [took for took, state in results if state == "matched"]
    print(
        f"matched at once: {len(times)} of {len(results)} arrivals (the others found nobody "
        f"within their rating window and wait)"
    )
    if not times:
        print("no table started: not met")
        return 0
    p99 = percentile(times, 0.99)
    p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
    print(f"arrival → table started: p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms  "
          f"max {max(times):.1f} ms")  # fmt: skip
    print(f"goal p99 < {GOAL_MS:.0f} ms at {args.waiting} waiting: "
          f"{'met' if p99 < GOAL_MS else 'not met'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
