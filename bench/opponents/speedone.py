"""RLCard's UNO rule agent ("uno-rule-v1") for Speedone.

Source: github.com/datamllab/rlcard, file ``rlcard/models/uno_rule_models.py``
(``UNORuleAgentV1``, rlcard 1.2.0 on PyPI), with the legal actions of
``rlcard/games/uno/round.py`` (``UnoRound.get_legal_actions``). Re-implemented, not copied.

The original's rule: draw when drawing is legal (RLCard offers it only when no card fits); if a
wild draw-four is legal, play it naming the colour it holds most of (wild cards not counted;
ties go to the colour met first in the hand); otherwise play a legal card picked at random,
wild cards only when nothing else is legal.

Adaptations to the house's rules (docs/rules/speedone.md):

* RLCard offers the draw-four only when no other card is legal; the house allows it at any
  time. The port keeps the original's view of it: a draw-four counts only when no other play is
  legal (so it is played exactly where the original would).
* The house lets a player draw at will; the port draws only when no card is legal, as RLCard
  allows it.
* RLCard has no ONE call (its engine never punishes a missing one); the port calls ONE whenever
  it may, as the house's rules expect of everyone.
* RLCard has no stacking: a draw card makes the next player draw at once. Under a pending
  penalty the house's legal plays are the stackable cards; the port applies the same rule to
  them (a stacking draw-two at random, the draw-four when it is the only card, else draw).
* A hand of wild cards only: the original counts their nominal deck colours; house wild cards
  have none, so the port names the first colour, red.
* RLCard's ``np.random.choice`` becomes the seat's seeded ``rng``.
"""

from __future__ import annotations

import random

NAME = "RLCard uno-rule-v1"
COLOURS = ("R", "G", "B", "Y")
WILD_CARDS = ("W", "W4")


def options(view: dict, legal: list[dict]) -> list[dict]:
    """The moves the rule picks from uniformly (one, when the rule leaves no choice)."""
    plays = [move for move in legal if move["type"] == "play"]
    if not plays:
        return [next((move for move in legal if move["type"] == "draw"), legal[0])]
    others = [move for move in plays if move["card"] != "W4"]
    if not others:
        colour = most_held(view["hand"])
        return [next(move for move in plays if move["color"] == colour)]
    coloured = [move for move in others if move["card"] not in WILD_CARDS]
    return coloured or others


def most_held(hand: list[str]) -> str:
    """The colour the hand holds most of, wild cards not counted; ties: the first met."""
    counts: dict[str, int] = {}
    for card in hand:
        if card not in WILD_CARDS:
            counts[card[0]] = counts.get(card[0], 0) + 1
    return max(counts, key=counts.__getitem__) if counts else COLOURS[0]


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    one = next((move for move in legal if move["type"] == "one"), None)
    if one:
        return one
    return rng.choice(options(view, legal))
