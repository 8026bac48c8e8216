"""Every bench under bench/ runs to its end on a small load: a bench that no longer fits the
house (a route, the client library, a quota) shows here, not on the day its figures are due.
Figures are not judged here; the benches print them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
SMALL = {
    "clocks.py": ["--tables", "2", "--seconds", "3"],
    "load.py": ["--tables", "2", "--seconds", "2", "--sse", "0", "--target", "single"],
    "arena.py": ["--games", "1", "--bots", "1", "--game", "speedlaunch", "--seats", "2"],
    "soak.py": ["--games", "3"],
    "capacity.py": ["--tables", "2", "--moves", "2", "--games", "3"],
    "engines.py": ["--seconds", "0.2"],
    "sign_in_flood.py": ["--seconds", "2", "--flooders", "2"],
    "tournament.py": ["--games", "2", "--game", "speedtower", "--seats", "2"],
    "ratings.py": ["--games", "6", "--test", "6", "--game", "speedtower", "--seats", "2"],
    "quickplay.py": ["--waiting", "50", "--arrivals", "5"],
    "opponents.py": ["--games", "2", "--four", "1", "--game", "speedtower"],
    "human_pace.py": ["--tables", "2", "--duration", "3", "--warmup", "1"],
}


def test_every_bench_is_listed_here():
    needs_a_peer = {"moves_peers.py", "speedone_peers.py"}  # their peers install from npm/pip
    helpers = {"postgres.py"}  # (moves_peers.py's PostgreSQL, not a bench)
    own_test = {"paired.py"}  # (two commands: test_paired_games_are_compared_game_by_game)
    benches = set(SMALL) | needs_a_peer | helpers | own_test
    assert {p.name for p in (ROOT / "bench").glob("*.py")} == benches


def run_bench(bench: str, *args: str) -> str:
    """The bench run to its end with ``args``; what it printed."""
    ran = subprocess.run([sys.executable, f"bench/{bench}", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=200)  # fmt: skip
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out[-3000:]
    assert "Traceback" not in out and " failed with " not in out, out[-3000:]
    assert ran.stdout.strip(), "no figures printed"
    return ran.stdout


@pytest.mark.parametrize("bench", sorted(SMALL))
def test_the_bench_runs_to_its_end(bench):
    run_bench(bench, *SMALL[bench])


def test_paired_games_are_compared_game_by_game(tmp_path):
    games = tmp_path / "games.json"
    run_bench("paired.py", "run", "--out", str(games), "--game", "speedtower", "--games", "2",
              "--four", "1")  # fmt: skip
    compared = run_bench("paired.py", "compare", str(games), str(games))
    assert "2 seats, 2 games" in compared and "only before 0, only after 0" in compared
