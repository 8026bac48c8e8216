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
    """One part of every game: the file it is, the Python module that file is (none for the
    board, which the browser loads), and the names the part must define (``{game}`` is the
    game's name)."""

    file: str
    module: str
    needs: tuple[str, ...]

    def path(self, game: str) -> str:
        return self.file.format(game=game)


PARTS = {
    "engine": Part(
        "shared/games/{game}/__init__.py",
        "shared.games.{game}",
        ("TITLE", "ORDER", "COMPUTER_ONLY_FROM", "CLOCK_FINISHES_TURN"),
    ),
    "strategy": Part("shared/strategies/{game}.py", "shared.strategies.{game}", ("choose",)),
    "phrases": Part(
        "services/table/phrases/{game}.py",
        "services.table.phrases.{game}",
        ("phrase", "EXCLAMATIONS"),
    ),
    "scoring": Part(
        "services/ledger/scoring/{game}.py",
        "services.ledger.scoring.{game}",
        ("Result", "SHORT_GAME", "points", "winners", "teams"),
    ),
    "board": Part(
        "services/web/{game}.js",
        "",
        ("export function createBoard", "export function handCards"),
    ),
}


class MissingPart(LookupError):
    """A game without one of its parts: names the game, the part and the file it needs."""


def _missing(game: str, kind: str) -> MissingPart:
    return MissingPart(f"the game {game!r} has no {kind}: {PARTS[kind].path(game)}")


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
        if not spec.module:
            board = ROOT / spec.path(game)
            text = board.read_text() if board.exists() else None
            if text is None:
                found.append(str(_missing(game, kind)))
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
