"""What a seat may see, the full snapshot, who may see which zone, and the game's result."""

from __future__ import annotations

from typing import Any

from shared.games.base import HIDDEN, OWNER, TOP, State, Visibility
from shared.games.speedone.scoring import places, team_totals


def _facts(state: State) -> dict[str, Any]:
    """Every rule fact beside the cards, as views and snapshots show them."""
    pending = state["pending"]
    return {
        "top": state["discard"][-1],
        "color": state["color"],
        "direction": state["direction"],
        "pending": dict(pending) if pending else None,
        "turn": state["turn"],
        "dealer": state["dealer"],
        "called_one": state["called"],
        "round": state["round"],
        "totals": list(state["totals"]),
        "team_totals": team_totals(state),
        "rounds_won": list(state["rounds_won"]),
        "left": list(state["left"]),
        "over": state["over"],
        "settings": dict(state["settings"]),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The seat's own hand (sorted), every hand's size, the piles' sizes and every rule fact."""
    return {
        "hand": None if seat is None else sorted(state["hands"][seat]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "draw_size": len(state["draw"]),
        "discard_size": len(state["discard"]),
        **_facts(state),
    }


def snapshot(state: State) -> dict[str, Any]:
    """Zones "hand:<seat>", "draw" (last = next card drawn) and "discard" (last = top)."""
    zones = {f"hand:{seat}": list(hand) for seat, hand in enumerate(state["hands"])}
    zones["draw"] = list(state["draw"])
    zones["discard"] = list(state["discard"])
    return {"zones": zones, **_facts(state)}


def zone_visibility(zone: str) -> Visibility:
    if zone.startswith("hand:"):
        return Visibility(OWNER, int(zone[5:]))
    return Visibility(TOP) if zone == "discard" else Visibility(HIDDEN)


def result(state: State) -> dict[str, Any] | None:
    if not state["over"]:
        return None
    return {
        "places": places(state),
        "totals": list(state["totals"]),
        "team_totals": team_totals(state),
        "rounds_won": list(state["rounds_won"]),
        "rounds": sum(state["rounds_won"]),
        "left": list(state["left"]),
    }
