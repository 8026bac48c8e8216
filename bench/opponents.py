"""The house's computers against independent reference players (bench/opponents/): win rates
with 95 % Wilson intervals and decision times, at 2 and at 4 seats.

    .venv/bin/python bench/opponents.py [--games 600] [--four 150] [--game speedone]
                                        [--strength stark] [--seed N] [--write]
                                        [--check-uno PEER_PYTHON] [--positions 1500]

For each game and house strength: ``--games`` heads-up games (the house's seat alternates),
``--four`` games with one house seat against three references and ``--four`` with one
reference against three house seats (the lone seat rotates). Shared first places count as a
win for each sharer. Seeds are drawn at random per run (``--seed`` repeats one). At least two
worker processes play at once (``--jobs``), so the decision times (wall clock and the deciding
thread's CPU time) are taken with both cores busy. The targets (issue 30) are judged at the
interval's bounds and printed "met"/"not met"; ``--write`` puts the run's rows into docs/bots.md's
table, in place of the rows of the same game and strength (each row names its run).

``--check-uno`` (alone: no games follow) checks the Speedone reference against the original
it was ported from: ``--positions`` positions from games against the house, each given to
RLCard's own legal actions and ``UNORuleAgentV1`` (rlcard==1.2.0, run by the peer
interpreter, so rlcard never becomes a dependency of the product); the moves the original may
make there must be the port's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.opponents import GAMES, reference  # noqa: E402
from bench.opponents import speedone as uno_rule  # noqa: E402
from bench.tournament import OPTIONS, wilson  # noqa: E402
from shared.games import get_game  # noqa: E402
from shared.strategies import STRENGTHS  # noqa: E402
from shared.strategies import choose as house_choose  # noqa: E402

DOC = ROOT / "docs" / "bots.md"
BEGIN, END = "<!-- opponents:begin -->", "<!-- opponents:end -->"
HEADER = (
    "| game | reference | house | heads-up | 1 house vs 3 references | 1 reference vs 3 house "
    "| house decision p50 / p99 wall (CPU) | run |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
)
HOUSE, REF = "house", "reference"
# Games per cell: enough that a true rate a few points over a target shows at the interval's
# bound (at 600 games a 95 % interval is about ±3.2 points wide near 80 %; at 150, ±8 near
# 45 %; docs/bots.md).
GAMES_HEADS_UP, GAMES_FOUR = 600, 150


def warm_up() -> None:
    """Import every player before the clock runs, so no decision time holds an import."""
    for game in GAMES:
        reference(game)
        importlib.import_module(f"shared.strategies.{game}")


def play(job: tuple) -> tuple:
    """One game: ``kinds`` per seat (HOUSE or REF). Returns (job, places, wall, cpu) with the
    house seats' decision times in seconds."""
    game_name, strength, kinds, seed = job
    engine = get_game(game_name)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(kinds))]
    state = engine.new(OPTIONS.get(game_name, {}), len(kinds), seed)
    wall, cpu = [], []
    while (seat := engine.to_move(state)) is not None:
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        if kinds[seat] == REF:
            move = reference(game_name).choose(view, legal, rngs[seat])
        else:
            started, started_cpu = time.perf_counter(), time.thread_time()
            move = house_choose(game_name, view, legal, strength, rngs[seat])
            cpu.append(time.thread_time() - started_cpu)
            wall.append(time.perf_counter() - started)
        engine.apply(state, seat, move)
    return job, engine.result(state)["places"], wall, cpu


def jobs(game: str, strength: str, heads_up: int, four: int, seed: int) -> list[tuple]:
    """Every game of one cell row; the job's kinds say who sits where."""
    out = []
    for index in range(heads_up):
        hero = index % 2
        out.append((game, strength, tuple(HOUSE if s == hero else REF for s in range(2)),
                    seed + index))  # fmt: skip
    for index in range(four):
        hero = index % 4
        out.append((game, strength, tuple(HOUSE if s == hero else REF for s in range(4)),
                    seed + heads_up + index))  # fmt: skip
        out.append((game, strength, tuple(REF if s == hero else HOUSE for s in range(4)),
                    seed + heads_up + four + index))  # fmt: skip
    return out


