"""The look-ahead of normal and stark, a determinized Monte Carlo: the judge's best few moves
(``Reach.width``), each played out to the round's end in the same sampled worlds (see
``world``), every seat then playing a quick hand of ``reflex`` (``Reach.hand``: normal's
``reflex``; stark's ``cautious``, the way its opponents play); the move that wins the most
play-outs is played, the judge's best starting one play-out ahead (on a tie, the judge's
better one). Heads-up, stark counts a play-out a little more the more cards it ends ahead of
its opponent (``Reach.margin``): with a few worlds a decision, a narrow loss and a clear win
tell apart moves that the bare wins would tie (at more seats this lost against normal).

Worlds are dealt one after another, every move played out in each, until the play-outs have
simulated ``Reach.budget`` moves: near the round's end, where play-outs are short, many worlds
settle the choice. The worlds come from the seat's view only, and the budget counts moves, not
time, so a decision is a function of its inputs and its time is bounded all the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

import shared.games.speedlaunch as engine
from shared.strategies.speedlaunch import world
from shared.strategies.speedlaunch.reflex import cautious, reflex


class Reach(NamedTuple):
    width: int  # how many of the judge's best moves are played out
    budget: int  # simulated moves a decision, once its first world is played out
    margin: float  # heads-up, a play-out's worth per card the seat ends ahead of its opponent
    hand: Callable[[dict, int], dict]  # the quick hand every seat plays in a play-out


STARK = Reach(4, 1200, 0.02, cautious)
# normal: one world early in a round (never overrules the judge), more late
NORMAL = Reach(2, 60, 0.0, reflex)
HEAD_START = 1.0  # play-outs the judge's best is ahead: one world alone never overrules it
MAX_WORLDS = 64  # enough when play-outs are a few moves long
PLIES = 120  # the longest play-out; a round that runs longer counts as anyone's


def look_ahead(view: dict, ranked: list[dict], reach: Reach, rng: random.Random) -> dict:
    """The move of ``ranked`` (best first by the judge) that wins the most play-outs."""
    ranked = ranked[: reach.width]
    if len(ranked) == 1:
        return ranked[0]
    seat = view["seat"]
    margin = reach.margin if len(view["players"]) == 2 else 0.0
    wins = [HEAD_START] + [0.0] * (len(ranked) - 1)
    spent = 0
    for _ in range(MAX_WORLDS):
        state = world.sample(view, rng)
        for index, move in enumerate(ranked):
            won, moves = _play_out(state, seat, move, margin, reach.hand)
            wins[index] += won
            spent += moves
        if spent >= reach.budget:
            break
    return ranked[max(range(len(ranked)), key=wins.__getitem__)]


def _play_out(
    state: dict, seat: int, move: dict, margin: float, hand: Callable[[dict, int], dict]
) -> tuple[float, int]:
    """``move`` played in a copy of ``state`` and the round played on: 1 when ``seat`` wins
    it, 0 when another seat does, plus ``margin`` per card it ends ahead of its closest
    rival (behind: less); its fair share when it runs past PLIES moves; and how many moves that
    took."""
    state = world.copy(state)
    engine.apply(state, seat, move)
    for moves in range(1, PLIES + 1):
        if state["record"]:
            return _worth(state["record"][0], seat, margin), moves
        mover = state["turn"]
        engine.apply(state, mover, hand(state, mover))
    return 1.0 / state["seats"], PLIES + 1


def _worth(record: dict, seat: int, margin: float) -> float:
    """A finished round's worth to ``seat``: the win, and its lead in cards left."""
    remaining = record["remaining"]
    rival = min(left for other, left in enumerate(remaining) if other != seat)
    return (record["winner"] == seat) + margin * (rival - remaining[seat])
