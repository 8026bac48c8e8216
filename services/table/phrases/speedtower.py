"""Speedtower's "Bautagebuch": its events as lines, in German and English."""

from __future__ import annotations

from services.table.phrases.words import (
    agree,
    ahead_of_leavers,
    count,
    listing,
    name,
    number,
    winners,
)

SOURCE = {
    "hand": {"de": "aus der Hand", "en": "from hand"},
    "storage": {"de": "aus dem Lager", "en": "from storage"},
    "stock": {"de": "aus dem Bauauftrag", "en": "from the stock"},
}
LINES = {
    "build": {"de": "{name} baut {a_card} {source} auf Turm {tower} (Stockwerk {floor}).",
              "en": "{name} builds {a_card} {source} on tower {tower} (floor {floor})."},
    "stock_left": {"de": " Im Bauauftrag: noch {cards}.", "en": " Left in the stock: {cards}."},
    "complete": {"de": "Richtfest an Turm {tower}!", "en": "Tower {tower} is complete!"},
    "undo": {"de": "{name} nimmt {the_card} von Turm {tower} zurück.",
             "en": "{name} takes {the_card} back from tower {tower}."},
    "store": {"de": "{name} lagert {a_card} in Lager {pile}.",
              "en": "{name} stores {a_card} in storage {pile}."},
    "pass": {"de": "{name} kann nichts bauen und passt.",
             "en": "{name} cannot build anything and passes."},
    "turn": {"de": "{name} ist am Zug (Zug {turn}).", "en": "{name}'s turn (turn {turn})."},
    "reshuffle": {"de": "Der Bauschutt wird gemischt und zum neuen Material ({cards}).",
                  "en": "The rubble is shuffled into new material ({cards})."},
    "demolish": {"de": "Abriss: {towers} {become} zu neuem Material ({cards}).",
                 "en": "Demolition: {towers} {become} new material ({cards})."},
    "draw": {"de": "{name} bekommt {cards}{shown}.", "en": "{name} draws {cards}{shown}."},
    "draw_empty_hand": {"de": "{name} hat die Hand leer gebaut und bekommt {cards}{shown}.",
                        "en": "{name} has built the whole hand and draws {cards}{shown}."},
    "stock_emptied": {"de": "{winners} hat den ganzen Bauauftrag verbaut und gewinnt die Partie!",
                      "en": "{winners} has built the whole stock and wins the game!"},
    "stalemate": {"de": "Stillstand: Es kommt kein Material mehr nach, und zwei Runden lang hat "
                        "niemand gebaut. Die Partie endet ohne Sieger; {best} {has} die wenigsten "
                        "Karten im Bauauftrag.",
                  "en": "Standstill: no material is left and nobody has built for two rounds. "
                        "The game ends without a winner; {best} {has} the fewest cards left in "
                        "the stock."},
    "turn_limit": {"de": "{turns} Züge sind gespielt: Die Partie endet ohne Sieger; {best} {has} "
                         "die wenigsten Karten im Bauauftrag.",
                   "en": "{turns} turns have been played: the game ends without a winner; "
                         "{best} {has} the fewest cards left in the stock."},
}  # fmt: skip
TOWER = {"de": ("Turm {}", "Türme {}"), "en": ("tower {}", "towers {}")}
BECOME = {"de": ("wird", "werden"), "en": ("becomes", "become")}
HAS = {"de": ("hat", "haben"), "en": ("has", "have")}

# The chat's themed exclamations ("Freude" / "Ärgern"), one picked at random.
EXCLAMATIONS = {  # each line in the reader's language; no emoji (the house's fonts draw none)
    "freude": [
        {"de": "Richtfest!", "en": "Topping out!"},
        {"de": "Läuft wie am Schnürchen!", "en": "Running like clockwork!"},
        {"de": "Der Kran hat’s gerichtet!", "en": "The crane sorted it!"},
        {"de": "Stockwerk um Stockwerk!", "en": "Floor by floor!"},
        {"de": "Bauauftrag fast erfüllt!", "en": "Building contract nearly done!"},
    ],
    "aergern": [
        {"de": "Baustopp!", "en": "Building stopped!"},
        {"de": "Das Material ist alle …", "en": "Out of material …"},
        {"de": "Wer hat mir die Steilvorlage geklaut?", "en": "Who stole my perfect setup?"},
        {"de": "Abriss!", "en": "Demolition!"},
        {"de": "Der Polier schimpft.", "en": "The foreman is grumbling."},
    ],
}  # fmt: skip


def card_name(card: str, lang: str, article: str | None = None) -> str:
    """A card, bare ("7", "Kran") or with an article, "a" or "the": "eine 7", "einen Kran",
    "die 7", "a 7", "an 8", "the crane"."""
    crane = card == "CRANE"
    if article is None:
        return ("Kran" if lang == "de" else "crane") if crane else card
    if lang == "de":
        if article == "the":
            return "den Kran" if crane else f"die {card}"
        return "einen Kran" if crane else f"eine {card}"
    if article == "the":
        return "the crane" if crane else f"the {card}"
    return "a crane" if crane else f"{'an' if card in ('8', '11') else 'a'} {card}"


def _tie(places: list[int], names: list[str], lang: str) -> tuple[str, str]:
    best = winners(places, names)
    return listing(best, lang), agree(len(best), *HAS[lang])


def _turn_number(event: dict) -> int | str:
    """The number of the turn a "turn" event begins: its "turns", which the records of an
    older house named "turn"."""
    return event.get("turns", event.get("turn", ""))


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind == "game_over" and event.get("winner") in event.get("left", []):
        return ahead_of_leavers(event.get("places", []), names, lang)
    if kind == "game_over":
        kind = event.get("end")
    elif kind == "draw" and event.get("reason") == "empty_hand":
        kind = "draw_empty_hand"
    if kind not in LINES:
        return None
    card = event.get("card")
    shown = [card_name(c, lang) for c in event.get("cards", [])]
    towers = event.get("towers", [])
    best, has = _tie(event.get("places", []), names, lang)
    facts = {
        "name": name(names, event.get("seat")),
        "a_card": card_name(card, lang, "a") if card else "",
        "the_card": card_name(card, lang, "the") if card else "",
        "source": SOURCE.get(event.get("from"), {}).get(lang, ""),
        "tower": event.get("tower", ""),
        "floor": event.get("floor", ""),
        "pile": (event["pile"] + 1) if isinstance(event.get("pile"), int) else "",
        "turn": _turn_number(event),
        "turns": number(event.get("turns", 0), lang),
        "cards": count(event.get("count", 0), "card", lang),
        "shown": f": {listing(shown, lang)}" if shown else "",
        "towers": agree(len(towers), *TOWER[lang]).format(listing(towers, lang)),
        "become": agree(len(towers), *BECOME[lang]),
        "winners": listing(winners(event.get("places", []), names), lang),
        "best": best,
        "has": has,
    }
    text = LINES[kind][lang].format(**facts)
    if kind == "build" and event.get("from") == "stock" and event.get("stock_left"):
        left = count(event["stock_left"], "card", lang)
        text += LINES["stock_left"][lang].format(cards=left)
    return text