def tally(results: list[tuple]) -> dict:
    """Win counts per setting (2: heads-up, 4: house alone, 4r: reference alone) and times."""
    cells = {"2": [0, 0], "4": [0, 0], "4r": [0, 0]}
    wall, cpu = [], []
    for (_, _, kinds, _), places, w, c in results:
        lone = HOUSE if kinds.count(HOUSE) == 1 else REF
        seat = kinds.index(lone)
        key = "2" if len(kinds) == 2 else "4" if lone == HOUSE else "4r"
        cells[key][0] += places[seat] == 1
        cells[key][1] += 1
        wall += w
        cpu += c
    return {"cells": cells, "wall": percentiles(wall), "cpu": percentiles(cpu)}


def percentiles(samples: list[float]) -> tuple[float, float]:
    if not samples:
        return 0.0, 0.0
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return statistics.median(samples) * 1000, p99 * 1000


def rate(cell: list[int]) -> tuple[float, float, float]:
    wins, games = cell
    low, high = wilson(wins, games)
    return (wins / games if games else 0.0), max(0.0, low), min(1.0, high)


def judge(game: str, strength: str, figures: dict) -> list[str]:
    """The targets this row carries, each "met" or "not met"."""
    _, low2, high2 = rate(figures["cells"]["2"])
    _, low4, _ = rate(figures["cells"]["4"])
    lines = []

    def target(text: str, met: bool) -> None:
        lines.append(f"{game:11s} {strength:6s} {text}: {'met' if met else 'not met'}")

    if strength == "stark":
        target(f"heads-up >= 75 % (lower bound {low2:.1%})", low2 >= 0.75)
        target(f"1 of 4 seats >= 40 % (lower bound {low4:.1%})", low4 >= 0.40)
        p99 = figures["wall"][1]
        target(f"decision p99 <= 50 ms (wall {p99:.1f} ms)", p99 <= 50)
    elif strength == "normal":
        target(f"heads-up >= 55 % (lower bound {low2:.1%})", low2 >= 0.55)
    else:
        target(f"loses heads-up (upper bound {high2:.1%} < 50 %)", high2 < 0.5)
    return lines


def cell_text(cell: list[int]) -> str:
    value, low, high = rate(cell)
    return f"{value:.1%} [{low:.1%}, {high:.1%}]"


def table_rows(rows: list[tuple[str, str, dict]], run: str) -> dict[tuple[str, str], str]:
    """The doc table's lines of this run, by (game, strength)."""
    lines = {}
    for game, strength, figures in rows:
        cells, wall, cpu = figures["cells"], figures["wall"], figures["cpu"]
        lines[game, strength] = (
            f"| {game} | {reference(game).NAME} | {strength} | {cell_text(cells['2'])} | "
            f"{cell_text(cells['4'])} | {cell_text(cells['4r'])} | "
            f"{wall[0]:.1f} / {wall[1]:.1f} ms ({cpu[0]:.1f} / {cpu[1]:.1f} ms) | {run} |"
        )
    return lines


def write(lines: dict[tuple[str, str], str]) -> None:
    """Put this run's rows into the doc's table: they replace the rows of the same game and
    strength, the others stay (each row names its run); rows ordered as the bench plays."""
    doc = DOC.read_text()
    pattern = re.compile(re.escape(BEGIN) + "\n(.*?)" + re.escape(END), re.S)
    found = pattern.search(doc)
    kept = {}
    for line in found.group(1).splitlines() if found else []:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| ") and cells[0] in GAMES:
            kept[cells[0], cells[2]] = line
    kept.update(lines)
    order = {(game, strength): index for index, (game, strength) in enumerate(
        (game, strength) for game in GAMES for strength in STRENGTHS)}  # fmt: skip
    block = "\n".join([BEGIN, *HEADER, *(kept[key] for key in sorted(kept, key=order.get)), END])
    DOC.write_text(pattern.sub(lambda _: block, doc) if found else doc + "\n" + block + "\n")


# Run by the peer interpreter: reads one JSON list of positions, prints for each the moves
# RLCard's rule agent may make there, as RLCard action strings.
RLCARD_RULE = """
import json, sys
from rlcard.games.uno.card import UnoCard
from rlcard.games.uno.player import UnoPlayer
from rlcard.games.uno.round import UnoRound
from rlcard.models.uno_rule_models import UNORuleAgentV1

def card(text):
    colour, trait = text.split("-")
    kind = "wild" if trait.startswith("wild") else "number" if trait.isdigit() else "action"
    return UnoCard(kind, colour, trait)

agent, out = UNORuleAgentV1(), []
for position in json.load(sys.stdin):
    player = UnoPlayer(0, None)
    player.hand = [card(c) for c in position["hand"]]
    uno_round = UnoRound.__new__(UnoRound)
    uno_round.target = card(position["target"])
    legal = uno_round.get_legal_actions([player], 0)
    state = {"raw_legal_actions": legal, "raw_obs": {"hand": position["hand"]}}
    if "draw" in legal or any(a.endswith("wild_draw_4") for a in legal):
        out.append([agent.step(state)])
    else:
        out.append(sorted(set(agent.filter_wild(legal))))
print(json.dumps(out))
"""
TRAITS = {"S": "skip", "R": "reverse", "D": "draw_2", "W": "wild", "W4": "wild_draw_4"}


