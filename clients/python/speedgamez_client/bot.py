"""Play a seat with any function of (view, legal moves) → move.

    python -m speedgamez_client.bot --game speedone --strength random
    python -m speedgamez_client.bot --game speedtower \\
        --strength speedgamez_client.examples.speedtower:choose --against stark --games 5

By default each game is a solo table against the house's computers (``--against`` their
strength, ``--seats`` in all) at Turbo; ``--table ID`` sits down at an open table instead
and plays its game once the opener starts it; ``--quick`` asks for quick play ("Schnell
spielen": ``--seats`` 0 for any count, ``--clock``, ``--computers-after``) for each game.
A guest account is opened under ``--name`` unless ``--account`` names a registered one (its
password in SPEEDGAMEZ_PASSWORD).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import secrets
import sys

from speedgamez_client.client import Client
from speedgamez_client.models import Table
from speedgamez_client.routes import DEFAULT_URL
from speedgamez_client.turns import Choose

STRENGTHS = ("leicht", "normal", "stark")


def strategy(spec: str, seed: int | None = None) -> Choose:
    """``random`` (a random legal move), or a function named ``module:function``."""
    if spec == "random":
        rng = random.Random(seed)
        return lambda _view, legal: rng.choice(legal)
    module, _, name = spec.partition(":")
    if not name:
        raise ValueError(f"--strength is random or module:function, not {spec!r}")
    return getattr(importlib.import_module(module), name)


def play_solo(
    client: Client,
    game: str,
    choose: Choose,
    seats: int = 2,
    against: str = "normal",
    options: dict | None = None,
    turbo: bool = True,
) -> Table:
    """One game at a new solo table against ``seats - 1`` computers of strength ``against``;
    returns the table at its end."""
    table = client.open_table(game, seats, options, solo=True, strength=against, clock=0)
    if turbo:
        client.turbo(table)
    return client.play_game(table, choose)


def describe(table: Table) -> str:
    place = table.place
    seats = len(table.seats)
    outcome = "won" if place == 1 else f"place {place} of {seats}" if place else table.status
    return f"{table.game} at table {table.id}: {outcome}"


def arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m speedgamez_client.bot", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--url", default=os.environ.get("SPEEDGAMEZ_URL", DEFAULT_URL))
    parser.add_argument("--game", required=True, help="a game the house offers (Client.games())")
    parser.add_argument("--strength", default="random", help="random or module:function")
    parser.add_argument("--name", help="the guest's name (default: Bot-<random>)")
    parser.add_argument("--account", help="a registered name (password: SPEEDGAMEZ_PASSWORD)")
    parser.add_argument("--table", help="sit down at this open table instead of solo tables")
    parser.add_argument("--against", choices=STRENGTHS, default="normal")
    parser.add_argument("--seats", type=int, default=2, help="with --quick: 0 for any")
    parser.add_argument("--quick", action="store_true", help="quick play instead of solo")
    parser.add_argument("--clock", type=int, default=120, help="with --quick")
    parser.add_argument("--computers-after", type=int, help="with --quick: seconds")
    parser.add_argument("--options", type=json.loads, default={}, help="game options, JSON")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument(
        "--turbo",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="computers without pauses (solo tables)",
    )
    parser.add_argument("--seed", type=int, help="for --strength random")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = arguments(argv)
    choose = strategy(args.strength, args.seed)
    with Client(args.url) as client:
        if args.account:
            client.sign_in(args.account, os.environ.get("SPEEDGAMEZ_PASSWORD", ""))
        else:
            client.guest(args.name or f"Bot-{secrets.token_hex(3)}")
        if args.table:
            client.join(args.table)
        finals = []
        for _ in range(1 if args.table else args.games):
            if args.table:
                final = client.play_game(args.table, choose)
            elif args.quick:
                table = client.quick_table(
                    args.game, args.seats or None, args.clock, args.computers_after
                )
                final = client.play_game(table, choose)
            else:
                final = play_solo(
                    client, args.game, choose, args.seats, args.against, args.options, args.turbo
                )
            print(describe(final), flush=True)
            finals.append(final)
    won = sum(final.place == 1 for final in finals)
    print(f"{client.player.name} won {won} of {len(finals)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
