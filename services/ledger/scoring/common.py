"""What the games' leaderboard rules share: the placement bonus and the leaving penalty."""

from __future__ import annotations

from dataclasses import dataclass

LEAVING_PENALTY = -10


@dataclass(frozen=True)
class ShortGame:
    """A game of fewer than ``under`` seconds loses ``loses``: "everything" (not scored at
    all) or "bonus" (no placement bonus, and no −10 for leaving either)."""

    loses: str
    under: int


def placement_bonus(place: int, players: int) -> int:
    """+30 for place 1, +15 for place 2 from three players, +5 for place 3 from four.

    A shared place earns its bonus for every seat that shares it; ``players`` counts every seat
    of the game, computers included."""
    if place == 1:
        return 30
    if place == 2 and players >= 3:
        return 15
    if place == 3 and players >= 4:
        return 5
    return 0


def singles(result: dict, seat_count: int) -> list[tuple[int, ...]]:
    """The teams of a game where one seat is one team."""
    return [(seat,) for seat in range(seat_count)]


def human_seats(seats: list[dict]) -> list[int]:
    return [seat["seat"] for seat in seats if seat["kind"] == "human"]


def with_other_humans(seats: list[dict]) -> bool:
    """True when more than one human sat at the game."""
    return len(human_seats(seats)) > 1
