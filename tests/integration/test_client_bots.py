"""The bot runner (python -m speedgamez_client.bot) plays whole games through the real
services: an example bot against the house's computers in each game (run by a real worker),
and a bot that sits down at a table a human opened."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from speedgamez_client import Client
from speedgamez_client.bot import strategy

from tests.integration.test_bots_worker import OPTIONS, ROOT, start_worker, stop

GAME_LIMIT = 240  # seconds a whole game may take


def run_bot(url: str, *args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "speedgamez_client.bot", "--url", url, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )


@pytest.mark.slow
@pytest.mark.timeout(GAME_LIMIT * 2)
@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_an_example_bot_plays_a_whole_game_against_the_computers(serve, redis_url, game):
    url = serve()
    worker = start_worker(redis_url)
    try:
        bot = run_bot(
            url,
            "--game",
            game,
            "--strength",
            f"speedgamez_client.examples.{game}:choose",
            "--against",
            "stark",
            "--options",
            json.dumps(OPTIONS[game]),
            "--name",
            "Robo",
        )
        output, _ = bot.communicate(timeout=GAME_LIMIT)
    finally:
        stop(worker)
    assert bot.returncode == 0, output
    table_id = re.search(r"at table (\w+): (won|place \d of 2)", output).group(1)
    assert re.search(r"^Robo won [01] of 1 games$", output, re.MULTILINE), output
    with Client(url) as watcher:
        watcher.guest("Watcher")
        final = watcher.table(table_id)
    assert final.finished and final.current.result["places"]
    assert [seat.kind for seat in final.seats] == ["human", "computer"]


@pytest.mark.slow
@pytest.mark.timeout(GAME_LIMIT)
def test_a_bot_sits_down_at_an_open_table_and_plays_its_game(serve):
    url, bot_moves = serve(), "speedgamez_client.examples.speedtower:choose"
    with Client(url) as ann:
        ann.guest("Ann")
        table = ann.open_table("speedtower", 2, {"stock": 10}, fill="empty", clock=0)
        bot = run_bot(
            url,
            "--game",
            "speedtower",
            "--table",
            table.id,
            "--name",
            "Robo",
            "--strength",
            bot_moves,
        )
        deadline = time.monotonic() + 30
        while ann.table(table).seats[1].name != "Robo":
            assert time.monotonic() < deadline and bot.poll() is None, "the bot did not sit down"
            time.sleep(0.1)
        ann.start(table)
        final = ann.play_game(table, strategy(bot_moves))
        output, _ = bot.communicate(timeout=GAME_LIMIT)
    assert bot.returncode == 0, output
    assert final.finished and f"speedtower at table {table.id}" in output
