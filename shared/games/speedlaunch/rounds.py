"""Rounds: dealing a round, closing it (minus points, the round's record), and the result."""

from __future__ import annotations

from typing import Any

from shared.games.base import Rng, leavers_last
from shared.games.speedlaunch.cards import OPEN, cards_left, deal

# The phases of a turn: its first action, the follow-up after a fitting blind card, a revealed
# blind asteroid's target (None once the game is over).
PLAYING, FOLLOW, AIM = "play", "follow", "aim"
# A round that reaches this many turns ends without a winner (DECISIONS.md Speedlaunch §15).
ROUND_TURNS = 1000


def start_round(state: dict, first: int, events: list[dict] | None = None) -> None:
    """Deal a fresh round from all 120 cards; ``first`` begins it."""
    rng = Rng(state["rng"])
    hands, stacks, box = deal(rng, state["seats"])
    state.update(
        rng=rng.state,
        round=state["round"] + 1,
        first=first,
        turn=first,
        turns=0,
        phase=PLAYING,
        hands=hands,
        known=[{} for _ in hands],
        stacks=stacks,
        box=box,
        ramp=[],
        carried=[],
        burned={},
    )
    if events is not None:
        events.append(
            {
                "type": "deal",
                "round": state["round"],
                "first": first,
                "open": [[stack[OPEN] for stack in own] for own in stacks],
                "private": {str(seat): {"hand": dict(hand)} for seat, hand in enumerate(hands)},
            }
        )
        events.append({"type": "turn", "seat": first, "again": False})


def end_round(state: dict, winner: int | None, events: list[dict]) -> None:
    """``winner`` has no card left (None: the round reached ROUND_TURNS and nobody won it):
    score the round, then deal the next one or end the game."""
    seats = range(state["seats"])
    remaining = [cards_left(state, seat) for seat in seats]
    state["record"].append({"winner": winner, "first": state["first"], "remaining": remaining})
    if winner is not None:
        state["won"][winner] += 1
    for seat in seats:
        state["minus"][seat] += remaining[seat]
    over = {
        "type": "round_over",
        "round": state["round"],
        "winner": winner,
        "remaining": list(remaining),
        "minus": list(state["minus"]),
    }
    if winner is None:
        over["turns"] = state["turns"]
    if state["round"] < state["round_count"]:
        for event in events:
            # the next deal gathers these cards up again: they were shown, then hidden
            if "cards" in event:
                event["revealed"] = event.pop("cards")
        events.append(over)
        start_round(state, (state["first"] + 1) % state["seats"], events)
    else:
        events.append(over)
        state.update(over=True, turn=None, phase=None)
        events.append({"type": "game_over", **result(state)})


def places(minus: list[int], won: list[int]) -> list[int]:
    """Fewest minus points first; a tie goes to more rounds won; still tied, the place is shared."""
    keys = [(points, -wins) for points, wins in zip(minus, won, strict=True)]
    return [1 + sum(other < key for other in keys) for key in keys]


def result(state: dict) -> dict[str, Any] | None:
    if not state["over"]:
        return None
    return {
        "places": leavers_last(places(state["minus"], state["won"]), state["left"]),
        "minus": list(state["minus"]),
        "rounds_won": list(state["won"]),
        "rounds": [dict(entry, remaining=list(entry["remaining"])) for entry in state["record"]],
        "left": list(state["left"]),
    }
