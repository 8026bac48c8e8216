"""The toy game's log lines and chat exclamations, in German and English."""

from __future__ import annotations

from services.table.phrases.words import name

LINES = {
    "play": {"de": "{name} legt eine {card}.", "en": "{name} plays a {card}."},
    "draw": {"de": "{name} zieht eine Karte{shown}.", "en": "{name} draws a card{shown}."},
    "shown": {"de": " ({card})", "en": " ({card})"},
    "game_over": {"de": "{name} hat keine Karte mehr und gewinnt.",
                  "en": "{name} has no card left and wins."},
}  # fmt: skip

EXCLAMATIONS = {
    "freude": [{"de": "Passt!", "en": "Fits!"}, {"de": "Weg damit!", "en": "Gone!"}],
    "aergern": [{"de": "Schon wieder ziehen …", "en": "Drawing again …"},
                {"de": "Nichts passt.", "en": "Nothing fits."}],
}  # fmt: skip


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind not in LINES:
        return None
    seat = event.get("winner") if kind == "game_over" else event.get("seat")
    card = event.get("card")
    shown = LINES["shown"][lang].format(card=card) if card is not None else ""
    return LINES[kind][lang].format(name=name(names, seat), card=card, shown=shown)
