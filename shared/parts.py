"""A game's parts, each found by the game's name: one convention for every service.

The engine is the package ``shared/games/<game>``; beside it a game has a computer player,
the table's words for its events and its chat exclamations, the ledger's scoring and the
browser's board (docs/games.md). A service asks for a part here and never keeps a list of
games of its own; a game that lacks a part is named with the file it needs, never played
on with a stand-in.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Part:
    """One part of every game: the module it is (``{game}`` filled in), or for the board a
    file the browser loads, and the names the part must define."""

    module: str
    needs: tuple[str, ...]
    file: str = ""

    def path(self, game: str) -> str:
        if self.file:
            return self.file.format(game=game)
        return self.module.format(game=game).replace(".", "/") + ".py"


PARTS = {
    "engine": Part("shared.games.{game}", ("TITLE", "COMPUTER_ONLY_FROM", "CLOCK_FINISHES_TURN")),
    "strategy": Part("shared.strategies.{game}", ("choose",)),
    "phrases": Part("services.table.phrases.{game}", ("phrase", "EXCLAMATIONS")),
    "scoring": Part(
        "services.ledger.scoring.{game}",
        ("Result", "SHORT_GAME", "points", "winners", "teams"),
    ),
    "board": Part(
        "",
        ("export function createBoard", "export function handCards"),
        file="services/web/{game}.js",
    ),
}


class MissingPart(LookupError):
    """A game without one of its parts: names the game, the part and the file it needs."""


def _missing(game: str, kind: str) -> MissingPart:
    path = PARTS[kind].path(game)
    return MissingPart(f"the game {game!r} has no {kind}: {path} (or {path[:-3]}/__init__.py)")


@cache
def part(game: str, kind: str) -> ModuleType:
    """The module of one of a game's Python parts; MissingPart when the game lacks it."""
    name = PARTS[kind].module.format(game=game)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            raise _missing(game, kind) from error
        raise


def lacks(game: str) -> list[str]:
    """What a game lacks: one sentence per missing part or missing name in a part."""
    found = []
    for kind, spec in PARTS.items():
        if spec.file:
            board = ROOT / spec.path(game)
            text = board.read_text() if board.exists() else None
            if text is None:
                found.append(f"the game {game!r} has no {kind}: {spec.path(game)}")
            found += [
                f"{spec.path(game)} lacks {n!r}" for n in spec.needs if text and n not in text
            ]
            continue
        try:
            module = part(game, kind)
        except MissingPart as error:
            found.append(str(error))
            continue
        found += [f"{spec.path(game)} lacks {n}" for n in spec.needs if not hasattr(module, n)]
    return found
