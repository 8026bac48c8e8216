"""Moves: their JSON shapes, checked, and the moves as legal_moves lists them.

A move's shape (``parse``) is checked apart from its legality in a position (turn.py). The
moves legal_moves lists are made once and shared between calls — random play and bots'
look-ahead ask for them at every step — so they are read-only, and carry their parsed form.
"""

from __future__ import annotations

from shared.games.base import IllegalMove, Move
from shared.games.speedone.cards import COLOURS, TOKENS, WILDS

Parsed = tuple[str, str | None, str | None]  # type, card, colour to match after a play

COLOUR_SET = frozenset(COLOURS)


def parse(move: Move) -> Parsed:
    """The type, card and colour of a well-formed move; IllegalMove for anything else."""
    try:
        kind = move.get("type")
    except AttributeError:  # not a dict: no JSON value but an object has .get
        raise IllegalMove("a move must be a JSON object") from None
    if kind == "play":
        card = move.get("card")
        if type(card) is not str or card not in TOKENS:
            raise IllegalMove('"card" must be a card such as "R7", "GS" or "W4"')
        if card not in WILDS:
            if len(move) != 2:
                raise IllegalMove(f"{card} is not a wild card: name the card only")
            return "play", card, card[0]
        colour = move.get("color")
        if type(colour) is not str or colour not in COLOUR_SET or len(move) != 3:
            raise IllegalMove(f'{card} must name a "color": R, G, B or Y (and nothing else)')
        return "play", card, colour
    if kind in ("draw", "one"):
        if len(move) != 1:
            raise IllegalMove(f"a {kind} move has no other fields")
        return kind, None, None
    raise IllegalMove('a move\'s "type" must be "play", "draw" or "one"')


class LegalMove(dict):
    """A read-only move dict that knows its parsed form; ``dict(move)`` copies it to change it,
    and copies and pickles of it are plain dicts. JSON encodes it like any dict."""

    __slots__ = ("parsed",)

    def __init__(self, **fields: str):
        super().__init__(fields)
        self.parsed = parse(fields)

    def _refuse(self, *args, **kwargs):
        raise TypeError("legal moves are shared and read-only: copy one with dict(move)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self):
        return (dict, (dict(self),))

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return dict(self)


# The play moves of each card: one, or one per colour for a wild card.
PLAYS = {
    card: tuple(LegalMove(type="play", card=card, color=colour) for colour in COLOURS)
    if card in WILDS
    else (LegalMove(type="play", card=card),)
    for card in TOKENS
}
DRAW = LegalMove(type="draw")
ONE = LegalMove(type="one")
