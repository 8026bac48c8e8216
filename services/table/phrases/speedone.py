"""Speedone's log: its events as lines, in German and English."""

from __future__ import annotations

COLORS = {
    "R": {"de": "Rot", "en": "red"},
    "G": {"de": "Grün", "en": "green"},
    "B": {"de": "Blau", "en": "blue"},
    "Y": {"de": "Gelb", "en": "yellow"},
}
SYMBOLS = {
    "S": {"de": "Aussetzen", "en": "skip"},
    "R": {"de": "Richtungswechsel", "en": "reverse"},
    "D": {"de": "2 Ziehen", "en": "draw two"},
}
WILD = {"W": {"de": "Farbjoker", "en": "wild"}, "W4": {"de": "Plus 4", "en": "wild draw four"}}
LINES = {
    "play": {"de": "{name} legt {card}.", "en": "{name} plays {card}."},
    "play_wild": {"de": "{name} legt {card} und wünscht {color}.",
                  "en": "{name} plays {card} and names {color}."},
    "draw": {"de": "{name} zieht {count} Karte(n){cards}.",
             "en": "{name} draws {count} card(s){cards}."},
    "reshuffle": {"de": "Der Ablagestapel wird neu gemischt ({count} Karten).",
                  "en": "The discard pile is shuffled into the draw pile ({count} cards)."},
    "one": {"de": "{name} ruft ONE!", "en": "{name} calls ONE!"},
    "out": {"de": "{name} legt die letzte Karte ab.", "en": "{name} plays the last card."},
    "hand": {"de": "{name} hält {points} Punkte.", "en": "{name} holds {points} points."},
    "round_end": {"de": "Runde {round} geht an {winner}.", "en": "Round {round} goes to {winner}."},
    "deal": {"de": "Runde {round}: {dealer} gibt.", "en": "Round {round}: {dealer} deals."},
    "leave": {"de": "{name} ist ausgeschieden.", "en": "{name} is out of the game."},
    "round_abandoned": {"de": "Runde {round} wird abgebrochen und neu gegeben.",
                        "en": "Round {round} is abandoned and dealt again."},
    "turn_up": {"de": "{cards} wird aufgedeckt und zurückgemischt.",
                "en": "{cards} is turned up and shuffled back."},
}  # fmt: skip


def card_name(card: str, lang: str) -> str:
    if card in WILD:
        return WILD[card][lang]
    color, symbol = COLORS[card[0]][lang], card[1:]
    return f"{color} {SYMBOLS[symbol][lang] if symbol in SYMBOLS else symbol}"


def _name(names, seat):
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind == "play" and event.get("card") in WILD:
        kind = "play_wild"
    if kind not in LINES:
        return None
    cards = event.get("cards") or event.get("revealed") or []
    shown = ", ".join(card_name(card, lang) for card in cards)
    facts = {
        "name": _name(names, event.get("seat")),
        "card": card_name(event["card"], lang) if event.get("card") else "",
        "color": COLORS.get(event.get("color"), {}).get(lang, ""),
        "count": event.get("count", ""),
        "cards": f": {shown}" if shown and kind == "draw" else shown,
        "points": event.get("points", ""),
        "round": event.get("round", ""),
        "winner": _name(names, event.get("winner")),
        "dealer": _name(names, event.get("dealer")),
    }
    return LINES[kind][lang].format(**facts)
