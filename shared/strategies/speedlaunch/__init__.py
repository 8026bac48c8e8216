"""The computer players of Speedlaunch.

leicht plays any card it may, at random, and takes the ramp only when nothing fits. normal
weighs every move in cards (see ``judge``) against the whole deck's odds and plays its best
two out in a few worlds dealt from its view (see ``lookahead``): with its small budget that
only overrules the judge near a round's end, where play-outs are short. stark weighs the
moves against the card count of its view, with a steadier hand, and plays its best four out
to the round's end in many more worlds, keeping the one that wins most (heads-up, counting
the lead in cards too); it reckons every player cautious (see ``reflex.cautious``).
"""

from __future__ import annotations

import random

from shared.strategies.speedlaunch.judge import WHIM, Judge
from shared.strategies.speedlaunch.lookahead import NORMAL, STARK, look_ahead
from shared.strategies.speedlaunch.odds import Odds
from shared.strategies.speedlaunch.position import Position

PASSIVE = ("take", "end")
STARK_WHIM = 0.05  # stark wanders less: just enough that two of them never loop for ever


def choose(view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    if strength == "leicht":
        return _loose(legal, rng)
    position = Position.of(view)
    if strength == "stark":
        judge = Judge(position, Odds.counted(view), STARK_WHIM)
        return look_ahead(view, judge.ranked(legal, rng), STARK, rng)
    judge = Judge(position, Odds.prior(), WHIM)
    return look_ahead(view, judge.ranked(legal, rng), NORMAL, rng)


def _loose(legal: list[dict], rng: random.Random) -> dict:
    plays = [move for move in legal if move["type"] not in PASSIVE]
    return rng.choice(plays or legal)
