"""What the public history tells about the cards a seat cannot see.

Every card is in a hand, the draw pile or the discard pile, and the discard pile is public:
the unseen cards are the deck less the own hand and the discard pile. A seat that drew while
a colour was to match (the view's ``drew_on``) is read as having held none of that colour, and
no wild card, at the time: of its cards now, at most those drawn since can be of that colour
or wild. (A player may draw at will, so this is a likely reading, not a certainty.)
"""

from __future__ import annotations

from collections import Counter

from shared.games.speedone.cards import COLOURS, DECK, WILDS

WILD = "wild"  # key of the bound on wild cards in a seat's limits
DECK_COUNT = Counter(DECK)


def unseen(view: dict) -> Counter:
    """The cards in other hands and the draw pile, as a multiset."""
    return (
        DECK_COUNT
        - Counter(view["hand"])
        - Counter(view["discard_below"])
        - Counter((view["top"],))
    )


def limits(view: dict, seat: int) -> dict[str, int]:
    """At most how many cards of each colour (and wild cards) ``seat`` holds, by its draws:
    the colours it drew on, and wild cards after any such draw. Absent: no bound."""
    drew_on = view["drew_on"][seat]
    bounds = dict(drew_on)
    if drew_on:
        bounds[WILD] = min(drew_on.values())
    return bounds


def colour_odds(view: dict, seat: int, pool: Counter) -> dict[str, float]:
    """The expected number of cards of each colour in ``seat``'s hand: its share of the unseen
    cards of that colour, capped by what its draws allow."""
    share = view["hand_sizes"][seat] / (sum(pool.values()) or 1)
    bounds = limits(view, seat)
    held = dict.fromkeys(COLOURS, 0)
    for card, count in pool.items():
        if card not in WILDS:
            held[card[0]] += count
    return {colour: min(share * count, bounds.get(colour, count)) for colour, count in held.items()}


def limit_key(card: str) -> str:
    """The key a card counts against in a seat's limits."""
    return WILD if card in WILDS else card[0]
