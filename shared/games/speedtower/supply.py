"""The material (draw pile) and the rubble: drawing, reshuffling, demolition.

The last card of ``material`` is its top. Only a refill at a turn's start may demolish the
unfinished towers (DECISIONS.md Speedtower §9); a redraw mid-turn only reshuffles the rubble.
"""

from __future__ import annotations

from shared.games.base import Rng
from shared.games.speedtower.cards import HAND_SIZE, TOWERS, hand_order


def refill(state: dict, seat: int, events: list) -> None:
    """Fill the hand to five at a turn's start, demolishing the towers if nothing else is left."""
    _draw(state, seat, HAND_SIZE - len(state["hands"][seat]), "refill", events)


def redraw(state: dict, seat: int, events: list) -> int:
    """Draw five into a hand just emptied by building (never demolishes); how many came."""
    return _draw(state, seat, HAND_SIZE, "empty_hand", events)


def _draw(state: dict, seat: int, count: int, reason: str, events: list) -> int:
    material = state["material"]
    drawn: list[str] = []
    while len(drawn) < count and (material or _replenish(state, reason == "refill", events)):
        take = min(count - len(drawn), len(material))
        drawn += material[-take:]
        del material[-take:]
    if not drawn:
        return 0
    hand = state["hands"][seat]
    hand += drawn
    hand.sort(key=hand_order)
    events.append(
        {
            "type": "draw",
            "seat": seat,
            "count": len(drawn),
            "reason": reason,
            "private": {str(seat): {"cards": sorted(drawn, key=hand_order)}},
        }
    )
    return len(drawn)


def _replenish(state: dict, may_demolish: bool, events: list) -> bool:
    """Refill the empty material from the rubble, else (if allowed) from the unfinished
    towers; whether the material now holds cards."""
    material, rubble = state["material"], state["rubble"]
    if rubble:
        material += rubble
        rubble.clear()
        events.append({"type": "reshuffle", "count": len(material)})
    elif may_demolish and any(state["towers"]):
        names = [name for name, tower in zip(TOWERS, state["towers"], strict=True) if tower]
        for tower in state["towers"]:
            material += tower
            tower.clear()
        events.append({"type": "demolish", "towers": names, "count": len(material)})
    else:
        return False
    rng = Rng(state["rng"])
    rng.shuffle(material)
    state["rng"] = rng.state
    return True
