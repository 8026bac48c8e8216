"""The moves of a turn: listing every legal one, and checking one a client sent.

``legal_moves`` and ``parse`` share the same predicates, so ``apply`` accepts exactly the
listed moves. Every hand index is listed, identical cards included (the hand is sorted).
"""

from __future__ import annotations

from collections.abc import Iterator

from shared.games.base import IllegalMove
from shared.games.speedtower.cards import (
    STORAGE_PILES,
    TOWER_INDEX,
    TOWERS,
    fits,
)

# Builds and undos a turn may hold; then only storing (or passing) is left, so that no turn,
# not even one of building and taking back forever, can last without end.
TURN_STEPS = 200

# The exact fields of each move shape, keyed by (type, from).
_FIELDS = {
    ("build", "hand"): ("type", "from", "index", "tower"),
    ("build", "storage"): ("type", "from", "pile", "tower"),
    ("build", "stock"): ("type", "from", "tower"),
    ("store", None): ("type", "index", "pile"),
    ("undo", None): ("type",),
    ("pass", None): ("type",),
}
_UNDO_REFUSALS = {
    None: "nothing to undo: you have built nothing this turn",
    "stock": "cannot undo: the last card built came from your stock",
    "tower": "cannot undo: the last card built completed a tower",
    "drawn": "cannot undo: you have drawn new hand cards since the last card was built",
}


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["over"] or seat != state["turn"]:
        return []
    moves = []
    if not steps_spent(state):
        moves = [
            {"type": "build", **source, "tower": TOWERS[t]}
            for source, card in _sources(state, seat)
            for t, tower in enumerate(state["towers"])
            if fits(card, tower)
        ]
    builds = bool(moves)
    if state["undo"] and not steps_spent(state):
        moves.append({"type": "undo"})
    hand = state["hands"][seat]
    moves += [
        {"type": "store", "index": i, "pile": k}
        for i in range(len(hand))
        for k in range(STORAGE_PILES)
    ]
    if not hand and not builds:
        moves.append({"type": "pass"})
    return moves


def parse(state: dict, seat: int, move: object) -> tuple:
    """Check ``move`` for ``seat`` (whose turn it is) against the position; the action as
    ("build", source, slot, tower), ("store", index, pile), ("undo",) or ("pass",)."""
    if type(move) is not dict:
        raise IllegalMove("a move must be a JSON object")
    kind, source = move.get("type"), move.get("from")
    if kind == "build":
        if type(source) is not str or ("build", source) not in _FIELDS:
            raise IllegalMove('a build needs "from": "hand", "storage" or "stock"')
    else:
        source = None
    if type(kind) is not str or (kind, source) not in _FIELDS:
        raise IllegalMove('"type" must be "build", "store", "undo" or "pass"')
    fields = _FIELDS[kind, source]
    if len(move) != len(fields) or any(field not in move for field in fields):
        raise IllegalMove(f"this move takes exactly the fields {', '.join(fields)}")
    hand = state["hands"][seat]
    if kind in ("build", "undo") and steps_spent(state):
        raise IllegalMove(
            f"this turn has had {TURN_STEPS} builds and undos: store a card (or pass) to end it"
        )
    if kind == "build":
        return _parse_build(state, seat, move, source)
    if kind == "store":
        return "store", _number(move, "index", len(hand)), _number(move, "pile", STORAGE_PILES)
    if kind == "undo":
        if not state["undo"]:
            raise IllegalMove(_UNDO_REFUSALS[state["undo_barrier"]])
        return ("undo",)
    if hand:
        raise IllegalMove("you cannot pass while you hold cards: store one to end your turn")
    if can_build(state, seat) and not steps_spent(state):
        raise IllegalMove("you cannot pass while you can still build")
    return ("pass",)


def steps_spent(state: dict) -> bool:
    """Whether the turn has used up its builds and undos (TURN_STEPS)."""
    return state["steps"] >= TURN_STEPS


def can_build(state: dict, seat: int) -> bool:
    """Whether any card of ``seat`` fits any tower."""
    towers = state["towers"]
    return any(fits(card, tower) for _, card in _sources(state, seat) for tower in towers)


def _parse_build(state: dict, seat: int, move: dict, source: str) -> tuple:
    name = move["tower"]
    if type(name) is not str or name not in TOWER_INDEX:
        raise IllegalMove(f"tower must be one of {', '.join(TOWERS)}")
    if source == "hand":
        slot = _number(move, "index", len(state["hands"][seat]))
        card = state["hands"][seat][slot]
    elif source == "storage":
        slot = _number(move, "pile", STORAGE_PILES)
        pile = state["storage"][seat][slot]
        if not pile:
            raise IllegalMove(f"your storage pile {slot} is empty")
        card = pile[-1]
    else:
        slot = None
        if not state["stocks"][seat]:
            raise IllegalMove("your stock is empty")
        card = state["stocks"][seat][-1]
    tower = state["towers"][TOWER_INDEX[name]]
    if not fits(card, tower):
        raise IllegalMove(f"tower {name} needs floor {len(tower) + 1}, which a {card} is not")
    return "build", source, slot, TOWER_INDEX[name]


def _number(move: dict, field: str, limit: int) -> int:
    value = move[field]
    if type(value) is not int or not 0 <= value < limit:
        if limit == 0:
            raise IllegalMove("your hand is empty")
        raise IllegalMove(f"{field} must be a whole number from 0 to {limit - 1}")
    return value


def _sources(state: dict, seat: int) -> Iterator[tuple[dict, str]]:
    """Every card ``seat`` may build now, with the move fields that name it."""
    for index, card in enumerate(state["hands"][seat]):
        yield {"from": "hand", "index": index}, card
    for pile, cards in enumerate(state["storage"][seat]):
        if cards:
            yield {"from": "storage", "pile": pile}, cards[-1]
    stock = state["stocks"][seat]
    if stock:
        yield {"from": "stock"}, stock[-1]
