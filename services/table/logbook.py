"""The log of a game as readable lines, built from the record's events after they have been
cut to the reader's seat (so a line never names a card the reader may not see).

Each game may phrase its own events (services/table/phrases/<game>.py, ``phrase(event,
names, lang) -> str | None``); anything else gets a plain generic line.
"""

from __future__ import annotations

import importlib

from shared.games.base import redact_event

TABLE_LINES = {
    "table.clock": {"de": "{name}: Zeit abgelaufen – der Computer entscheidet.",
                    "en": "{name}: time is up – the computer decides."},
    "table.left_game": {"de": "{name} hat die Partie verlassen.", "en": "{name} left the game."},
    "table.game_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
}  # fmt: skip


def _phrasebook(game: str):
    try:
        return importlib.import_module(f"services.table.phrases.{game}")
    except ModuleNotFoundError:
        return None


def _generic(event: dict, name: str) -> str:
    facts = ", ".join(
        f"{key}={value}"
        for key, value in event.items()
        if key not in ("type", "seat") and type(value) in (str, int)
    )
    text = event.get("type", "?") + (f" ({facts})" if facts else "")
    return f"{name}: {text}" if name else text


def line(game: str, event: dict, names: list[str], lang: str) -> str:
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if event.get("type") in TABLE_LINES:
        return TABLE_LINES[event["type"]][lang].format(name=name)
    book = _phrasebook(game)
    phrased = book.phrase(event, names, lang) if book else None
    return phrased or _generic(event, name)


def log_lines(game: str, entries: list[dict], seat: int | None, lang: str = "de") -> list[dict]:
    """The lines of one game's record entries, as ``seat`` may read them."""
    if not entries:
        return []
    names = [s["name"] for s in entries[0]["seats"]]
    lines = []
    for number, entry in enumerate(entries[1:], start=1):
        for event in entry.get("events", []):
            shown = redact_event(event, seat)
            lines.append({"no": number, "seat": entry.get("seat"),
                          "text": line(game, shown, names, lang), "at": entry["at"]})  # fmt: skip
        if entry["kind"] == "end":
            lines.append({"no": number, "seat": None, "at": entry["at"],
                          "text": TABLE_LINES["table.game_over"][lang]})  # fmt: skip
    return lines
