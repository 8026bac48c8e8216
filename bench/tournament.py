"""Computer strengths against each other: win rates with 95% confidence intervals and
decision times per strength.

    .venv/bin/python bench/tournament.py [--games 200] [--game speedtower] [--seats 2 4]

Pairs: stark vs normal and normal vs leicht. At 2 seats they meet head to head; at 4 seats
one stronger computer plays three weaker ones (its fair share of wins is 25 %). Seats rotate
from game to game. Shared first places count as a win for each sharer.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.games import get_game, names  # noqa: E402
from shared.strategies import choose  # noqa: E402

PAIRS = (("stark", "normal"), ("normal", "leicht"))
OPTIONS = {"speedone": {"target": 200}, "speedtower": {"stock": 20}, "speedlaunch": {}}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(game_name, strengths, seed, timings):
    """One game; ``strengths`` per seat. Returns the result."""
    engine = get_game(game_name)
    rng = random.Random(seed)
    state = engine.new(OPTIONS.get(game_name, {}), len(strengths), seed)
    while (seat := engine.to_move(state)) is not None:
        started = time.perf_counter()
        move = choose(game_name, engine.view(state, seat), engine.legal_moves(state, seat),
                      strengths[seat], rng)  # fmt: skip
        timings[strengths[seat]].append(time.perf_counter() - started)
        engine.apply(state, seat, move)
    return engine.result(state)


def match(game_name, strong, weak, seats, games, timings):
    wins = 0
    for index in range(games):
        hero = index % seats
        strengths = [strong if s == hero else weak for s in range(seats)]
        result = play(game_name, strengths, 10_000 + index, timings)
        wins += result["places"][hero] == 1
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", choices=names())
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    for game_name in args.game or names():
        timings = {"leicht": [], "normal": [], "stark": []}
        for seats in args.seats:
            fair = 1 / seats
            for strong, weak in PAIRS:
                wins = match(game_name, strong, weak, seats, args.games, timings)
                low, high = wilson(wins, args.games)
                rate = wins / args.games
                print(f"{game_name:11s} {seats} seats  {strong:6s} vs {weak:6s}: "
                      f"{rate:6.1%} wins [{low:5.1%}, {high:5.1%}]  "
                      f"= {rate / fair:4.2f}x fair share ({args.games} games)")  # fmt: skip
        for strength, samples in timings.items():
            if samples:
                samples.sort()
                p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
                print(f"{game_name:11s} decision time {strength:6s}: "
                      f"p50 {statistics.median(samples) * 1000:6.2f} ms  "
                      f"p99 {p99 * 1000:6.2f} ms  ({len(samples)} decisions)")  # fmt: skip


if __name__ == "__main__":
    main()
