"""Random self-play throughput of our Speedone against RLCard's UNO engine, in one run.

    .venv/bin/python bench/speedone_peers.py --peer-python .venv-peers/bin/python [--seconds 5]

Both play random games with 4 players: a move is one legal-moves query, a uniform random choice
(``random()`` scaled: the same cheap harness on both sides, so the figures weigh the engines) and
one step. Ours is timed in this process (house default settings, no redaction checks);
RLCard's UnoGame (rlcard==1.2.0; a game is one round, as RLCard plays it) runs in a subprocess
of the peer interpreter, so rlcard never becomes a dependency of the product. The two take
turns in short slices, so a machine busy with other work slows both alike and the ratio holds.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.games import speedone  # noqa: E402

SEATS = 4
SLICES = 10
BETWEEN_CLOCKS = 64  # moves between two looks at the clock, on both sides

# Run by the peer interpreter: for each line "<seconds>" on stdin, plays that long and prints
# {"moves", "games", "elapsed"} as one JSON line. A game cut by the end of a slice goes on in
# the next slice.
RLCARD_SELF_PLAY = """
import json, random, sys, time
from rlcard.games.uno.game import UnoGame

BETWEEN_CLOCKS = int(sys.argv[2])
game = UnoGame(num_players=int(sys.argv[1]))
game.np_random.seed(1)
rng = random.Random(1)
game.init_game()
for line in sys.stdin:
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < float(line):
        for _ in range(BETWEEN_CLOCKS):
            legal = game.get_legal_actions()
            game.step(legal[int(rng.random() * len(legal))])
            moves += 1
            if game.is_over():
                games += 1
                game.init_game()
    elapsed = time.perf_counter() - start
    print(json.dumps({"moves": moves, "games": games, "elapsed": elapsed}), flush=True)
"""


class Ours:
    """Our engine's random self-play, played in slices; a game goes on across slices."""

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.state = self._new()

    def _new(self) -> dict:
        return speedone.new({}, SEATS, self.rng.randrange(2**32))

    def play(self, seconds: float) -> tuple[int, int, float]:
        rng, state = self.rng, self.state
        moves = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(BETWEEN_CLOCKS):
                seat = speedone.to_move(state)
                if seat is None:
                    games += 1
                    state = self.state = self._new()
                    continue
                legal = speedone.legal_moves(state, seat)
                speedone.apply(state, seat, legal[int(rng.random() * len(legal))])
                moves += 1
        return moves, games, time.perf_counter() - start


def add(total: list, figures: tuple[int, int, float]) -> None:
    """Add one slice's (moves, games, elapsed) to a running total."""
    for index, value in enumerate(figures):
        total[index] += value


def line(name: str, moves: int, games: int, elapsed: float) -> str:
    return f"{name:18s} {moves / elapsed:10,.0f} moves/s {games / elapsed:9,.2f} games/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-python", required=True, help="an interpreter with rlcard==1.2.0")
    parser.add_argument("--seconds", type=float, default=5.0, help="play time for each side")
    args = parser.parse_args()
    peer = subprocess.Popen(
        [args.peer_python, "-c", RLCARD_SELF_PLAY, str(SEATS), str(BETWEEN_CLOCKS)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    ours = Ours()
    slice_seconds = args.seconds / SLICES
    ours_total, peer_total = [0, 0, 0.0], [0, 0, 0.0]
    for _ in range(SLICES):
        peer.stdin.write(f"{slice_seconds}\n")
        peer.stdin.flush()
        figures = json.loads(peer.stdout.readline())
        add(peer_total, (figures["moves"], figures["games"], figures["elapsed"]))
        add(ours_total, ours.play(slice_seconds))
    peer.stdin.close()
    peer.wait()
    print(f"random self-play, {SEATS} players, {args.seconds:g} s each, in {SLICES} slices")
    print(line("speedone (ours)", *ours_total) + "  (a game: rounds up to 500 points)")
    print(line("rlcard uno 1.2.0", *peer_total) + "  (a game: one round)")
    ours_rate = ours_total[0] / ours_total[2]
    peer_rate = peer_total[0] / peer_total[2]
    print(f"moves/s ratio ours : rlcard = {ours_rate / peer_rate:.2f} (target >= 3)")


if __name__ == "__main__":
    main()
