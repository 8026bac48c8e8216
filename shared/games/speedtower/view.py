"""What the outside reads of a Speedtower state: a seat's view, the snapshot, the result."""

from __future__ import annotations

from functools import cache
from typing import Any, NotRequired, TypedDict

from shared.games.base import HIDDEN, OWNER, PUBLIC, TOP, Visibility, leavers_last
from shared.games.speedtower.cards import STORAGE_PILES, TOWERS


class Tower(TypedDict):
    name: str
    cards: list[str]
    floors: list[int]  # the floor numbers of its cards, from 1
    needs: int  # the floor the next card builds


class UndoPreview(TypedDict):
    tower: str
    floor: int  # the floor of the card undo takes back
    to: str  # where the card goes back to (the move's "from")
    pile: NotRequired[int]  # the storage pile


class View(TypedDict):
    """What a seat (or a spectator) sees of a Speedtower game (docs/rules/speedtower.md)."""

    seat: int | None
    turn: int | None  # the seat to move (None: the game is over)
    turns: int  # turns begun so far, this one included
    over: bool
    hand: list[str] | None  # the seat's own (None: a spectator)
    hand_sizes: list[int]
    stock_tops: list[str | None]
    stock_sizes: list[int]
    storage: list[list[list[str]]]
    towers: list[Tower]
    material: int
    rubble: int
    undo: UndoPreview | None
    stalemate: int
    result: dict[str, Any] | None


def view(state: dict, seat: int | None) -> View:
    """What ``seat`` sees (None: a spectator): own hand, every stock's top and size, every
    storage pile in full, the towers, pile sizes, the turn and what undo would take back."""
    stocks = state["stocks"]
    return {
        "seat": seat,
        "turn": state["turn"],
        "turns": state["turns"],
        "over": state["over"],
        "hand": list(state["hands"][seat]) if seat is not None else None,
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "stock_tops": [stock[-1] if stock else None for stock in stocks],
        "stock_sizes": [len(stock) for stock in stocks],
        "storage": [[list(pile) for pile in piles] for piles in state["storage"]],
        "towers": [
            {
                "name": name,
                "cards": list(tower),
                "floors": list(range(1, len(tower) + 1)),
                "needs": len(tower) + 1,
            }
            for name, tower in zip(TOWERS, state["towers"], strict=True)
        ],
        "material": len(state["material"]),
        "rubble": len(state["rubble"]),
        "undo": _undo_preview(state),
        "stalemate": state["stalemate"],
        "result": result(state),
    }


def snapshot(state: dict) -> dict:
    """Every card in its zone (last = top) plus the facts of the turn and the game."""
    zones: dict[str, list[str]] = {}
    seat_cards = zip(state["hands"], state["stocks"], state["storage"], strict=True)
    for seat, (hand, stock, piles) in enumerate(seat_cards):
        hand_zone, stock_zone, *pile_zones = _seat_zones(seat)
        zones[hand_zone] = list(hand)
        zones[stock_zone] = list(stock)
        for name, pile in zip(pile_zones, piles, strict=True):
            zones[name] = list(pile)
    for name, tower in zip(TOWERS, state["towers"], strict=True):
        zones[f"tower:{name}"] = list(tower)
    zones["material"] = list(state["material"])
    zones["rubble"] = list(state["rubble"])
    return {
        "zones": zones,
        "tower_needs": {name: len(state["towers"][t]) + 1 for t, name in enumerate(TOWERS)},
        "turn": state["turn"],
        "turns": state["turns"],
        "built_this_turn": state["built"],
        "steps_this_turn": state["steps"],
        "undo": [dict(step) for step in state["undo"]],
        "undo_barrier": state["undo_barrier"],
        "stalemate": state["stalemate"],
        "over": state["over"],
        "end": state["end"],
        "winner": state["winner"],
        "left": list(state["left"]),
        "settings": dict(state["settings"]),
    }


@cache  # a handful of zone names, asked for once per zone and seat by every redaction check
def zone_visibility(zone: str) -> Visibility:
    kind, _, rest = zone.partition(":")
    if kind == "hand" and rest.isdigit():
        return Visibility(OWNER, int(rest))
    if kind == "stock":
        return Visibility(TOP)
    if kind in ("storage", "tower"):
        return Visibility(PUBLIC)
    return Visibility(HIDDEN)


def result(state: dict) -> dict | None:
    """Once over: places by remaining stock cards (fewer is better; equal counts share the
    place, the next place skipping as many), those who left after everyone who stayed (the
    ``winner`` may be one, whose computer built out first), plus the figures the ledger
    scores from."""
    if not state["over"]:
        return None
    left = [len(stock) for stock in state["stocks"]]
    size = state["settings"]["stock"]
    leavers = state["left"]
    return {
        "places": leavers_last([1 + sum(other < mine for other in left) for mine in left], leavers),
        "winner": state["winner"],
        "left": list(leavers),
        "stock_left": left,
        "stock_built": [size - mine for mine in left],
        "stock_size": size,
        "turns": state["turns"],
        "end": state["end"],
    }


@cache
def _seat_zones(seat: int) -> tuple[str, ...]:
    """The names of a seat's zones: hand, stock, then its storage piles."""
    piles = (f"storage:{seat}:{k}" for k in range(STORAGE_PILES))
    return f"hand:{seat}", f"stock:{seat}", *piles


def _undo_preview(state: dict) -> UndoPreview | None:
    """What undo would take back now: the top card of that tower (named, not repeated, so
    the view shows each card once) and where it goes."""
    if not state["undo"]:
        return None
    step = state["undo"][-1]
    tower = state["towers"][step["tower"]]
    preview: UndoPreview = {"tower": TOWERS[step["tower"]], "floor": len(tower),
                            "to": step["from"]}  # fmt: skip
    if "pile" in step:
        preview["pile"] = step["pile"]
    return preview
