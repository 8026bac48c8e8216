"""The computers' fixed ratings, and how well ratings predict: computer strengths play each
other at mixed tables (the games of bench/tournament.py), their ratings are fitted with the
house's own openskill model, and fresh games check the fitted ratings' predictions.

    .venv/bin/python bench/ratings.py [--games 300] [--test 200] [--game speedone]
                                      [--seats 2 3 4] [--write]

Fit: every strength starts at the house's 1500 ± 350 and the fitting games are rated one
after the other without drift (tau ≈ 0), so each strength's rating settles on what the games
say; the three are then shifted together so that "normal" stands at 1500, the rating a new
player starts with. ``--write`` stores the figures in shared/computer_ratings.json, which
the house reads (the computers' ratings in games against humans, the lobby's labels).

Prediction, on games not used for the fit: for every two seats of different strength, the
model's chance that the higher-rated places above the other (openskill's predict_win for
the pair) against how often it did, in bins (calibration), with the Brier score; and how often
the table's highest-rated computer won against the model's chance of that.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openskill.models import PlackettLuce  # noqa: E402
from tournament import play  # noqa: E402

from shared.games import get_game, names  # noqa: E402
from shared.ratings import BETA, COMPUTER_RATINGS, START_MU, START_SIGMA  # noqa: E402

STRENGTHS = ("leicht", "normal", "stark")
ANCHOR = "normal"


def lineup(game: str, seats: int, rng: random.Random) -> list[str]:
    """A table of computers of at least two different strengths."""
    while True:
        strengths = [rng.choice(STRENGTHS) for _ in range(seats)]
        if len(set(strengths)) > 1:
            return strengths


def one_game(job: tuple) -> tuple[list[str], list[int]]:
    game, strengths, seed = job
    result = play(game, strengths, seed, defaultdict(list))
    return strengths, result["places"]


def games_of(game: str, count: int, seat_counts: list[int], first_seed: int, pool) -> list:
    engine = get_game(game)
    counts = [n for n in seat_counts if engine.MIN_SEATS <= n <= engine.MAX_SEATS]
    rng = random.Random(first_seed)
    jobs = [(game, lineup(game, counts[i % len(counts)], rng), first_seed + i)
            for i in range(count)]  # fmt: skip
    return pool.map(one_game, jobs, chunksize=4)


def fit(played: list) -> dict:
    """The strengths' ratings after rating every game in turn, without drift, anchored."""
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=BETA, tau=1e-9)
    ratings = {strength: model.rating() for strength in STRENGTHS}
    counted = defaultdict(int)
    for strengths, places in played:
        teams = [[ratings[strength]] for strength in strengths]
        new = model.rate(teams, ranks=[float(place) for place in places])
        for strength, team in zip(strengths, new, strict=True):  # seats of one strength:
            ratings[strength] = team[0]  # the last seat's update stands for them all
            counted[strength] += 1
    shift = START_MU - ratings[ANCHOR].mu
    return {
        strength: {"mu": round(rating.mu + shift, 1), "sigma": round(rating.sigma, 1),
                   "games": counted[strength]}
        for strength, rating in ratings.items()
    }  # fmt: skip


def predictions(fitted: dict, played: list) -> None:
    model = PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=BETA)
    rating = {s: model.rating(mu=f["mu"], sigma=f["sigma"]) for s, f in fitted.items()}
    pairs, bins = [], defaultdict(lambda: [0, 0.0, 0])  # bin → [pairs, predicted, happened]
    tops = []
    for strengths, places in played:
        for a in range(len(strengths)):
            for b in range(len(strengths)):
                sa, sb = strengths[a], strengths[b]
                if rating[sa].mu <= rating[sb].mu or places[a] == places[b]:
                    continue
                chance = model.predict_win([[rating[sa]], [rating[sb]]])[0]
                happened = places[a] < places[b]
                pairs.append((chance, happened))
                cell = bins[min(int(chance * 10), 9)]
                cell[0] += 1
                cell[1] += chance
                cell[2] += happened
        best = max(rating[s].mu for s in strengths)
        top = [seat for seat, s in enumerate(strengths) if rating[s].mu == best]
        if len(top) == 1:
            chance = model.predict_win([[rating[s]] for s in strengths])[top[0]]
            tops.append((chance, places[top[0]] == 1))
    if not pairs:
        print("no pairs of different strength to predict")
        return
    won = sum(happened for _, happened in pairs) / len(pairs)
    expected = sum(chance for chance, _ in pairs) / len(pairs)
    brier = sum((chance - happened) ** 2 for chance, happened in pairs) / len(pairs)
    print(f"  the higher-rated placed above the lower-rated in {won:.1%} of {len(pairs)} pairs "
          f"(predicted {expected:.1%}); Brier score {brier:.3f} (0.25: a coin)")  # fmt: skip
    for index in sorted(bins):
        count, chance, happened = bins[index]
        print(f"    predicted {index * 10:3d}-{index * 10 + 10:3d} %: {count:5d} pairs, "
              f"predicted {chance / count:5.1%}, happened {happened / count:5.1%}")  # fmt: skip
    if tops:
        won = sum(first for _, first in tops) / len(tops)
        chance = sum(c for c, _ in tops) / len(tops)
        print(f"  the table's highest-rated computer won {won:.1%} of {len(tops)} games "
              f"(predicted {chance:.1%})")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="fitting games per game")
    parser.add_argument("--test", type=int, default=200, help="fresh games per game")
    parser.add_argument("--game", action="append", choices=names())
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--write", action="store_true", help=f"write {COMPUTER_RATINGS.name}")
    args = parser.parse_args()
    stored = json.loads(COMPUTER_RATINGS.read_text()) if COMPUTER_RATINGS.exists() else {}
    measured = stored.setdefault("games", {})
    with Pool(min(2, os.cpu_count() or 1)) as pool:
        for game in args.game or names():
            began = time.monotonic()
            fitting = games_of(game, args.games, args.seats, 1_000_000, pool)
            fitted = fit(fitting)
            line = "  ".join(f"{s} {f['mu']:.0f} ± {f['sigma']:.0f}" for s, f in fitted.items())
            print(f"{game:11s} {line}  ({args.games} games at {args.seats} seats, "
                  f"{time.monotonic() - began:.0f} s)", flush=True)  # fmt: skip
            predictions(fitted, games_of(game, args.test, args.seats, 2_000_000, pool))
            measured[game] = fitted
    if args.write:
        seats = " ".join(map(str, args.seats))
        stored["how"] = f"bench/ratings.py --games {args.games} --seats {seats}, "
        stored["how"] += time.strftime("%Y-%m-%d")
        COMPUTER_RATINGS.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
        print(f"written to {COMPUTER_RATINGS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
