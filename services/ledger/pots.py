"""Who a game's pot goes to (DECISIONS.md, All games §3).

The pot goes to the best-placed human who stayed to the end, split equally among tied ones;
the indivisible remainder goes to the tied human in the lowest seat, so the winners are listed
in seat order. A human who left early has given up their claim; when every human left, nobody
wins the pot and every payer gets their stake back (shared.wallets refunds it), so the house
neither keeps nor creates Taler.
"""

from __future__ import annotations


def pot_winners(seats: list[dict], places: list[int]) -> list[str]:
    """The player ids that share the pot, lowest seat first (empty: refund the pot)."""
    eligible = [seat for seat in seats if seat["kind"] == "human" and not seat["left"]]
    if not eligible:
        return []
    best = min(places[seat["seat"]] for seat in eligible)
    return [seat["player"] for seat in eligible if places[seat["seat"]] == best]
