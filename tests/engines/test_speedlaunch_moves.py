"""Speedlaunch: ``apply`` accepts exactly what ``legal_moves`` lists, near misses included.

``apply`` checks a play without building the legal list, so this compares the two on positions
from random games, against every legal move and many moves one step away from one.
"""

from __future__ import annotations

import json
import random

import pytest

import shared.games.speedlaunch as sl
from shared.games.base import IllegalMove
from shared.games.speedlaunch.cards import KINDS, ORDER


def near_misses(state: dict, seat: int, move: dict) -> list[dict]:
    """Moves one card, stack, target or ordering away from ``move``."""
    out = []
    if move["type"] != "play":
        return out
    hand = move.get("hand", [])
    stacks = move.get("stacks", [])
    for kind in KINDS:
        if kind in state["hands"][seat]:
            out.append({**move, "hand": sorted([*hand, kind], key=ORDER.__getitem__)})
    for index in range(len(hand)):
        out.append({**move, "hand": hand[:index] + hand[index + 1 :]})
    for index in range(4):
        out.append({**move, "stacks": sorted({*stacks, index})})
        out.append({**move, "stacks": [other for other in stacks if other != index]})
    for target in range(state["seats"]):
        out.append({**move, "target": target})
    out.append({key: value for key, value in move.items() if key != "target"})
    if len(hand) > 1:
        out.append({**move, "hand": hand[::-1]})
    if len(stacks) > 1:
        out.append({**move, "stacks": stacks[::-1]})
    return [{key: value for key, value in candidate.items() if value != []} for candidate in out]


def candidates(state: dict, seat: int, legal: list[dict]) -> list[dict]:
    out = [*legal, {"type": "take"}, {"type": "end"}]
    out += [{"type": "blind", "stack": index} for index in range(4)]
    out += [{"type": "aim", "target": target} for target in range(state["seats"])]
    for move in legal:
        out += near_misses(state, seat, move)
    return out


def test_every_legal_move_applies_and_every_near_miss_is_refused():
    for seats in range(2, 7):
        rng = random.Random(seats)
        target = "free" if seats % 2 else "left"
        state = sl.new({"rounds": "everyone", "asteroid_target": target}, seats, seed=seats)
        for turn in range(2000):
            seat = sl.to_move(state)
            if seat is None:
                break
            legal = sl.legal_moves(state, seat)
            assert len({repr(move) for move in legal}) == len(legal), "a move listed twice"
            if turn % 5 == 0 or state["phase"] != "play":
                for move in legal:
                    sl.apply(json.loads(json.dumps(state)), seat, move)
                for move in candidates(state, seat, legal):
                    if move not in legal:
                        with pytest.raises(IllegalMove):
                            sl.apply(state, seat, move)
            sl.apply(state, seat, rng.choice(legal))
