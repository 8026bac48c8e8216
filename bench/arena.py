"""Bot arena: bots written against the house's Python client (clients/python) play the
house's computers at each strength through the real services; win rates with 95 % Wilson
intervals, the figures of bench/tournament.py across the network.

    .venv/bin/python bench/arena.py [--games 100] [--game speedone] [--seats 2 4] [--bots 10]
                                    [--bot examples|random|module:function] [--url URL]

Each game is a solo table at Turbo: one bot (seat chosen by the house's lot) against seats - 1
computers of one strength, played with ``speedgamez_client.bot.play_solo`` — sign-in, opening,
the event stream and every move over HTTP. ``--bots`` bots play at once (gevent), each a
guest of its own. ``--bot examples`` (the default) plays each game with its example bot
(speedgamez_client/examples). Without ``--url`` the bench starts the `make run` setup of
bench/load.py on a free port (quotas on guests and solo games off); with one, the house's own
quotas apply and the client waits out their 429s.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402
from load import Single  # noqa: E402
from speedgamez_client import Client  # noqa: E402
from speedgamez_client.bot import STRENGTHS, play_solo, strategy  # noqa: E402
from tournament import OPTIONS, wilson  # noqa: E402

from shared.games import names  # noqa: E402

GAMES = names()

QUOTAS_OFF = {"QUOTA_GUESTS_PER_HOUR": "0", "QUOTA_SOLO_GAMES_PER_MINUTE": "0",
              "ACTION_RATE_LIMIT": "0"}  # fmt: skip


def match(clients, game, seats, strength, games, bot) -> tuple[int, int]:
    """``games`` games of the bots against computers of ``strength``; (wins, games)."""
    numbers, wins, choose = itertools.count(), [], strategy(bot)

    def play(client):
        while next(numbers) < games:
            final = play_solo(client, game, choose, seats, strength, OPTIONS[game])
            wins.append(final.place == 1)

    gevent.joinall([gevent.spawn(play, client) for client in clients], raise_error=True)
    return sum(wins), len(wins)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--bots", type=int, default=10, help="bots playing at once")
    parser.add_argument("--bot", default="examples", help="examples, random or module:function")
    parser.add_argument("--url", help="a running house (default: start one)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    print(f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}", flush=True)  # fmt: skip
    target = None if args.url else Single(env_extra=QUOTAS_OFF)
    url = args.url or f"http://{target.host}:{target.port}"
    clients = [Client(url, timeout=60) for _ in range(args.bots)]
    try:
        for number, client in enumerate(clients):
            client.guest(f"Arena-{os.getpid() % 10_000}-{number}")
        for game in args.game or GAMES:
            bot = (
                f"speedgamez_client.examples.{game}:choose" if args.bot == "examples" else args.bot
            )
            label = "example" if args.bot == "examples" else args.bot
            for seats in args.seats:
                for strength in STRENGTHS:
                    began = time.monotonic()
                    wins, games = match(clients, game, seats, strength, args.games, bot)
                    low, high = (max(0.0, bound) for bound in wilson(wins, games))
                    rate = wins / games
                    print(f"{game:11s} {seats} seats  {label:8s} vs "
                          f"{strength:6s}: {rate:6.1%} wins [{low:5.1%}, {high:5.1%}]  "
                          f"= {rate * seats:4.2f}x fair share ({games} games, "
                          f"{time.monotonic() - began:.0f} s)", flush=True)  # fmt: skip
    finally:
        for client in clients:
            client.close()
        if target is not None:
            target.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
