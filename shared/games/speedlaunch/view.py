"""What a seat may see (``view``), the full audit form (``snapshot``), and who sees which zone."""

from __future__ import annotations

from typing import Any, TypedDict

from shared.games.base import HIDDEN, OWNER, PUBLIC, TOP, Visibility
from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import (
    BLIND,
    KINDS,
    MAX_SEATS,
    OPEN,
    STACKS,
    STANDING,
    TOTAL,
    grouped,
    tokens,
)
from shared.games.speedlaunch.preview import _as_move, group, preview
from shared.games.speedlaunch.rounds import FOLLOW, PLAYING

# Per seat and stack: the upright pile (standing card face down under the open card, so
# only its top shows) and the blind card lying under it.
_STACK_ZONES = [
    [(f"stack:{seat}:{index}", f"stack:{seat}:{index}:blind") for index in range(STACKS)]
    for seat in range(MAX_SEATS)
]
_HAND_ZONES = [f"hand:{seat}" for seat in range(MAX_SEATS)]


def _visibility_table() -> dict[str, Visibility]:
    table = {"ramp": Visibility(PUBLIC), "burned": Visibility(PUBLIC), "box": Visibility(HIDDEN)}
    for seat in range(MAX_SEATS):
        table[_HAND_ZONES[seat]] = Visibility(OWNER, seat)
        for pile, blind in _STACK_ZONES[seat]:
            table[pile] = Visibility(TOP)
            table[blind] = Visibility(HIDDEN)
    return table


_VISIBILITY = _visibility_table()
_UNSEEN = Visibility(HIDDEN)


def zone_visibility(zone: str) -> Visibility:
    """Hands: their owner; a stack's pile: its top (the open card); ramp and burned cards:
    everyone; blind cards and the box: nobody."""
    return _VISIBILITY.get(zone, _UNSEEN)


def snapshot(state: dict) -> dict[str, Any]:
    """Zones ``hand:<s>``, ``stack:<s>:<k>`` ([standing, open] or [open], top last) and
    ``stack:<s>:<k>:blind`` while they hold cards, and always ``ramp``, ``burned``, ``box``;
    ``carried`` lists the value each ramp card counts as (None: a satellite without value)."""
    zones: dict[str, list[str]] = {}
    for seat in range(state["seats"]):
        hand = state["hands"][seat]
        if hand:
            zones[_HAND_ZONES[seat]] = tokens(hand)
        for (pile, blind), stack in zip(_STACK_ZONES[seat], state["stacks"][seat], strict=True):
            blind_card, standing, open_card = stack
            if open_card is not None:
                zones[pile] = [open_card] if standing is None else [standing, open_card]
            if blind_card is not None:
                zones[blind] = [blind_card]
    zones["ramp"] = list(state["ramp"])
    zones["burned"] = tokens(state["burned"])
    zones["box"] = tokens(state["box"])
    top_value, lamps = ramp.top(state)
    return {
        "zones": zones,
        "carried": list(state["carried"]),
        "top": top_value,
        "lamps": lamps,
        "turn": state["turn"],
        "turns": state["turns"],
        "phase": state["phase"],
        "over": state["over"],
        "round": state["round"],
        "round_count": state["round_count"],
        "first": state["first"],
        "minus": list(state["minus"]),
        "rounds_won": list(state["won"]),
        "record": [dict(entry, remaining=list(entry["remaining"])) for entry in state["record"]],
        "left": list(state["left"]),
        "settings": dict(state["settings"]),
        "seats": state["seats"],
    }


def card_count(state: dict, seat: int | None) -> dict[str, dict[str, int]]:
    """The "Kartenlage": per kind, how many cards ``seat`` cannot see and how many burned."""
    unknown = dict(TOTAL)
    if seat is not None:
        for kind, count in state["hands"][seat].items():
            unknown[kind] -= count
    for own in state["stacks"]:
        for stack in own:
            if stack[OPEN] is not None:
                unknown[stack[OPEN]] -= 1
    for card in state["ramp"]:
        unknown[card] -= 1
    burned = state["burned"]
    for kind, count in burned.items():
        unknown[kind] -= count
    return {"unknown": unknown, "burned": {kind: burned.get(kind, 0) for kind in KINDS}}


def _player(state: dict, seat: int) -> dict[str, Any]:
    stacks = state["stacks"][seat]
    open_cards = [stack[OPEN] for stack in stacks]
    face_down = [(stack[BLIND] is not None) + (stack[STANDING] is not None) for stack in stacks]
    held = sum(state["hands"][seat].values())
    return {
        "cards": held + sum(face_down) + STACKS - open_cards.count(None),
        "hand": held,
        "open": open_cards,
        "face_down": face_down,
        "known": grouped(state["known"][seat]),
    }


