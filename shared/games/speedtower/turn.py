"""Playing a turn: builds, undo, storing or passing, the turn's end and the game's end."""

from __future__ import annotations

from bisect import insort

from shared.games.base import IllegalMove
from shared.games.speedtower.cards import TOP_FLOOR, TOWERS, hand_order
from shared.games.speedtower.moves import parse
from shared.games.speedtower.supply import redraw, refill
from shared.games.speedtower.view import result

TURN_LIMIT = 1500
STALEMATE_ROUNDS = 2


def to_move(state: dict) -> int | None:
    return state["turn"]  # None once the game is over


def apply(state: dict, seat: int, move: dict) -> list[dict]:
    if state["over"]:
        raise IllegalMove("the game is over")
    if seat != state["turn"]:
        raise IllegalMove("it is not your turn")
    action = parse(state, seat, move)
    events: list[dict] = []
    if action[0] in ("build", "undo"):
        state["steps"] += 1
    if action[0] == "build":
        _build(state, seat, *action[1:], events)
    elif action[0] == "undo":
        _undo(state, seat, events)
    else:
        if action[0] == "store":
            _store(state, seat, *action[1:], events)
        else:
            events.append({"type": "pass", "seat": seat})
        _end_turn(state, seat, events)
    return events


def begin_turn(state: dict, seat: int, events: list) -> None:
    state["turn"] = seat
    state["turns"] += 1
    state["undo"] = []
    state["undo_barrier"] = None
    state["built"] = 0
    state["steps"] = 0
    events.append({"type": "turn", "seat": seat, "turns": state["turns"]})
    refill(state, seat, events)


def _build(state: dict, seat: int, source: str, slot: int | None, t: int, events: list) -> None:
    hand, stock = state["hands"][seat], state["stocks"][seat]
    if source == "hand":
        card = hand.pop(slot)
    elif source == "storage":
        card = state["storage"][seat][slot].pop()
    else:
        card = stock.pop()
    tower = state["towers"][t]
    tower.append(card)
    state["built"] += 1
    event = {"type": "build", "seat": seat, "from": source, "card": card, "tower": TOWERS[t]}
    event["floor"] = len(tower)
    if source == "storage":
        event["pile"] = slot
    elif source == "stock":
        event["stock_left"] = len(stock)
        event["stock_top"] = stock[-1] if stock else None
    events.append(event)

    barrier = "stock" if source == "stock" else None
    if len(tower) == TOP_FLOOR:
        state["rubble"] += tower
        tower.clear()
        events.append({"type": "complete", "seat": seat, "tower": TOWERS[t]})
        barrier = "tower"
    if source == "stock" and not stock:
        _finish(state, "stock_emptied", seat, events)
        return
    if source == "hand" and not hand and redraw(state, seat, events):
        barrier = "drawn"
    if barrier:
        state["undo"] = []
        state["undo_barrier"] = barrier
    else:
        step = {"from": source, "tower": t}
        if source == "storage":
            step["pile"] = slot
        state["undo"].append(step)


def _undo(state: dict, seat: int, events: list) -> None:
    step = state["undo"].pop()
    card = state["towers"][step["tower"]].pop()
    state["built"] -= 1
    event = {"type": "undo", "seat": seat, "card": card, "tower": TOWERS[step["tower"]]}
    event["to"] = step["from"]
    if step["from"] == "hand":
        insort(state["hands"][seat], card, key=hand_order)
    else:
        state["storage"][seat][step["pile"]].append(card)
        event["pile"] = step["pile"]
    events.append(event)


def _store(state: dict, seat: int, index: int, pile: int, events: list) -> None:
    card = state["hands"][seat].pop(index)
    state["storage"][seat][pile].append(card)
    events.append({"type": "store", "seat": seat, "card": card, "pile": pile})


def _end_turn(state: dict, seat: int, events: list) -> None:
    """Count the stalemate (a turn without a build while material and rubble are empty),
    then end the game or begin the next seat's turn."""
    stalled = not state["built"] and not state["material"] and not state["rubble"]
    state["stalemate"] = state["stalemate"] + 1 if stalled else 0
    if state["stalemate"] >= STALEMATE_ROUNDS * state["seats"]:
        _finish(state, "stalemate", None, events)
    elif state["turns"] >= TURN_LIMIT:
        _finish(state, "turn_limit", None, events)
    else:
        begin_turn(state, (seat + 1) % state["seats"], events)


def _finish(state: dict, end: str, winner: int | None, events: list) -> None:
    state["over"] = True
    state["turn"] = None
    state["end"] = end
    state["winner"] = winner
    state["undo"] = []
    events.append({"type": "game_over", **result(state)})
