"""The client's example bots play whole games with the engines against the house's
computers, choosing a legal move every time; the bot runner finds bots by name; and the
client imports nothing of the house."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from speedgamez_client.bot import strategy

from shared.games import get_game, names
from shared.strategies import choose as computer

OPTIONS = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}


@pytest.mark.parametrize("game", names())
def test_an_example_bot_plays_whole_games_with_legal_moves(game):
    bot, engine = strategy(f"speedgamez_client.examples.{game}:choose"), get_game(game)
    for seed, seats in enumerate((2, 3)):
        state, rng = engine.new(OPTIONS[game], seats, seed), random.Random(seed)
        while (seat := engine.to_move(state)) is not None:
            view, legal = engine.view(state, seat), engine.legal_moves(state, seat)
            if seat == 0:
                move = bot(view, [dict(move) for move in legal])
                assert move in legal, (game, move)
            else:
                move = computer(game, view, legal, "normal", rng)
            engine.apply(state, seat, move)
        assert engine.result(state)["places"]


def test_strategies_by_name():
    legal = [{"type": "draw"}, {"type": "one"}]
    assert strategy("random", 1)({}, legal) in legal
    assert strategy("speedgamez_client.examples.speedone:choose")({}, legal) == {"type": "one"}
    with pytest.raises(ValueError):
        strategy("speedgamez_client.examples.speedone")


def test_the_client_imports_nothing_of_the_house():
    script = (
        "import sys, speedgamez_client, speedgamez_client.bot, speedgamez_client.examples"
        ".speedone, speedgamez_client.examples.speedtower, speedgamez_client.examples"
        ".speedlaunch; print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'shared', 'services', 'flask', 'redis'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd="/", check=True
    ).stdout
    assert out.strip() == "[]"
