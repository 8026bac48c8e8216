"""The launch ramp: its top value, the four lamps, how much a play may add, burning, taking.

The ramp is two parallel lists in the state: ``"ramp"`` (tokens, last = top) and
``"carried"`` (the value each card counts as: a countdown card its own, a satellite the value
it took on, None for a satellite that carries no value).
"""

from __future__ import annotations

from shared.games.speedlaunch.cards import DECK, add

FOUR = 4
UNLIMITED = len(DECK)  # satellites onto a ramp without a value: any number may go


def top(state: dict) -> tuple[int | None, int]:
    """(the top's value or None when anything may come, how many equal values lie on top)."""
    carried = state["carried"]
    if not carried or carried[-1] is None:
        return None, 0
    value = carried[-1]
    lamps = 1
    index = len(carried) - 2
    while index >= 0 and carried[index] == value:
        lamps += 1
        index -= 1
    return value, lamps


def room(top_value: int | None, lamps: int, value: int | None) -> int:
    """How many cards a play of countdown ``value`` (None: satellites alone) may add."""
    if top_value is None:
        return FOUR if value is not None else UNLIMITED
    if value is None or value == top_value:
        return FOUR - lamps
    return FOUR if value < top_value else 0


def lay(state: dict, token: str, value: int | None) -> None:
    state["ramp"].append(token)
    state["carried"].append(value)


def burn(state: dict) -> list[str]:
    """The whole ramp leaves the game; returns its cards."""
    cards = state["ramp"]
    for token in cards:
        add(state["burned"], token)
    state["ramp"], state["carried"] = [], []
    return cards


def take(state: dict, seat: int) -> list[str]:
    """The whole ramp goes into ``seat``'s hand (satellites drop their values), in plain
    sight: its cards are now known to be in that hand. Returns it."""
    cards = state["ramp"]
    hand, known = state["hands"][seat], state["known"][seat]
    for token in cards:
        add(hand, token)
        add(known, token)
    state["ramp"], state["carried"] = [], []
    return cards
