"""The computer players of Speedtower.

leicht builds its stock card when it fits, otherwise builds or stores at random; normal
searches the best chains of builds, leaves no tower where the others' stock cards go on, and
stores tidily; stark does the same, puts its own stock
card before everything, spends cranes wherever they bring it on, and weighs what each
tower's height hands the next players (among three or more, less than heads-up).
"""

from __future__ import annotations

import random

from shared.strategies.speedtower.planner import Foresight, Planner
from shared.strategies.speedtower.position import TOWERS, Position, card, hidden
from shared.strategies.speedtower.setups import risks, stark_gift

LOOSE_BUILD = 0.5  # how often leicht builds a card that fits before storing


def choose(view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    if strength == "leicht":
        return _loose(legal, rng)
    position = Position.of(view)
    if strength == "stark":
        planner: Planner = Foresight(risks(view, stark_gift(view)), hidden(view))
    else:
        planner = Planner(risks(view))
    step = planner.best(position)[1]
    if step is not None:
        return _build(view, step)
    if not position.hand:
        return {"type": "pass"}
    value, pile = planner.store(position)
    return {"type": "store", "index": _hand_index(view, value), "pile": pile}


def _loose(legal: list[dict], rng: random.Random) -> dict:
    builds = [move for move in legal if move["type"] == "build"]
    stock = [move for move in builds if move["from"] == "stock"]
    if stock:
        return stock[0]
    ends = [move for move in legal if move["type"] in ("store", "pass")]
    if builds and (not ends or rng.random() < LOOSE_BUILD):
        return rng.choice(builds)
    return rng.choice(ends)


def _build(view: dict, step: tuple) -> dict:
    source, slot, tower = step
    move = {"type": "build", "from": source}
    if source == "hand":
        move["index"] = _hand_index(view, slot)
    elif source == "storage":
        move["pile"] = slot
    move["tower"] = TOWERS[tower]
    return move


def _hand_index(view: dict, value: int) -> int:
    return next(i for i, token in enumerate(view["hand"]) if card(token) == value)
