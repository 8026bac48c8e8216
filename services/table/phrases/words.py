"""Words every phrasebook shares: nouns that agree with their number, numbers, names, lists
and places, in German and English. A phrasebook never writes "1 Karten" or "Karte(n)": it
asks ``count`` for the noun."""

from __future__ import annotations

# Singular and plural of each noun a log line counts, as subject or accusative object.
NOUNS = {
    "card": {"de": ("Karte", "Karten"), "en": ("card", "cards")},
    "point": {"de": ("Punkt", "Punkte"), "en": ("point", "points")},
    "minus_point": {"de": ("Minuspunkt", "Minuspunkte"), "en": ("minus point", "minus points")},
    "turn": {"de": ("Zug", "Züge"), "en": ("turn", "turns")},
    "round": {"de": ("Runde", "Runden"), "en": ("round", "rounds")},
}
AND = {"de": "und", "en": "and"}
ARE = {"de": ("ist", "sind"), "en": ("is", "are")}


def number(n: int, lang: str) -> str:
    """A whole number with the language's thousands separator (1.000 / 1,000)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def agree(n: int, one: str, many: str) -> str:
    """The form that agrees with ``n`` (a verb, a pronoun)."""
    return one if n == 1 else many


def count(n: int, noun: str, lang: str) -> str:
    """``n`` with its noun in the right number: "1 Karte", "2 Karten", "1 card"."""
    one, many = NOUNS[noun][lang]
    return f"{number(n, lang)} {agree(n, one, many)}"


def name(names: list[str], seat: object) -> str:
    """The name at a seat; "" for no seat."""
    return names[seat] if type(seat) is int and 0 <= seat < len(names) else ""


def listing(items: list[str], lang: str) -> str:
    """ "A", "A und B", "A, B und C" (no serial comma in English either: "A, B and C")."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {AND[lang]} {items[-1]}"


def ordinal(place: int, lang: str) -> str:
    """ "1." in German, "1st", "2nd", "3rd", "4th" in English."""
    if lang == "de":
        return f"{place}."
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10 if place % 100 not in (11, 12, 13) else 0)
    return f"{place}{suffix or 'th'}"


def winners(places: list[int], names: list[str]) -> list[str]:
    """The names on place 1."""
    return [name(names, seat) for seat, place in enumerate(places) if place == 1]


def standings(places: list[int], names: list[str], lang: str) -> str:
    """ "1. Ann und Cid; 2. Bob" / "1st Ann and Cid; 2nd Bob", best place first."""
    groups = []
    for place in sorted(set(places)):
        seated = [name(names, seat) for seat, other in enumerate(places) if other == place]
        groups.append(f"{ordinal(place, lang)} {listing(seated, lang)}")
    return "; ".join(groups)


def round_result(lines: dict, key: str, event: dict, names: list[str], lang: str) -> str:
    """A round's end: ``lines[key]`` names its winner; ``lines[key + "_draw"]``, a round that
    reached its turn limit without one."""
    winner, turns = event.get("winner"), event.get("turns", 0)
    if winner is None:
        return lines[f"{key}_draw"][lang].format(
            round=event["round"], turns=count(turns, "turn", lang), are=agree(turns, *ARE[lang])
        )
    return lines[key][lang].format(round=event["round"], winner=name(names, winner))


# A game whose best result went to a seat that had left (its computer played on): the win
# goes to the best of those who stayed (DECISIONS.md "All games" §8).
AHEAD_OF_LEAVERS = {
    "de": "{winners} {win} die Partie – wer gegangen ist, kommt nach allen, die geblieben sind.",
    "en": "{winners} {win} the game – whoever left is placed after everyone who stayed.",
}
WIN = {"de": ("gewinnt", "gewinnen"), "en": ("wins", "win")}


def ahead_of_leavers(places: list[int], names: list[str], lang: str) -> str:
    """ "Ann gewinnt die Partie – wer gegangen ist, kommt nach allen, die geblieben sind." """
    best = winners(places, names)
    return AHEAD_OF_LEAVERS[lang].format(
        winners=listing(best, lang), win=agree(len(best), *WIN[lang])
    )
