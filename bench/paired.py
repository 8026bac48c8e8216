"""Paired games against the reference players: the games of ``bench/opponents.py`` (the same
deals, seats and seeds), played in one process by the code of one tree, each game's outcome
written to a file; two such files (the code before and after a change) are then compared
game by game, so a difference is measured on the same deals.

    nice -n 19 .venv/bin/python bench/paired.py run --tree DIR --out FILE
                               [--game speedlaunch] [--strength stark]
                               [--games 600] [--four 60] [--seed N]
    .venv/bin/python bench/paired.py compare BEFORE.json AFTER.json

``--tree`` is a checkout of the project (``git archive HEAD | tar -x -C DIR`` gives the
committed code); its ``shared`` and ``bench`` play. ``--four`` games put one house seat
among three references. Heads-up games that only one side won are counted apart: their sign
test says whether the change is more than noise.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from pathlib import Path


def run(args: argparse.Namespace) -> None:
    tree = Path(args.tree).resolve()
    sys.path.insert(0, str(tree))
    path = tree / "bench" / "opponents.py"
    spec = importlib.util.spec_from_file_location("opponents_bench", path)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.warm_up()
    games = {}
    cpu: list[float] = []
    began = time.monotonic()
    work = bench.jobs(args.game, args.strength, args.games, 0, args.seed)
    four = bench.jobs(args.game, args.strength, 0, args.four, args.seed + args.games)
    work += [job for job in four if job[2].count(bench.HOUSE) == 1]
    for job in work:
        _, _, kinds, seed = job
        _, places, _, times = bench.play(job)
        games[f"{len(kinds)}:{seed}"] = places[kinds.index(bench.HOUSE)] == 1
        cpu += times
        write(args, tree, games, sorted(cpu), began)
    for seats in ("2", "4"):
        cell = [won for key, won in games.items() if key.startswith(seats + ":")]
        if cell:
            print(f"{seats} seats: {sum(cell)}/{len(cell)} = {sum(cell) / len(cell):.1%}")
    figures = json.loads(Path(args.out).read_text())
    print(f"CPU p50 / p99 {figures['cpu_p50_ms']:.1f} / {figures['cpu_p99_ms']:.1f} ms, "
          f"{figures['seconds']} s")  # fmt: skip


def write(args: argparse.Namespace, tree: Path, games: dict, cpu: list, began: float) -> None:
    """The run so far (written after every game, so an interrupted run keeps its games)."""
    figures = {
        "tree": str(tree),
        "seed": args.seed,
        "games": games,
        "cpu_p50_ms": 1000 * cpu[len(cpu) // 2],
        "cpu_p99_ms": 1000 * cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))],
        "decisions": len(cpu),
        "seconds": round(time.monotonic() - began),
        "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    Path(args.out).write_text(json.dumps(figures, indent=1))


def compare(args: argparse.Namespace) -> None:
    before, after = (json.loads(Path(name).read_text()) for name in (args.before, args.after))
    for seats in ("2", "4"):
        keys = [key for key in before["games"] if key.startswith(seats + ":")]
        keys = [key for key in keys if key in after["games"]]
        if not keys:
            continue
        won_before = sum(before["games"][key] for key in keys)
        won_after = sum(after["games"][key] for key in keys)
        only_after = sum(after["games"][key] and not before["games"][key] for key in keys)
        only_before = sum(before["games"][key] and not after["games"][key] for key in keys)
        print(f"{seats} seats, {len(keys)} games: {won_before / len(keys):.1%} -> "
              f"{won_after / len(keys):.1%}; only before {only_before}, only after "
              f"{only_after}, sign test p = {sign_test(only_before, only_after):.3f}")  # fmt: skip
    print(f"CPU p50 / p99: {before['cpu_p50_ms']:.1f} / {before['cpu_p99_ms']:.1f} ms -> "
          f"{after['cpu_p50_ms']:.1f} / {after['cpu_p99_ms']:.1f} ms")  # fmt: skip


def sign_test(first: int, second: int) -> float:
    """Two-sided: the chance of a split at least this uneven if either side were as likely."""
    total = first + second
    if not total:
        return 1.0
    tail = sum(math.comb(total, k) for k in range(min(first, second) + 1)) / 2**total
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    runs = commands.add_parser("run")
    runs.add_argument("--tree", default=str(Path(__file__).resolve().parent.parent))
    runs.add_argument("--out", required=True)
    runs.add_argument("--game", default="speedlaunch")
    runs.add_argument("--strength", default="stark")
    runs.add_argument("--games", type=int, default=600)
    runs.add_argument("--four", type=int, default=60)
    runs.add_argument("--seed", type=int, default=3030)
    compares = commands.add_parser("compare")
    compares.add_argument("before")
    compares.add_argument("after")
    args = parser.parse_args()
    run(args) if args.command == "run" else compare(args)


if __name__ == "__main__":
    main()