def round_history(state: dict) -> list[dict[str, Any]]:
    """Every round ended so far, oldest first: ``round``, ``winner`` (None: the round reached
    its turn limit), ``first`` (who began it), the cards each seat had ``remaining`` (its
    minus points of the round) and the ``minus`` totals after it. Public: card counts only."""
    history, minus = [], [0] * state["seats"]
    for number, entry in enumerate(state["record"], start=1):
        minus = [total + left for total, left in zip(minus, entry["remaining"], strict=True)]
        history.append({
            "round": number,
            "winner": entry["winner"],
            "first": entry["first"],
            "remaining": list(entry["remaining"]),
            "minus": minus,
        })  # fmt: skip
    return history


class RampCard(TypedDict):
    card: str
    value: int | None  # what it counts as (None: a satellite without value)


class View(TypedDict):
    """What a seat (or a spectator) sees of a Speedlaunch game (docs/rules/speedlaunch.md)."""

    seat: int | None
    hand: dict[str, int] | None  # the seat's own, counts by kind (None: a spectator)
    players: list[dict[str, Any]]
    ramp: list[RampCard]
    top: int | None  # the top's value (None: anything may come)
    lamps: int
    burned: int
    box: int
    card_count: dict[str, dict[str, int]]
    turn: int | None  # the seat to move (None: the game is over)
    turns: int  # turns played in the round
    phase: str | None  # None: the game is over
    over: bool
    first_action: bool
    round: int
    rounds: int
    first: int
    minus: list[int]
    rounds_won: list[int]
    round_winners: list[int | None]
    round_history: list[dict[str, Any]]
    settings: dict[str, Any]


def view(state: dict, seat: int | None) -> View:
    top_value, lamps = ramp.top(state)
    return {
        "seat": seat,
        "hand": None if seat is None else grouped(state["hands"][seat]),
        "players": [_player(state, other) for other in range(state["seats"])],
        "ramp": [
            {"card": card, "value": value}
            for card, value in zip(state["ramp"], state["carried"], strict=True)
        ],
        "top": top_value,
        "lamps": lamps,
        "burned": sum(state["burned"].values()),
        "box": sum(state["box"].values()),
        "card_count": card_count(state, seat),
        "turn": state["turn"],
        "turns": state["turns"],
        "phase": state["phase"],
        "over": state["over"],
        "first_action": state["phase"] == PLAYING,
        "round": state["round"],
        "rounds": state["round_count"],
        "first": state["first"],
        "minus": list(state["minus"]),
        "rounds_won": list(state["won"]),
        "round_winners": [entry["winner"] for entry in state["record"]],
        "round_history": round_history(state),
        "settings": dict(state["settings"]),
    }


# What a preview tells the client (its English "text" is left to the client's own words, its
# "move" is the legal move or the group's pick beside it).
_SHOWN = ("legal", "turns_up", "value", "count", "lamps", "ignition", "room", "too_high")


def _shown(shown: dict[str, Any]) -> dict[str, Any]:
    return {key: shown[key] for key in _SHOWN if key in shown}


def previews(state: dict, seat: int | None, legal: list[dict]) -> dict[str, Any] | None:
    """The engine's preview for the seat to move, for the client to show before it plays
    (so the client keeps no copy of the rules): ``groups`` — per kind in the hand or open on a
    stack, what a click on its group picks (``move``: the pick, legal or not) and would do;
    ``moves`` — beside each legal move, what it would do (None for moves that are no play).
    None when the seat is not the one to play."""
    if seat is None or state["phase"] not in (PLAYING, FOLLOW) or seat != state["turn"]:
        return None
    kinds = set(state["hands"][seat]) | {
        stack[OPEN] for stack in state["stacks"][seat] if stack[OPEN] is not None
    }
    groups = {}
    for kind in sorted(kinds):
        shown = preview(state, seat, {"group": kind})
        move = shown.get("move") or _group_move(state, seat, kind)
        groups[kind] = {**_shown(shown), "move": move}
    moves = [
        _shown(preview(state, seat, move)) if move.get("type") == "play" else None for move in legal
    ]
    return {"groups": groups, "moves": moves}


def _group_move(state: dict, seat: int, kind: str) -> dict[str, Any]:
    """The pick of a group click that the rules refuse (its preview carries no move)."""
    return _as_move(group(state, seat, kind))
