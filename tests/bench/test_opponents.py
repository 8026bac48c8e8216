"""The reference players of bench/opponents/ play whole games through the engines' own move
path: every move they make is one of the seat's legal moves, at 2 and at 4 seats."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from bench.opponents import GAMES, reference
from bench.tournament import OPTIONS
from shared.games import get_game
from shared.strategies import choose


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game", GAMES)
def test_a_reference_plays_a_whole_game_with_legal_moves(game, seats):
    engine, rng = get_game(game), random.Random(7)
    state = engine.new(OPTIONS[game], seats, 30 + seats)
    moves = 0
    while (seat := engine.to_move(state)) is not None:
        view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
        if seat % 2:
            move = choose(game, view, legal, "normal", rng)
        else:
            move = reference(game).choose(view, legal, rng)
            assert move in legal
            moves += 1
        engine.apply(state, seat, move)
    assert moves and engine.result(state) is not None


def test_writing_a_run_replaces_its_rows_and_keeps_the_others(tmp_path, monkeypatch):
    bench = _the_bench()
    doc = tmp_path / "bots.md"
    monkeypatch.setattr(bench, "DOC", doc)
    doc.write_text(f"before\n{bench.BEGIN}\n{bench.END}\nafter\n")
    old = {(game, strength): f"| {game} | ref | {strength} | old |" for game in GAMES
           for strength in ("leicht", "stark")}  # fmt: skip
    bench.write(old)
    bench.write({(GAMES[0], "stark"): f"| {GAMES[0]} | ref | stark | new |",
                 (GAMES[0], "normal"): f"| {GAMES[0]} | ref | normal | new |"})  # fmt: skip
    text = doc.read_text()
    assert text.startswith("before\n") and text.endswith("after\n")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert rows[:3] == [f"| {GAMES[0]} | ref | {strength} | {age} |"
                        for strength, age in (("leicht", "old"), ("normal", "new"),
                                              ("stark", "new"))]  # fmt: skip
    assert rows[3:] == [old[game, s] for game in GAMES[1:] for s in ("leicht", "stark")]


def _the_bench():
    """bench/opponents.py, whose name the package bench/opponents/ takes on import."""
    path = Path(__file__).resolve().parents[2] / "bench" / "opponents.py"
    spec = importlib.util.spec_from_file_location("opponents_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
