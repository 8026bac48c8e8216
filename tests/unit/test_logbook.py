"""The log speaks every game's events in words, in German and English."""

from __future__ import annotations

import random

import pytest

from services.table.logbook import log_lines
from shared.games import get_game, names


def record_of(game_name, seed, moves=150):
    engine = get_game(game_name)
    state = engine.new({}, 3, seed, 0)
    rng = random.Random(seed)
    entries = [{"kind": "deal", "seats": [{"name": n} for n in ("Ann", "Bob", "Cid")], "at": 0}]
    for _ in range(moves):
        seat = engine.to_move(state)
        if seat is None:
            break
        move = rng.choice(engine.legal_moves(state, seat))
        events = engine.apply(state, seat, move)
        entries.append({"kind": "move", "seat": seat, "move": move, "events": events, "at": 1})
    return entries


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game_name", names())
def test_every_event_reads_as_words(game_name, lang):
    lines = log_lines(game_name, record_of(game_name, 7), seat=0, lang=lang)
    assert lines
    raw = [line["text"] for line in lines if "=" in line["text"]]
    assert not raw, f"{game_name} events without words: {raw[:3]}"