def rl_card(token: str, colour: str = "r") -> str:
    if token in ("W", "W4"):
        return f"{colour.lower()}-{TRAITS[token]}"
    return f"{token[0].lower()}-{TRAITS.get(token[1:], token[1:])}"


def rl_move(move: dict) -> str:
    return "draw" if move["type"] == "draw" else rl_card(move["card"], move.get("color", "r"))


def check_uno(peer: str, count: int, seed: int) -> bool:
    """The port's moves against RLCard's rule agent on ``count`` positions met in play."""
    engine, rng = get_game("speedone"), random.Random(seed)
    positions, ported = [], []
    while len(positions) < count:
        state = engine.new(OPTIONS["speedone"], 2, rng.randrange(2**32))
        while (seat := engine.to_move(state)) is not None and len(positions) < count:
            view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
            if seat == 0:
                move = uno_rule.choose(view, legal, rng)
                if move["type"] != "one" and view["pending"] is None:
                    positions.append({"hand": [rl_card(c) for c in view["hand"]],
                                      "target": rl_card(view["top"], view["color"])})  # fmt: skip
                    ported.append(sorted({rl_move(m) for m in uno_rule.options(view, legal)}))
            else:
                move = house_choose("speedone", view, legal, "normal", rng)
            engine.apply(state, seat, move)
    ran = subprocess.run([peer, "-c", RLCARD_RULE], input=json.dumps(positions),
                         capture_output=True, text=True, check=True)  # fmt: skip
    original = json.loads(ran.stdout)
    same = sum(a == b for a, b in zip(ported, original, strict=True))
    met = same == count
    print(f"speedone reference vs RLCard UNORuleAgentV1: the same moves in {same} of {count} "
          f"positions: {'met' if met else 'not met'}")  # fmt: skip
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES_HEADS_UP,
                        help="heads-up games per cell")  # fmt: skip
    parser.add_argument("--four", type=int, default=GAMES_FOUR,
                        help="4-seat games per side and cell")  # fmt: skip
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--strength", action="append", choices=STRENGTHS)
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(10**9))
    parser.add_argument("--write", action="store_true", help=f"write the table into {DOC.name}")
    parser.add_argument("--check-uno", metavar="PEER_PYTHON", help="python with rlcard==1.2.0")
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (>= 2)")
    args = parser.parse_args()
    print(f"seed {args.seed}, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M %Z')}")
    if args.check_uno:
        return 0 if check_uno(args.check_uno, args.positions, args.seed) else 1
    rows, verdicts = [], []
    with Pool(max(2, args.jobs), initializer=warm_up) as pool:
        for game in args.game or GAMES:
            for strength in args.strength or STRENGTHS:
                began = time.monotonic()
                work = jobs(game, strength, args.games, args.four, args.seed)
                figures = tally(pool.map(play, work, chunksize=2))
                rows.append((game, strength, figures))
                cells, wall, cpu = figures["cells"], figures["wall"], figures["cpu"]
                print(f"{game:11s} {strength:6s} heads-up {cell_text(cells['2'])}  "
                      f"1 vs 3 refs {cell_text(cells['4'])}  ref vs 3 {cell_text(cells['4r'])}"
                      f"  p50/p99 {wall[0]:.1f}/{wall[1]:.1f} ms wall, "
                      f"{cpu[0]:.1f}/{cpu[1]:.1f} ms CPU "
                      f"({time.monotonic() - began:.0f} s)", flush=True)  # fmt: skip
                verdicts += judge(game, strength, figures)
    run = f"{args.games} + {args.four} + {args.four}, seed {args.seed}, {time.strftime('%Y-%m-%d')}"
    lines = table_rows(rows, run)
    print("\n".join([*HEADER, *lines.values()]))
    print("\n".join(verdicts))
    if args.write:
        write(lines)
        print(f"written to {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
