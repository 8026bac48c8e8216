"""Random self-play throughput of every registered engine: moves/s and games/s at 4 seats.

    .venv/bin/python bench/engines.py [--seconds 5] [--seats 4]

Prints one line per game. The redaction checks of the contract test are off here: this is
the bare engine, as bots and the move path use it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.games import get_game, names  # noqa: E402


def self_play(game, seats: int, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return (moves, games, elapsed)."""
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new({}, seats, rng.randrange(2**32))
        while (seat := game.to_move(state)) is not None:
            game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    print(f"random self-play, {args.seats} seats, house default settings, {args.seconds:g} s each")
    for name in names():
        game = get_game(name)
        moves, games, elapsed = self_play(game, args.seats, args.seconds, random.Random(1))
        print(
            f"{name:12s} {moves / elapsed:10,.0f} moves/s {games / elapsed:8,.1f} games/s"
            f"  ({games} games, {moves / max(games, 1):,.0f} moves per game)"
        )


if __name__ == "__main__":
    main()
