"""Who finished where, as the rating sees a booked game: a pure function of its seats and
result.

The rating compares units — a seat, or in Speedone's partner mode a team (seats 0 + 2 and
1 + 3, DECISIONS.md Speedone §3 and §14) — by rank. Ranks come from the result's places;
equal places share a rank. A seat that left the game is placed behind every seat that stayed
(DECISIONS.md "All games" §8), in a unit of its own (its partner stays with the team); among
several leavers the one who left later ranks higher: by the result's places, and where the
result lists its leavers in the order they left (Speedone's ``left``), by that order.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.ledger.scoring import rules


@dataclass(frozen=True)
class Unit:
    seats: tuple[int, ...]
    rank: int  # 1 is best; equal ranks share a place


def units_of(game: str, seats: list[dict], result: dict) -> list[Unit]:
    """The rated units of a booked game with their ranks."""
    places = result["places"]
    left = [seat["seat"] for seat in seats if seat["left"]]
    order = result.get("left") or []
    stayed = []
    for team in rules(game).teams(result, len(seats)):
        members = tuple(seat for seat in team if seat not in left)
        if members:
            stayed.append(Unit(members, min(places[seat] for seat in members)))
    last = max((unit.rank for unit in stayed), default=0)

    def leaving(seat: int) -> tuple[int, int]:  # smaller is better
        later = order.index(seat) if seat in order else 0
        return places[seat], -later

    keys = sorted({leaving(seat) for seat in left})
    leavers = [Unit((seat,), last + 1 + keys.index(leaving(seat))) for seat in left]
    return stayed + leavers
