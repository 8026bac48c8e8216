"""The quick hands of the play-outs: a move read straight off a world's state, without listing
the legal moves. Each reads only what the seat itself could see, and always makes a legal move.

``reflex``, normal's (every seat): complete the four when it can; else the highest value that
fits, every card of it the four-limit allows (high cards fit only onto high tops, so they go
first); with nothing that fits, an asteroid at whoever is closest to going out, a black hole,
a satellite, a blind card, and only then the ramp.

``cautious``, stark's: the common careful way to play a shedding game, as the published
Shithead player plays it. It differs in the order of the specials, and it risks no blind card
while it has another card to play.
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
    opens = _opens(state, seat)
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


def cautious(state: dict, seat: int) -> dict:
    """The seat's move, played carefully: the fourth card onto three equal ones; the ramp
    taken at once when its cards save turns (``_take_pays``); else the highest value that
    fits, every card of it that may go, hand cards first; else a black hole, an asteroid at
    whoever is closest to going out, the satellites. A blind card only once hand and open
    cards are gone: with other cards left it takes the ramp instead."""
    if state["phase"] == AIM:
        return {"type": "aim", "target": _target(state, seat)}
    hand = state["hands"][seat]
    opens = _opens(state, seat)
    top, lamps = ramp.top(state)
    follow = state["phase"] == FOLLOW
    if top is not None and lamps == FOUR - 1 and (str(top) in hand or str(top) in opens):
        return _group(hand, opens, str(top), 1, hand_first=True)
    if not follow and state["ramp"] and _take_pays(hand, state["ramp"]):
        return {"type": "take"}
    for token, value in HIGH_FIRST:
        if (token in hand or token in opens) and (
            top is None or value == top or (value < top and not follow)
        ):
            return _group(hand, opens, token, ramp.room(top, lamps, value), hand_first=True)
    if not follow:
        for token in (HOLE, AST):
            if token in hand or token in opens:
                move = _single(hand, opens, token)
                if token == AST and state["ramp"]:
                    move["target"] = _target(state, seat)
                return move
    if SAT in hand or SAT in opens:
        return _group(hand, opens, SAT, ramp.room(top, lamps, None), hand_first=True)
    if follow:
        return {"type": "end"}
    blinds = blind_stacks(state, seat)
    if state["ramp"] and (hand or opens or not blinds):
        return {"type": "take"}
    return {"type": "blind", "stack": blinds[0]}


def _take_pays(hand: dict, cards: list[str]) -> bool:
    """Taking ``cards`` into a hand of more than three saves turns, counted as one turn per
    kind held, less one for black holes and for every kind held four times or more."""
    if sum(hand.values()) <= FOUR - 1:
        return False
    taken = dict(hand)
    for card in cards:
        taken[card] = taken.get(card, 0) + 1
    return _turns(taken) + 1 < _turns(hand)


def _turns(hand: dict) -> int:
    return sum(kind != HOLE and count < FOUR for kind, count in hand.items())


def _opens(state: dict, seat: int) -> dict[str, list[int]]:
    """The seat's open stack cards: the stacks showing each kind."""
    opens: dict[str, list[int]] = {}
    for index, stack in enumerate(state["stacks"][seat]):
        card = stack[OPEN]
        if card is not None:
            opens.setdefault(card, []).append(index)
    return opens


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


def _group(hand: dict, opens: dict, token: str, room: int, hand_first: bool = False) -> dict:
    """Up to ``room`` cards of ``token``: open stack cards first (they uncover more), then
    hand cards; or, ``hand_first``, the other way round."""
    if hand_first:
        taken = min(hand.get(token, 0), room)
        stacks = opens.get(token, [])[: room - taken]
    else:
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
    """Whoever is closest to going out; of equals, the first in turn order."""
    seats = state["seats"]
    return min(
        asteroid_targets(state, seat),
        key=lambda other: (cards_left(state, other), (other - seat) % seats),
    )
