"""The house settings of a table (DECISIONS.md "All games"), beside each game's own options."""

from __future__ import annotations

from shared.games import get_game

CLOCKS = (30, 60, 90, 120, 0)  # seconds per decision; 0 = no clock
DEFAULT_CLOCK = 120
GRACE = 10  # seconds after the clock before the computer decides
TEMPOS = ("normal", "fast")
STRENGTHS = ("leicht", "normal", "stark")
FILLS = ("computer", "empty")  # what free seats become when the game starts
HOLD_SECONDS = 120  # rematch: seats held for those who have not clicked yet
GUIDE_SECONDS = 300  # per game: how long the first game's guide may hold its reader's clock
MAX_STAKE = 100_000
PACE_SECONDS = {"normal": 1.2, "fast": 0.4}  # pause before a computer move
COMPUTER_NAMES = ("Ada", "Bruno", "Clara", "Dieter", "Emil", "Frieda")

DEFAULTS = {
    "clock": DEFAULT_CLOCK,
    "tempo": "normal",
    "stakes": 0,
    "fill": "computer",
    "strength": "normal",
    "solo": False,
    "humans_only": False,
}


def computer_only(game: str, seat: int) -> bool:
    """Whether a seat of this game is always a computer's (the engine's COMPUTER_ONLY_FROM)."""
    limit = get_game(game).COMPUTER_ONLY_FROM
    return limit is not None and seat >= limit


def computer_name(seat: int, strength: str) -> str:
    return f"{COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]} ({strength})"
