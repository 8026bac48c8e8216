"""Every game has every part (shared/parts.py, docs/games.md), and a game that lacks one is
refused by name: the part and the file it needs, never played on with a stand-in."""

from __future__ import annotations

import random

import pytest

from shared.games import get_game, names
from shared.parts import PARTS, MissingPart, lacks
from shared.strategies import choose


@pytest.mark.parametrize("game", names())
def test_every_game_has_every_part(game):
    assert lacks(game) == []


def test_a_game_without_its_parts_is_told_what_it_lacks():
    missing = lacks("nogame")
    for kind, spec in PARTS.items():
        assert any(f"has no {kind}: {spec.path('nogame')}" in line for line in missing), kind


def test_no_stand_in_plays_a_game_without_a_strategy():
    with pytest.raises(MissingPart, match="'nogame' has no strategy: shared/strategies/nogame"):
        choose("nogame", {}, [{"type": "pass"}], "normal", random.Random(1))


def test_the_game_list_is_the_folders_of_shared_games():
    assert names() == ("speedlaunch", "speedtower", "speedone")  # by their ORDER
    assert {get_game(name).NAME for name in names()} == set(names())
    with pytest.raises(KeyError):
        get_game("base")
