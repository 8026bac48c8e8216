"""Clock lateness: how long after a clock's deadline the computer's decision for the absent
player is made, and when the players' event streams show it.

    .venv/bin/python bench/clocks.py [--tables 200] [--spread 40] [--seconds 130]
                                     [--target single]

N two-guest Speedone tables with a 30 s clock (40 s with the grace) where nobody moves: only
one event stream per table is open, as a player's browser would hold it. The tables start
evenly over ``--spread`` seconds (40: one clock period, so deadlines come as steadily as in a
house where games start at any time); ``--spread 0`` starts them all at once, so every
deadline falls into the same second or two (a burst, the worst case for one worker). Every
deadline is met by the worker's clock prompt (or the watchdog); the bench reads each table's
stream and prints, over every clock decision in the run:
  * server lateness: the decision's time minus the deadline (the ``late`` of the commit's
    ``table.clock`` event; speedgamez_clock_lateness_seconds on /metrics is the same figure);
  * seen lateness: when the stream delivered it minus the deadline (fan-out included).
The target (clocks that always fire) is a p99 of at most 1 s with 200 tables on clocks.
Targets as bench/load.py: ``single`` (the `make run` setup), ``cluster``, or a URL.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gevent  # noqa: E402
import load  # noqa: E402  (gevent's monkey patching comes first, in load)
from itsdangerous import URLSafeTimedSerializer  # noqa: E402
from speedgamez_client import Client  # noqa: E402

from shared.auth import SALT  # noqa: E402

CLOCK = 30
TARGET_P99 = 1.0


class ClockTable:
    """Two players at a table with a clock; seat 0's stream, read until the bench ends. Their
    tokens are signed here (the target's secret), so no sign-in quota applies; they are
    registered players' tokens, which need no account (a guest's is good only while its
    account exists)."""

    def __init__(self, target, number):
        self.t, self.number = target, number
        self.late, self.seen = [], []

    def client(self, seat) -> Client:
        player = {"id": f"clock-{self.number}-{seat}", "name": f"Uhr{self.number}x{seat}",
                  "guest": False}  # fmt: skip
        token = URLSafeTimedSerializer(self.t.secret, salt=SALT).dumps(player)
        return Client(f"http://{self.t.host}:{self.t.port}", token=token, timeout=120)

    def run(self, delay):
        gevent.sleep(delay)
        host, guest = self.client(0), self.client(1)
        try:
            table = host.open_table("speedone", 2, {"target": 500}, clock=CLOCK, fill="empty")
            guest.join(table)
            host.start(table)
            self.watch(host.events(table))
        finally:
            host.close()
            guest.close()

    def watch(self, events):
        deadline = None
        for event in events:
            now = time.time()
            clock = [e for e in event.events if e.get("type") == "table.clock"]
            if clock and deadline is not None:
                self.late.append(clock[0]["late"])
                self.seen.append(now - deadline)
            if event.table and event.table.current:
                deadline = event.table.current.deadline


def figures(values):
    return {p: load.pct(values, p) for p in (50, 95, 99, 100)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--spread", type=float, default=40.0)
    parser.add_argument("--seconds", type=float, default=130.0)
    parser.add_argument("--target", default="single")
    args = parser.parse_args()
    target = load.pick_target(args.target)
    try:
        tables = [ClockTable(target, n) for n in range(args.tables)]
        step = args.spread / args.tables
        watching = [gevent.spawn(table.run, n * step) for n, table in enumerate(tables)]
        gevent.joinall(watching, timeout=args.seconds)
        gevent.killall(watching)
    finally:
        target.stop()
    late = [v for table in tables for v in table.late]
    seen = [v for table in tables for v in table.seen]
    print(f"target: {target.name}; machine: {platform.machine()}, {platform.python_version()}")
    print(
        f"clock decisions: {len(late)} at {args.tables} tables started over {args.spread:.0f} s,"
        f" in {args.seconds:.0f} s"
    )
    for name, values in (("server lateness", late), ("seen lateness", seen)):
        shown = ", ".join(f"p{p} {v:.3f} s" for p, v in figures(values).items())
        print(f"{name}: {shown}".replace("p100", "max"))
    p99 = load.pct(late, 99)
    verdict = "met" if p99 <= TARGET_P99 else "NOT met"
    print(f"target p99 <= {TARGET_P99:.1f} s (server lateness): {verdict}")


if __name__ == "__main__":
    main()
