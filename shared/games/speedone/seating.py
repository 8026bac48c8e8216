"""Who is still in, who comes next, and who plays with whom."""

from __future__ import annotations

from shared.games.base import State


def active_seats(state: State) -> list[int]:
    """The seats still in the game, in seat order."""
    left = state["left"]
    return [seat for seat in range(state["seats"]) if seat not in left]


def next_seat(state: State, seat: int, step: int) -> int:
    """The next seat still in the game after ``seat`` going in ``step`` (+1 clockwise, -1)."""
    seats, left = state["seats"], state["left"]
    seat = (seat + step) % seats
    while seat in left:
        seat = (seat + step) % seats
    return seat


def team(seat: int) -> int:
    """In partner mode: team 0 is seats 0+2, team 1 seats 1+3 (partners sit opposite)."""
    return seat % 2
