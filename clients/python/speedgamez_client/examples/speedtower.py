"""Speedtower: empty the stock first; build what fits, keep the storage piles tidy.

Build the stock card whenever it fits, then storage tops, then hand cards (the highest
first: they are the hardest to place later). With no build left, store the highest hand card
on the pile whose top is the lowest card above it (a descending pile is easy to build from),
else on an empty pile, else on the highest top. Never undo.
"""

FROM = {"stock": 0, "storage": 1, "hand": 2}


def floor(card: str) -> int:
    """A card's number; a crane fits on any floor, so it is kept like the highest card."""
    return 13 if card == "CRANE" else int(card)


def choose(view: dict, legal: list[dict]) -> dict:
    hand = view["hand"] or []
    builds = [move for move in legal if move["type"] == "build"]
    if builds:
        return min(
            builds,
            key=lambda move: (
                FROM[move["from"]],
                -floor(hand[move["index"]]) if move["from"] == "hand" else 0,
            ),
        )
    stores = [move for move in legal if move["type"] == "store"]
    if not stores:
        return next(move for move in legal if move["type"] != "undo")
    piles = view["storage"][view["seat"]]

    def fit(move):
        card, pile = floor(hand[move["index"]]), piles[move["pile"]]
        top = floor(pile[-1]) if pile else None
        if top is not None and top >= card:
            return (0, top - card, -card)  # onto a higher card: the closer the better
        return (1 if top is None else 2, -card, 0)  # an empty pile, else burying a lower top

    return min(stores, key=fit)
