"""What a selection would do, for the client to show before playing (pure, no side effect)."""

from __future__ import annotations

from typing import Any

from shared.games.base import IllegalMove
from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import AST, HOLE, OPEN, ORDER, SAT, STANDING, VALUE
from shared.games.speedlaunch.moves import read_play
from shared.games.speedlaunch.rounds import FOLLOW, PLAYING


def group(state: dict, seat: int, kind: str) -> dict[str, list]:
    """The pick a click on a hand group makes: the hand cards of that kind, then the open
    stack cards of the same kind, never past the four-limit (one card for a special)."""
    top_value, lamps = ramp.top(state)
    limit = 1 if kind in (AST, HOLE) else ramp.room(top_value, lamps, VALUE.get(kind))
    taken = min(state["hands"][seat].get(kind, 0), max(limit, 1))
    matching = [i for i, stack in enumerate(state["stacks"][seat]) if stack[OPEN] == kind]
    return {"hand": [kind] * taken, "stacks": matching[: max(limit - taken, 0)]}


def _as_move(pick: dict) -> dict[str, Any]:
    """A loose pick (cards in any order) as the canonical play move."""
    move: dict[str, Any] = {"type": "play"}
    hand, stacks = pick.get("hand"), pick.get("stacks")
    if type(hand) is list and all(type(token) is str and token in ORDER for token in hand):
        hand = sorted(hand, key=ORDER.__getitem__)
    if type(stacks) is list and all(type(index) is int for index in stacks):
        stacks = sorted(stacks)
    if hand:
        move["hand"] = hand
    if stacks:
        move["stacks"] = stacks
    if "target" in pick:
        move["target"] = pick["target"]
    return move


def preview(state: dict, seat: int, selection: dict) -> dict[str, Any]:
    """``selection``: a pick ``{"hand": [...], "stacks": [...], "target": s}`` in any order,
    or ``{"group": kind}`` for a click on a hand group.

    Legal: ``{"legal": True, "move", "text", "turns_up"}`` plus, for countdown and satellite
    plays, ``"value", "count", "lamps"`` (after the play), ``"ignition"`` (certain) and
    ``"room"`` (how many of the standing cards that turn up could still follow — they are
    hidden, so whether they match is unknown). Refused: ``{"legal": False, "reason", "text",
    "too_high"}``.
    """
    if type(selection) is not dict:
        return _refused("a selection is a JSON object")
    if state["phase"] not in (PLAYING, FOLLOW) or seat != state["turn"]:
        return _refused("not your play now")
    kind = selection.get("group")
    move = _as_move(group(state, seat, kind) if type(kind) is str and kind in ORDER else selection)
    top_value, lamps = ramp.top(state)
    try:
        play = read_play(state, seat, move, follow=state["phase"] == FOLLOW)
    except IllegalMove as refusal:
        return _refused(refusal.reason, _too_high(state, seat, move, top_value))
    stacks = state["stacks"][seat]
    shown = {
        "legal": True,
        "move": move,
        "turns_up": [index for index in play.stacks if stacks[index][STANDING] is not None],
    }
    if play.special == HOLE:
        return {**shown, "text": "black hole: the ramp vanishes, you go again"}
    if play.special == AST:
        text = "asteroid burns" if play.target is None else f"asteroid → seat {play.target}"
        return {**shown, "text": text}
    count = len(play.hand) + len(play.stacks)
    on_top = lamps if play.value is not None and play.value == top_value else 0
    after = 0 if play.value is None else count + on_top
    ignition = after == ramp.FOUR
    label = SAT if play.value is None else str(play.value)
    return {
        **shown,
        "text": f"→ {count} × {label}" + (" — IGNITION!" if ignition else ""),
        "value": play.value,
        "count": count,
        "lamps": after,
        "ignition": ignition,
        "room": 0 if play.value is None else ramp.FOUR - after,
    }


def _too_high(state: dict, seat: int, move: dict, top_value: int | None) -> bool:
    """Whether a refused pick holds a countdown card above the top."""
    stacks = state["stacks"][seat]
    hand, indices = move.get("hand", []), move.get("stacks", [])
    picked = [card for card in hand if type(card) is str] if type(hand) is list else []
    if type(indices) is list:
        picked += [stacks[i][OPEN] for i in indices if type(i) is int and 0 <= i < len(stacks)]
    return top_value is not None and any(VALUE.get(card, 0) > top_value for card in picked)


def _refused(reason: str, too_high: bool = False) -> dict[str, Any]:
    return {
        "legal": False,
        "reason": reason,
        "text": "too high" if too_high else reason,
        "too_high": too_high,
    }
