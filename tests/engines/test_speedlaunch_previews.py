"""The engine's previews for the seat to play (shared.games.speedlaunch.previews): what each
group click picks and would do, and what each legal move would do — the client shows these
instead of keeping a copy of the rules."""

from __future__ import annotations

import random

import pytest

import shared.games.speedlaunch as sl
from shared.games.speedlaunch.preview import preview


def positions(seed: int, seats: int = 3):
    """Every position of a random game, with the seat to move."""
    rng = random.Random(seed)
    state = sl.new({"rounds": "everyone"}, seats, seed, 0)
    while sl.result(state) is None:
        seat = sl.to_move(state)
        yield state, seat
        sl.apply(state, seat, rng.choice(sl.legal_moves(state, seat)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_previews_follow_the_engine_preview_for_the_seat_to_play(seed):
    checked = 0
    for state, seat in positions(seed):
        legal = sl.legal_moves(state, seat)
        shown = sl.previews(state, seat, legal)
        for other in [*range(state["seats"]), None]:
            if other != seat:
                assert sl.previews(state, other, sl.legal_moves(state, other)) is None
        if state["phase"] == "aim":
            assert shown is None
            continue
        assert shown is not None and len(shown["moves"]) == len(legal)
        for move, said in zip(legal, shown["moves"], strict=True):
            if move["type"] != "play":
                assert said is None
                continue
            full = preview(state, seat, move)
            assert said["legal"] is True and full["legal"] is True
            for key in ("value", "count", "lamps", "ignition", "turns_up"):
                assert said.get(key) == full.get(key), key
        for kind, said in shown["groups"].items():
            full = preview(state, seat, {"group": kind})
            assert said["legal"] == full["legal"]
            assert said.get("too_high", False) == full.get("too_high", False)
            if full["legal"]:
                assert said["move"] == full["move"]
                assert (
                    said["move"] in legal
                    or said["move"].get("hand") == ["AST"]
                    or any(m.get("target") is not None for m in legal)
                )
            assert "text" not in said  # the client says it in the player's words
        checked += 1
    assert checked > 5


def test_a_too_high_group_is_refused_with_its_pick():
    for state, seat in positions(7):
        shown = sl.previews(state, seat, sl.legal_moves(state, seat))
        high = [g for g in (shown or {"groups": {}})["groups"].values() if g.get("too_high")]
        if high:
            assert all(g["legal"] is False and g["move"]["type"] == "play" for g in high)
            return
    pytest.skip("no group above the top in this game")
