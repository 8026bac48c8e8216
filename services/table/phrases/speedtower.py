"""Speedtower's "Bautagebuch": its events as lines, in German and English."""

from __future__ import annotations

CRANE = {"de": "Kran", "en": "crane"}
SOURCE = {
    "hand": {"de": "aus der Hand", "en": "from hand"},
    "storage": {"de": "aus dem Lager", "en": "from storage"},
    "stock": {"de": "aus dem Bauauftrag", "en": "from the stock"},
}
LINES = {
    "build": {"de": "{name} baut {card} {source} auf Turm {tower} (Stockwerk {floor}).",
              "en": "{name} builds {card} {source} on tower {tower} (floor {floor})."},
    "complete": {"de": "Richtfest an Turm {tower}!", "en": "Tower {tower} is complete!"},
    "undo": {"de": "{name} nimmt {card} von Turm {tower} zurück.",
             "en": "{name} takes {card} back from tower {tower}."},
    "store": {"de": "{name} lagert {card} in Lager {pile}.",
              "en": "{name} stores {card} in storage {pile}."},
    "pass": {"de": "{name} passt.", "en": "{name} passes."},
    "turn": {"de": "{name} ist am Zug (Zug {turn}).", "en": "{name}'s turn (turn {turn})."},
    "reshuffle": {"de": "Der Bauschutt wird zum neuen Material ({count} Karten).",
                  "en": "The rubble becomes the new material ({count} cards)."},
    "demolish": {"de": "Abriss: Türme {towers} werden neues Material.",
                 "en": "Demolition: towers {towers} become new material."},
    "draw": {"de": "{name} zieht {count} Karten{cards}.",
             "en": "{name} draws {count} cards{cards}."},
}  # fmt: skip


def _card(card, lang):
    return CRANE[lang] if card == "CRANE" else card


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind not in LINES:
        return None
    seat = event.get("seat")
    facts = {
        "name": names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "",
        "card": _card(event.get("card"), lang),
        "source": SOURCE.get(event.get("from"), {}).get(lang, ""),
        "tower": event.get("tower", ""),
        "floor": event.get("floor", ""),
        "pile": (event["pile"] + 1) if isinstance(event.get("pile"), int) else "",
        "turn": event.get("turn", ""),
        "count": event.get("count", ""),
        "towers": ", ".join(event.get("towers", [])),
        "cards": f": {', '.join(_card(c, lang) for c in event['cards'])}" if event.get("cards")
        else "",
    }  # fmt: skip
    return LINES[kind][lang].format(**facts)
