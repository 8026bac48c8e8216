"""Speedone: shed the cards that cost most, keep the wild cards for when nothing else fits.

Call ONE whenever it may be called; play a coloured card if one fits (action cards first —
they are worth 20 points in the others' count —, then the highest number), a wild card only
when no coloured one fits, naming the colour held most; draw when nothing fits.
"""

from collections import Counter

ACTIONS = ("S", "R", "D")  # skip, reverse, draw two (a card is colour letter + symbol)


def worth(card: str) -> int:
    """What a card costs in hand: action cards most, then the number."""
    symbol = card[1:]
    return 20 if symbol in ACTIONS else int(symbol)


def choose(view: dict, legal: list[dict]) -> dict:
    by_type = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    if "one" in by_type:
        return by_type["one"][0]
    plays = by_type.get("play", [])
    coloured = [move for move in plays if not move["card"].startswith("W")]
    if coloured:
        return max(coloured, key=lambda move: worth(move["card"]))
    if plays:
        held = Counter(card[0] for card in view["hand"] if not card.startswith("W"))
        favourite = held.most_common(1)[0][0] if held else "R"
        wild = [move for move in plays if move["card"] == "W"] or plays
        return next((move for move in wild if move["color"] == favourite), wild[0])
    return by_type["draw"][0]
