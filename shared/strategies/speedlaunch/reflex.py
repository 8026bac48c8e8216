"""The quick hand stark's play-outs give every seat: one move read straight off a world's
state, without listing the legal moves. Complete the four when it can; else the highest value
that fits, every card of it the four-limit allows (high cards fit only onto high tops, so
they go first); with nothing that fits, an asteroid at whoever is closest to going out, a
black hole, a satellite, a blind card, and only then the ramp. It reads only what the seat
itself could see, and always makes a legal move.
"""

from __future__ import annotations

from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import AST, COUNTDOWN, HOLE, OPEN, SAT, cards_left
from shared.games.speedlaunch.moves import asteroid_targets, blind_stacks
from shared.games.speedlaunch.rounds import AIM, FOLLOW

FOUR = ramp.FOUR
HIGH_FIRST = tuple((token, int(token)) for token in reversed(COUNTDOWN))


def reflex(state: dict, seat: int) -> dict:
    """The seat's move (it is the seat to move)."""
    if state["phase"] == AIM:
        return {"type": "aim", "target": _target(state, seat)}
    hand = state["hands"][seat]
    opens: dict[str, list[int]] = {}
    for index, stack in enumerate(state["stacks"][seat]):
        card = stack[OPEN]
        if card is not None:
            opens.setdefault(card, []).append(index)
    top, lamps = ramp.top(state)
    if state["phase"] == FOLLOW:
        if top is None or not (str(top) in hand or str(top) in opens):
            return {"type": "end"}
        return _group(hand, opens, str(top), FOUR - lamps)
    if top is not None:
        token = str(top)
        if hand.get(token, 0) + len(opens.get(token, ())) + lamps >= FOUR:
            return _group(hand, opens, token, FOUR - lamps)
    for token, value in HIGH_FIRST:
        if (token in hand or token in opens) and (top is None or value <= top):
            return _group(hand, opens, token, ramp.room(top, lamps, value))
    return _stuck(state, seat, hand, opens)


def _stuck(state: dict, seat: int, hand: dict, opens: dict) -> dict:
    """Nothing of one value fits: a special, a satellite, a blind card, or the ramp."""
    if state["ramp"] and (AST in hand or AST in opens):
        return {**_single(hand, opens, AST), "target": _target(state, seat)}
    for token in (HOLE, SAT, AST):
        if token in hand or token in opens:
            return _single(hand, opens, token)
    blinds = blind_stacks(state, seat)
    if blinds:
        return {"type": "blind", "stack": blinds[0]}
    return {"type": "take"}


def _group(hand: dict, opens: dict, token: str, room: int) -> dict:
    """Up to ``room`` cards of ``token``: open stack cards first (they uncover more), then
    hand cards."""
    stacks = opens.get(token, [])[:room]
    taken = min(hand.get(token, 0), room - len(stacks))
    move: dict = {"type": "play"}
    if taken:
        move["hand"] = [token] * taken
    if stacks:
        move["stacks"] = stacks
    return move


def _single(hand: dict, opens: dict, token: str) -> dict:
    if token in hand:
        return {"type": "play", "hand": [token]}
    return {"type": "play", "stacks": [opens[token][0]]}


def _target(state: dict, seat: int) -> int:
    return min(asteroid_targets(state, seat), key=lambda other: cards_left(state, other))
