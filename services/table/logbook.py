"""The log of a game as readable lines, built from the record's events after they have been
cut to the reader's seat (so a line never names a card the reader may not see).

Each game phrases its own events (its phrasebook, services/table/phrases/<game>.py,
``phrase(event, names, lang) -> str | None``); the table's own events are phrased here. An
event nobody phrases is left out of the log rather than shown in internal words (the record
keeps everything).
"""

from __future__ import annotations

from services.table.phrases.words import name, standings
from shared.games import get_game
from shared.games.base import redact_event
from shared.parts import part

TABLE_LINES = {
    "table.clock": {"de": "Zeit abgelaufen – der Computer spielt für {name}.",
                    "en": "Time is up – the computer plays for {name}."},
    "table.left_game": {"de": "{name} hat die Partie verlassen; der Computer spielt den Platz "
                              "zu Ende.",
                        "en": "{name} has left the game; the computer plays the seat to the end."},
    "table.game_over": {"de": "Die Partie ist zu Ende.", "en": "The game is over."},
    "standings": {"de": "Endstand: {standings}.", "en": "Final standings: {standings}."},
    "table.game_started": {"de": "Partie {no} beginnt.", "en": "Game {no} begins."},
    "table.opened": {"de": "{name} eröffnet einen Tisch für {game}.",
                     "en": "{name} opens a table for {game}."},
    "table.joined": {"de": "{name} setzt sich auf Platz {place}.",
                     "en": "{name} takes seat {place}."},
    "table.waiting": {"de": "{name} wartet auf einen freien Platz.",
                      "en": "{name} is waiting for a free seat."},
    "table.left": {"de": "{name} verlässt den Tisch.", "en": "{name} leaves the table."},
    "table.closed": {"de": "Der Tisch wird geschlossen.", "en": "The table is closed."},
    "table.seat_computer": {"de": "Auf Platz {place} spielt jetzt ein Computer.",
                            "en": "A computer now plays seat {place}."},
    "table.seat_empty": {"de": "Platz {place} ist jetzt frei.", "en": "Seat {place} is now free."},
    "table.freed": {"de": "Platz {place} von {name} ist wieder frei.",
                    "en": "Seat {place} ({name}) is free again."},
    "table.settings": {"de": "Die Einstellungen des Tisches wurden geändert.",
                       "en": "The table's settings have changed."},
    "table.back": {"de": "{name} ist für die nächste Partie wieder da.",
                   "en": "{name} is back for the next game."},
    "table.hold_over": {"de": "Die Plätze der anderen werden nicht länger freigehalten.",
                        "en": "The others' seats are no longer held."},
    "table.turbo": {"de": "Turbo: Die Computer spielen jetzt ohne Pausen.",
                    "en": "Turbo: the computers now play without pauses."},
}  # fmt: skip


def title(game: object) -> str:
    """A game's name as players read it (the engine's TITLE)."""
    try:
        return get_game(game).TITLE
    except (KeyError, TypeError):
        return str(game or "")


def table_line(event: dict, names: list[str], lang: str) -> str | None:
    """A line for one of the table's own events ("table.…"); None for any other event."""
    kind = event.get("type")
    if kind == "table.seat":
        kind = f"table.seat_{event.get('kind')}"
    elif kind == "table.game_over" and (event.get("result") or {}).get("places"):
        kind = "standings"
    if kind not in TABLE_LINES:
        return None
    seat = event.get("seat")
    return TABLE_LINES[kind][lang].format(
        name=event.get("name") or name(names, seat),
        place=seat + 1 if type(seat) is int else "",
        no=event.get("no", ""),
        game=title(event.get("game")),
        standings=standings((event.get("result") or {}).get("places", []), names, lang),
    )


def line(game: str, event: dict, names: list[str], lang: str) -> str | None:
    """One event as a line for the log; None for an event with no words."""
    if str(event.get("type", "")).startswith("table."):
        return table_line(event, names, lang)
    return part(game, "phrases").phrase(event, names, lang)


def _entry_events(entry: dict, previous: dict | None) -> list[dict]:
    """The events to read for one record entry, with the table's words around them: the
    clock before a decision it made (once per run of them), the leaving of a seat a
    computer plays on, the final standings at the end."""
    kind, seat = entry["kind"], entry.get("seat")
    events = list(entry.get("events", []))
    if kind == "move" and entry.get("by") == "clock":
        continued = previous and previous.get("by") == "clock" and previous.get("seat") == seat
        if not continued:
            events.insert(0, {"type": "table.clock", "seat": seat})
    elif kind == "leave" and not events:
        events.append({"type": "table.left_game", "seat": seat})
    elif kind == "end":
        events.append({"type": "table.game_over", "result": entry.get("result")})
    return events


def log_lines(game: str, entries: list[dict], seat: int | None, lang: str = "de") -> list[dict]:
    """The lines of one game's record entries, as ``seat`` may read them. A line's "seat" is
    the seat it is about (who acts, whose turn it is), None for a line about nobody's seat:
    a client marks the reader's own lines by it."""
    if not entries:
        return []
    names = [s["name"] for s in entries[0]["seats"]]
    lines = []
    previous = None
    for number, entry in enumerate(entries[1:], start=1):
        for event in _entry_events(entry, previous):
            text = line(game, redact_event(event, seat), names, lang)
            if text:
                who = event.get("seat") if type(event.get("seat")) is int else None
                lines.append({"no": number, "seat": who, "text": text, "at": entry["at"]})
        previous = entry
    return lines
