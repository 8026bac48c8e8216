"""Speedlaunch's "Bordbuch": its events as lines, in German and English."""

from __future__ import annotations

KINDS = {
    "SAT": {"de": "Satellit", "en": "satellite"},
    "AST": {"de": "Asteroid", "en": "asteroid"},
    "HOLE": {"de": "Schwarzes Loch", "en": "black hole"},
}
OUTCOMES = {
    "fits": {"de": "passt", "en": "fits"},
    "special": {"de": "wirkt", "en": "takes effect"},
    "too_high": {"de": "ist zu hoch – Blindgänger", "en": "is too high – a dud"},
}
LINES = {
    "play": {"de": "{name} legt {cards}.", "en": "{name} plays {cards}."},
    "turn_up": {"de": "{name} deckt {cards} auf{follows}.",
                "en": "{name} turns up {cards}{follows}."},
    "ignition": {"de": "ZÜNDUNG! {count} Karten verglühen.",
                 "en": "IGNITION! {count} cards burn up."},
    "black_hole": {"de": "Das Schwarze Loch verschluckt {count} Karten.",
                   "en": "The black hole swallows {count} cards."},
    "asteroid": {"de": "Asteroid: {target} nimmt {count} Karten auf.",
                 "en": "Asteroid: {target} takes {count} cards."},
    "asteroid_empty": {"de": "Der Asteroid verpufft.", "en": "The asteroid burns up."},
    "take": {"de": "{name} nimmt die Rampe ({count} Karten).",
             "en": "{name} takes the ramp ({count} cards)."},
    "blind": {"de": "{name} wagt die Blindkarte: {revealed} {outcome}.",
              "en": "{name} risks the blind card: {revealed} {outcome}."},
    "end": {"de": "{name} legt nicht nach.", "en": "{name} adds nothing."},
    "turn": {"de": "{name} ist am Zug.", "en": "{name}'s turn."},
    "turn_again": {"de": "{name} ist nochmal dran.", "en": "{name} goes again."},
    "round_over": {"de": "Runde {round} geht an {winner}.",
                   "en": "Round {round} goes to {winner}."},
    "deal": {"de": "Runde {round}: Es wird gegeben, {first} beginnt.",
             "en": "Round {round}: cards are dealt, {first} begins."},
}  # fmt: skip


def _cards(cards, lang):
    return ", ".join(KINDS[c][lang] if c in KINDS else c for c in cards or [])


def _name(names, seat):
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind == "asteroid" and event.get("target") is None:
        kind = "asteroid_empty"
    elif kind == "turn" and event.get("again"):
        kind = "turn_again"
    if kind not in LINES:
        return None
    cards = event.get("cards") or event.get("revealed") or []
    follows = {"de": " – sie fliegt hinterher", "en": " – it follows"}[lang]
    facts = {
        "name": _name(names, event.get("seat")),
        "cards": _cards(cards, lang),
        "count": len(cards),
        "follows": follows if event.get("follows") else "",
        "target": _name(names, event.get("target")),
        "revealed": _cards(event.get("revealed"), lang),
        "outcome": OUTCOMES.get(event.get("outcome"), {}).get(lang, ""),
        "round": event.get("round", ""),
        "winner": _name(names, event.get("winner")),
        "first": _name(names, event.get("first")),
    }
    return LINES[kind][lang].format(**facts)
