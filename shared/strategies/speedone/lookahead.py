"""Stark's look-ahead: each candidate play is tried in the same sampled worlds, each world
played on for a few turns by a quick policy for every seat, and the candidate with the best
average outcome wins. Outcomes count in points, the round's winner collecting the loser's
hand; heads-up, in the chance to win the game those points give (``race``).

The play-outs run the engine itself (``turns.apply``) on a sampled state, so every rule —
stacking, skips between two players, refilling, ONE — holds in them as at the table.
"""

from __future__ import annotations

import math
import random

from shared.games.speedone.cards import COLOURS, POINTS, WILDS, hand_points
from shared.games.speedone.moves import DRAW, PLAYS
from shared.games.speedone.turn import apply, playable
from shared.strategies.speedone import world
from shared.strategies.speedone.race import Race

PLAY_OUTS = 120  # play-outs per decision, shared out among the candidates
MIN_WORLDS = 8  # worlds per candidate however many candidates there are
PLIES = 12  # moves a play-out runs before the position is judged
WIN = 0.3  # a round won (lost: minus), beside the points it brings
POINT_SCALE = 40  # hand points per unit of value: about what a round brings its winner
ODDS_SLOPE = 0.4  # how fast the chance to go out first grows per card fewer
RACE_SCALE = 5  # value of a game won outright, heads-up (the race's chance times this)


def best(view: dict, candidates: list[dict], rng: random.Random) -> list[float]:
    """The average value of each candidate move over the same sampled worlds; empty when the
    view's card counts do not add up (nothing sound to sample)."""
    worlds = world.Worlds(view)
    if not worlds.sound:
        return []
    samples = max(MIN_WORLDS, PLAY_OUTS // len(candidates))
    me = view["turn"]
    standing = _race(view, me)
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        sampled = worlds.sample(rng)
        for index, move in enumerate(candidates):
            state = world.copy(sampled)
            apply(state, me, move)
            totals[index] += play_out(state, me, standing)
    return [total / samples for total in totals]


def _race(view: dict, me: int) -> Race | None:
    """The race between ``me`` and the one other player still in; None with more players."""
    others = [
        seat for seat in range(len(view["hand_sizes"])) if seat != me and seat not in view["left"]
    ]
    return Race(view, me, others[0]) if len(others) == 1 else None


def play_out(state: dict, me: int, standing: Race | None) -> float:
    """Play ``state`` on for up to PLIES moves with the quick policy; its value for ``me``."""
    for _ in range(PLIES):
        seat = state["turn"]
        if seat is None:
            break
        apply(state, seat, quick_move(state, seat))
    if standing:
        return RACE_SCALE * race_value(state, standing)
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


def race_value(state: dict, standing: Race) -> float:
    """Heads-up: the chance to win the game, after the round's end or, before it, weighed by
    the chance to go out first (as ``value`` reads it)."""
    hands = state["hands"]
    me, other = standing.me, standing.other
    if state["over"]:
        winner = me if not hands[me] else other if not hands[other] else None
        if winner is None:
            return standing.after(me, 0)
        return standing.after(winner, hand_points(hands[other if winner == me else me]))
    odds = out_first(state, me)
    return odds * standing.after(me, hand_points(hands[other])) + (1 - odds) * standing.after(
        other, hand_points(hands[me])
    )


def out_first(state: dict, me: int) -> float:
    """The chance that ``me`` goes out first, read from its cards fewer than the closest
    opponent (a pending penalty counted to the seat that must answer it)."""
    sizes = [len(hand) for hand in state["hands"]]
    pending = state["pending"]
    if pending:
        sizes[state["turn"]] += pending["amount"]
    closest = min(size for seat, size in enumerate(sizes) if seat != me and size)
    return 1 / (1 + math.exp(-ODDS_SLOPE * (closest - sizes[me])))


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
    odds = out_first(state, me)
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
