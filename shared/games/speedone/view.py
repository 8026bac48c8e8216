"""What a seat may see, the full snapshot, who may see which zone, and the game's result."""

from __future__ import annotations

from typing import Any, TypedDict

from shared.games.base import HIDDEN, OWNER, PUBLIC, State, Visibility
from shared.games.speedone.scoring import places, team_totals


class Facts(TypedDict):
    """Every rule fact beside the cards (docs/rules/speedone.md)."""

    top: str
    color: str
    direction: int
    pending: dict[str, Any] | None  # a penalty to draw or pass on
    turn: int  # the seat to move
    turns: int  # turns played in the round
    dealer: int
    called_one: bool
    round: int
    totals: list[int]
    team_totals: list[int] | None
    rounds_won: list[int]
    left: list[int]
    over: bool
    settings: dict[str, Any]


class View(Facts):
    """What a seat (or a spectator) sees of a Speedone game."""

    hand: list[str] | None  # the seat's own, sorted (None: a spectator)
    hand_sizes: list[int]
    draw_size: int
    discard_size: int
    discard_below: list[str]
    drew_on: list[dict[str, int]]
    round_history: list[dict[str, Any]]


def _facts(state: State) -> Facts:
    """Every rule fact beside the cards, as views and snapshots show them."""
    pending = state["pending"]
    return {
        "top": state["discard"][-1],
        "color": state["color"],
        "direction": state["direction"],
        "pending": dict(pending) if pending else None,
        "turn": state["turn"],
        "turns": state["turns"],
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


def drew_on(state: State) -> list[dict[str, int]]:
    """Per seat, the colours it drew on this round with no penalty pending (drawing while that
    colour was to match), each with the cards it has drawn since, that draw's included. Public:
    everyone sees who draws and what was asked."""
    return [dict(seen) for seen in state["drew_on"]]


def round_history(state: State) -> list[dict[str, Any]]:
    """Every round ended so far, oldest first: ``round``, ``winner`` (None: no winner), the
    ``points`` in each losing hand (shown to all at the round's end), the points ``scored``
    and the ``totals`` after it. Public."""
    return [
        {**entry, "points": list(entry["points"]), "scored": list(entry["scored"]),
         "totals": list(entry["totals"])}
        for entry in state["history"]
    ]  # fmt: skip


def view(state: State, seat: int | None) -> View:
    """The seat's own hand (sorted), every hand's size, the piles' sizes, every rule fact and
    the public history: the discard pile below its top card, oldest first (every card in it
    was played face up, or turned up at the deal; the top is "top"), who drew on which colour,
    and the rounds ended so far (``round_history``)."""
    return {
        "hand": None if seat is None else sorted(state["hands"][seat]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "draw_size": len(state["draw"]),
        "discard_size": len(state["discard"]),
        "discard_below": state["discard"][:-1],
        "drew_on": drew_on(state),
        "round_history": round_history(state),
        **_facts(state),
    }


def snapshot(state: State) -> dict[str, Any]:
    """Zones "hand:<seat>", "draw" (last = next card drawn) and "discard" (last = top)."""
    zones = {f"hand:{seat}": list(hand) for seat, hand in enumerate(state["hands"])}
    zones["draw"] = list(state["draw"])
    zones["discard"] = list(state["discard"])
    return {
        "zones": zones,
        "drew_on": drew_on(state),
        "round_history": round_history(state),
        **_facts(state),
    }


def zone_visibility(zone: str) -> Visibility:
    """Hands: their owner; the draw pile: nobody; the discard pile: everyone, every card (each
    was played face up, or turned up at the deal, for all to see)."""
    if zone.startswith("hand:"):
        return Visibility(OWNER, int(zone[5:]))
    return Visibility(PUBLIC) if zone == "discard" else Visibility(HIDDEN)


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
