"""Speedone's computer players, following the rules' tips ("Tipps"); see docs/bots/speedone.md.

* leicht: plays a card when it has one, picked at random; sometimes forgets ONE.
* normal: calls ONE; picks the play the tips like best (``tactics.play_score``).
* stark: counts the cards (``counting``) to rank a wild card's colours, then tries the tips'
  best few plays in worlds sampled from what it has seen, a few turns ahead, judged by the
  points they win or give away (``lookahead``; heads-up by the race to the target, ``race``);
  the tips' score breaks near ties.
"""

from __future__ import annotations

import random

from shared.games.speedone.cards import COLOURS, WILDS
from shared.strategies.speedone import counting, lookahead
from shared.strategies.speedone.tactics import (
    colour_counts,
    next_seat,
    play_score,
)

FORGET_ONE = 0.3  # leicht: how often it forgets to call ONE
MAX_CANDIDATES = 5  # plays tried ahead: the tips' best, so that big hands stay quick
PRIOR_WEIGHT = 0.02  # value of one point of the tips' score beside the look-ahead's value
OPPONENT_ODDS_WEIGHT = 1.0  # a colour the next player likely holds, against one we hold
WILD_COLOURS_TRIED = 2  # stark: the colours a wild card is tried ahead with, best first


def choose(view: dict, legal: list[dict], strength: str, rng: random.Random) -> dict:
    plays = [move for move in legal if move["type"] == "play"]
    one = next((move for move in legal if move["type"] == "one"), None)
    draw = next((move for move in legal if move["type"] == "draw"), None)
    if strength == "leicht":
        if one and rng.random() >= FORGET_ONE:
            return one
        return rng.choice(plays) if plays else draw or one or legal[0]
    if one:
        return one
    if not plays:
        return draw or legal[0]
    if strength != "stark":
        return max(plays, key=lambda move: play_score(view, move, False, rng))
    return _stark(view, plays, rng)


def _stark(view: dict, plays: list[dict], rng: random.Random) -> dict:
    """The tips' best few candidates, tried ahead; the tips' score breaks near ties."""
    scored = sorted(
        ((play_score(view, move, True, rng), move) for move in _candidates(view, plays)),
        key=lambda pair: pair[0],
        reverse=True,
    )[:MAX_CANDIDATES]
    if len(scored) == 1:
        return scored[0][1]
    values = lookahead.best(view, [move for _, move in scored], rng)
    if not values:
        return scored[0][1]
    totals = [
        value + PRIOR_WEIGHT * prior for value, (prior, _) in zip(values, scored, strict=True)
    ]
    return scored[max(range(len(scored)), key=totals.__getitem__)][1]


def _candidates(view: dict, plays: list[dict]) -> list[dict]:
    """Every coloured play, and each wild card naming the WILD_COLOURS_TRIED colours
    ``wild_colours`` ranks first."""
    coloured = [move for move in plays if move["card"] not in WILDS]
    wilds = {move["card"] for move in plays if move["card"] in WILDS}
    named = []
    for card in sorted(wilds):
        for colour in wild_colours(view, card)[:WILD_COLOURS_TRIED]:
            named.append(next(m for m in plays if m["card"] == card and m["color"] == colour))
    return coloured + named


def wild_colour(view: dict, card: str) -> str:
    return wild_colours(view, card)[0]


def wild_colours(view: dict, card: str) -> list[str]:
    """The colours to name, best first: one we can follow with the cards we keep, and one the
    next player likely lacks (by its draws and the unseen cards)."""
    rest = list(view["hand"])
    rest.remove(card)
    ours = colour_counts(rest)
    pool = counting.unseen(view)
    theirs = counting.colour_odds(view, next_seat(view, view["turn"]), pool)
    return sorted(COLOURS, key=lambda colour: OPPONENT_ODDS_WEIGHT * theirs[colour] - ours[colour])
