"""The rules' tips as a score per play: how "normal" picks its card, and the prior "stark"
adds to what its look-ahead finds.

The tips: stay in a colour one can follow, keep wild cards for when nothing else fits, aim
skips and draw cards at a player close to going out, keep skips for the end, and shed
high-value cards once someone is about to go out.
"""

from __future__ import annotations

import random

from shared.games.speedone import seating
from shared.games.speedone.cards import COLOURS, POINTS, WILDS

STACK_SCORE = 100  # answering a penalty by stacking passes it on
FOLLOW_WEIGHT = 2  # per card kept in the colour the play leaves on top
WILD_KEEP = 8  # what playing a wild card early gives away
DRAW_FOUR_KEEP = 10  # stark: a draw-four is worth most against a player about to go out
CLOSE_TO_OUT = 2  # cards: a player this close is the one to hurt
HURT_SCORE = 15  # a skip or draw card aimed at a player about to go out
TURN_AWAY_SCORE = 12  # stark: a reverse that turns play away from that player
AGAIN = ("S", "R", "D")  # heads-up, each lets the player play again (the draw-two: unless stacked)
AGAIN_SCORE = 5  # heads-up: a card shed at no cost of a turn, the opponent's hand grown by a draw
SHED_WHEN = 3  # cards: someone this close makes high-value cards a liability
SHED_SCALE = 10  # card points per score point when shedding
SKIP_KEEP = 1  # the tips: skips are best kept for the end
TIE_BREAK = 0.01  # random noise that breaks ties reproducibly


def symbol(card: str) -> str:
    return card if card in WILDS else card[1:]


def next_seat(view: dict, seat: int, direction: int | None = None) -> int:
    """The next seat still in after ``seat`` in play direction (or ``direction``)."""
    table = {"seats": len(view["hand_sizes"]), "left": view["left"]}
    return seating.next_seat(table, seat, view["direction"] if direction is None else direction)


def colour_counts(hand: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(COLOURS, 0)
    for card in hand:
        if card not in WILDS:
            counts[card[0]] += 1
    return counts


def play_score(view: dict, move: dict, stark: bool, rng: random.Random) -> float:
    """How much the tips like ``move`` (a play) in the seat's position."""
    hand = view["hand"]
    card = move["card"]
    me = view["turn"]
    after = next_seat(view, me)
    sizes = view["hand_sizes"]
    closest = min((n for seat, n in enumerate(sizes) if seat != me and n > 0), default=7)
    rest = list(hand)
    rest.remove(card)
    counts = colour_counts(rest)
    score = rng.random() * TIE_BREAK
    if view["pending"]:
        return score + STACK_SCORE
    colour = move.get("color") or card[0]
    score += FOLLOW_WEIGHT * counts[colour]
    kind = symbol(card)
    if card in WILDS:
        score -= WILD_KEEP
        if stark and card == "W4" and sizes[after] > CLOSE_TO_OUT and len(hand) > CLOSE_TO_OUT:
            score -= DRAW_FOUR_KEEP
    heads_up = len(sizes) - len(view["left"]) == 2
    hurts = kind in ("S", "D", "W4") or (kind == "R" and heads_up)
    if hurts and sizes[after] <= CLOSE_TO_OUT:
        score += HURT_SCORE
    if heads_up and kind in AGAIN:
        score += AGAIN_SCORE
    if stark and kind == "R" and len(sizes) > 2:
        behind = next_seat(view, me, -view["direction"])
        if sizes[after] <= CLOSE_TO_OUT < sizes[behind]:
            score += TURN_AWAY_SCORE
    if closest <= SHED_WHEN:
        score += POINTS[card] / SHED_SCALE
    elif kind == "S":
        score -= SKIP_KEEP
    return score
