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
from shared.games.speedone.scoring import opponents
from shared.games.speedone.turn import apply, playable
from shared.strategies.speedone import world
from shared.strategies.speedone.race import Race

PLAY_OUTS = 120  # play-outs per decision, shared out among the candidates
MIN_WORLDS = 8  # worlds per candidate however many candidates there are
PLIES = 12  # moves a play-out runs before the position is judged, among three or more
HEADS_UP_PLIES = 24  # heads-up: twelve moves each, enough to see most hands played down
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
    """Play ``state`` on for up to PLIES (heads-up HEADS_UP_PLIES) moves with the quick
    policy; its value for ``me``."""
    for _ in range(HEADS_UP_PLIES if standing else PLIES):
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
    coloured = cards - WILDS
    if len(coloured) == 1:
        return PLAYS[next(iter(coloured))][0]
    colours = [card[0] for card in hand]  # a wild card's "W" is no colour
    if coloured:
        # Ties go to the card first in token order, so that no set's order decides.
        card = min(coloured, key=lambda card: (-colours.count(card[0]), -POINTS[card], card))
        return PLAYS[card][0]
    card = min(cards)  # "W" before "W4": keep the draw-four
    return PLAYS[card][COLOURS.index(max(COLOURS, key=colours.count))]


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
    odds = out_first(state, [me], [other])
    return odds * standing.after(me, hand_points(hands[other])) + (1 - odds) * standing.after(
        other, hand_points(hands[me])
    )


def sides(state: dict, me: int) -> tuple[list[int], list[int]]:
    """(``me`` and, in partner mode, its partner; the seats playing against them), of the
    seats still in: a partner going out wins the round for ``me`` too (DECISIONS §14, §16)."""
    rivals = opponents(state, me)
    left = state["left"]
    ours = [seat for seat in range(state["seats"]) if seat not in rivals and seat not in left]
    return ours, [seat for seat in rivals if seat not in left]


def out_first(state: dict, ours: list[int], rivals: list[int]) -> float:
    """The chance that a seat of ``ours`` goes out first, read from the cards fewer than the
    closest rival (a pending penalty counted to the seat that must answer it)."""
    sizes = [len(hand) for hand in state["hands"]]
    pending = state["pending"]
    if pending:
        sizes[state["turn"]] += pending["amount"]
    closest = min(sizes[seat] for seat in rivals if sizes[seat])
    fewest = min(sizes[seat] for seat in ours)
    return 1 / (1 + math.exp(-ODDS_SLOPE * (closest - fewest)))


def value(state: dict, me: int) -> float:
    """What the position is worth to ``me``'s side (``sides``) in the race for points: at a
    round's end the points it gained less the best gain of a rival side (a round won adds
    WIN); before it, the same weighed by the chance to go out first."""
    hands = state["hands"]
    ours, rivals = sides(state, me)
    teams = state["settings"]["partners"]
    if state["over"]:
        gains = round_gains(state)
        theirs = [gains[seat] for seat in rivals]
        best_other = sum(theirs) if teams else max(theirs)
        won = WIN if any(not hands[seat] for seat in ours) else -WIN
        return won + (sum(gains[seat] for seat in ours) - best_other) / POINT_SCALE
    odds = out_first(state, ours, rivals)
    at_stake = sum(hand_points(hands[seat]) for seat in rivals)
    mine = sum(hand_points(hands[seat]) for seat in ours)
    return WIN * (2 * odds - 1) + (odds * at_stake - (1 - odds) * mine) / POINT_SCALE


def round_gains(state: dict) -> list[int]:
    """Each seat's gain from the round just ended (the sampled game started at zero): what it
    was credited, or under each_their_own what it was not charged, against the others."""
    totals = state["totals"]
    if state["settings"]["scoring"] == "winner_collects":
        return list(totals)
    return [-total for total in totals]
