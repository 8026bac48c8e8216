"""Stark's look-ahead: each candidate play is tried in the same sampled worlds, each world
played on for a few turns by a quick policy for every seat, and the candidate with the best
average outcome wins.

The play-outs run the engine itself (``turns.apply``) on a sampled state, so every rule —
stacking, skips between two players, refilling, ONE — holds in them as at the table.
"""

from __future__ import annotations

import math
import random

from shared.games.speedone.cards import COLOURS, POINTS, WILDS, hand_points
from shared.games.speedone.moves import DRAW, PLAYS
from shared.games.speedone.turns import apply, playable
from shared.strategies.speedone import world

PLAY_OUTS = 120  # play-outs per decision, shared out among the candidates
MIN_WORLDS = 8  # worlds per candidate however many candidates there are
PLIES = 12  # moves a play-out runs before the position is judged
WIN = 0.3  # a round won (lost: minus), beside the points it brings
POINT_SCALE = 40  # hand points per unit of value: about what a round brings its winner
ODDS_SLOPE = 0.4  # how fast the chance to go out first grows per card fewer


def best(view: dict, candidates: list[dict], rng: random.Random) -> list[float]:
    """The average value of each candidate move over the same sampled worlds; empty when the
    view's card counts do not add up (nothing sound to sample)."""
    worlds = world.Worlds(view)
    if not worlds.sound:
        return []
    samples = max(MIN_WORLDS, PLAY_OUTS // len(candidates))
    me = view["turn"]
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        sampled = worlds.sample(rng)
        for index, move in enumerate(candidates):
            state = world.copy(sampled)
            apply(state, me, move)
            totals[index] += play_out(state, me)
    return [total / samples for total in totals]


def play_out(state: dict, me: int) -> float:
    """Play ``state`` on for up to PLIES moves with the quick policy; its value for ``me``."""
    for _ in range(PLIES):
        seat = state["turn"]
        if seat is None:
            break
        apply(state, seat, quick_move(state, seat))
    return value(state, me)


def quick_move(state: dict, seat: int) -> dict:
    """A fast, sensible move: stack on a penalty; else a coloured card in the colour held
    most (the higher-value first), a wild card only when nothing else fits, naming the
    colour held most; call ONE on the way (set directly, as the move would)."""
    hand = state["hands"][seat]
    cards = playable(state).intersection(hand)
    if not cards:
        return DRAW
    if len(hand) == 2:
        state["called"] = True
    if len(cards) == 1 and not cards & WILDS:
        return PLAYS[next(iter(cards))][0]
    counts = dict.fromkeys(COLOURS, 0)
    for card in hand:
        if card not in WILDS:
            counts[card[0]] += 1
    coloured = sorted(card for card in cards if card not in WILDS)  # not in hash order
    if coloured:
        card = max(coloured, key=lambda card: (counts[card[0]], POINTS[card]))
        return PLAYS[card][0]
    card = min(cards)  # "W" before "W4": keep the draw-four
    return PLAYS[card][COLOURS.index(max(COLOURS, key=counts.__getitem__))]


def value(state: dict, me: int) -> float:
    """What the position is worth to ``me`` in the race for points: at a round's end the
    points it gained less the best gain of another seat (a round won adds WIN); before it, the
    same weighed by the chance to go out first, read from the cards fewer than the closest
    opponent (a pending penalty counted to the seat that must answer it)."""
    hands = state["hands"]
    if state["over"]:
        gains = round_gains(state)
        best_other = max(gain for seat, gain in enumerate(gains) if seat != me)
        won = WIN if not hands[me] else -WIN
        return won + (gains[me] - best_other) / POINT_SCALE
    sizes = [len(hand) for hand in hands]
    pending = state["pending"]
    if pending:
        sizes[state["turn"]] += pending["amount"]
    closest = min(size for seat, size in enumerate(sizes) if seat != me and size)
    odds = 1 / (1 + math.exp(-ODDS_SLOPE * (closest - sizes[me])))
    theirs = sum(hand_points(hand) for seat, hand in enumerate(hands) if seat != me)
    mine = hand_points(hands[me])
    return WIN * (2 * odds - 1) + (odds * theirs - (1 - odds) * mine) / POINT_SCALE


def round_gains(state: dict) -> list[int]:
    """Each seat's gain from the round just ended (the sampled game started at zero): what it
    was credited, or under each_their_own what it was not charged, against the others."""
    totals = state["totals"]
    if state["settings"]["scoring"] == "winner_collects":
        return list(totals)
    return [-total for total in totals]
