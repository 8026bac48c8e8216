"""Speedone's log: its events as lines, in German and English."""

from __future__ import annotations

from services.table.phrases.words import (
    WIN,
    agree,
    count,
    listing,
    name,
    number,
    round_result,
    winners,
)

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
    "play": {"de": "{name} legt {card}{effect}.", "en": "{name} plays {card}{effect}."},
    "play_wild": {"de": "{name} legt {card} und wünscht {color}{effect}.",
                  "en": "{name} plays {card} and names {color}{effect}."},
    "skipped": {"de": " – {skipped} setzt aus", "en": " – {skipped} is skipped"},
    "reversed": {"de": " – die Spielrichtung wechselt", "en": " – the direction changes"},
    "again": {"de": " – zu zweit ist {name} gleich nochmal dran",
              "en": " – with two players {name} goes again"},
    "penalty": {"de": " – zu ziehen: {cards}", "en": " – {cards} to draw"},
    "draw": {"de": "{name} zieht {cards}{shown}.", "en": "{name} draws {cards}{shown}."},
    "draw_two": {"de": "{name} muss {cards} ziehen{shown}.",
                 "en": "{name} has to draw {cards}{shown}."},
    "draw_four": {"de": "{name} muss {cards} ziehen{shown}.",
                  "en": "{name} has to draw {cards}{shown}."},
    "one": {"de": "{name} vergisst ONE und zieht {cards}{shown}.",
            "en": "{name} forgets to call ONE and draws {cards}{shown}."},
    "forfeited": {"de": " ({forfeited} {lapse}: höchstens 22 auf der Hand oder Stapel leer)",
                  "en": " ({forfeited} forfeited: 22 in hand at most or no cards left)"},
    "reshuffle": {"de": "Der Ablagestapel wird gemischt und zum neuen Nachziehstapel ({cards}).",
                  "en": "The discard pile is shuffled into a new draw pile ({cards})."},
    "call": {"de": "{name} ruft ONE!", "en": "{name} calls ONE!"},
    "out": {"de": "{name} legt die letzte Karte ab: {card}.",
            "en": "{name} plays the last card: {card}."},
    "hand": {"de": "{name} hat noch {points} auf der Hand.",
             "en": "{name} still holds {points} in hand."},
    "round_end": {"de": "Runde {round} geht an {winner}.", "en": "Round {round} goes to {winner}."},
    "round_end_draw": {"de": "Runde {round}: {turns} {are} gespielt, und niemand hat gewonnen – "
                             "jede Hand zählt.",
                       "en": "Round {round}: {turns} {are} over and nobody has won – every "
                             "hand counts."},
    "score": {"de": " Stand: {score}.", "en": " Score: {score}."},
    "deal": {"de": "Runde {round}: {dealer} gibt, {turn} beginnt; aufgedeckt ist {top}.",
             "en": "Round {round}: {dealer} deals, {turn} begins; the first card is {top}."},
    "leave": {"de": "{name} hat die Partie verlassen und scheidet aus.",
              "en": "{name} has left the game and is out."},
    "round_abandoned": {"de": "Runde {round} wird abgebrochen und neu gegeben.",
                        "en": "Round {round} is abandoned and dealt again."},
    "turn_up": {"de": "{card} wird aufgedeckt und wieder eingemischt.",
                "en": "{card} is turned up and shuffled back in."},
    "target": {"de": "Das Ziel ist erreicht: {winners} {win} die Partie ({points}).",
               "en": "The target is reached: {winners} {win} the game ({points})."},
    "rounds": {"de": "Die letzte Runde ist gespielt: {winners} {win} die Partie ({points}).",
               "en": "The last round has been played: {winners} {win} the game ({points})."},
    "left": {"de": "Alle anderen haben die Partie verlassen: {winners} {win}.",
             "en": "Everyone else has left the game: {winners} {win}."},
}  # fmt: skip

# The chat's themed exclamations ("Freude" / "Ärgern"), one picked at random.
EXCLAMATIONS = {  # each line in the reader's language; no emoji (the house's fonts draw none)
    "freude": [
        {"de": "ONE!", "en": "ONE!"},
        {"de": "Farbe gewünscht, Farbe bekommen!", "en": "Wished for a colour, got it!"},
        {"de": "Aussetzen – tut mir leid!", "en": "Skip – sorry!"},
        {"de": "Das lief rund!", "en": "That went smoothly!"},
        {"de": "Richtungswechsel, hihi!", "en": "Reverse, hee hee!"},
    ],
    "aergern": [
        {"de": "Plus vier?! Ernsthaft?", "en": "Plus four?! Seriously?"},
        {"de": "Schon wieder ziehen …", "en": "Drawing again …"},
        {"de": "Falsche Farbe!", "en": "Wrong colour!"},
        {"de": "Wer hat die Richtung gedreht?", "en": "Who turned the direction round?"},
        {"de": "Meine Hand wird immer voller.", "en": "My hand just keeps growing."},
    ],
}  # fmt: skip


def card_name(card: str, lang: str) -> str:
    if card in WILD:
        return WILD[card][lang]
    color, symbol = COLORS[card[0]][lang], card[1:]
    return f"{color} {SYMBOLS[symbol][lang] if symbol in SYMBOLS else symbol}"


def _score(event: dict, names: list[str], lang: str) -> str:
    """ "Ann 120, Bob 40" or, with partners, each team's total beside the players' own:
    "Ann und Cid 238 (Ann 158, Cid 80), Bob und Dan 60 (Bob 0, Dan 60)"."""
    totals = event["totals"]

    def own(seat: int) -> str:
        return f"{name(names, seat)} {number(totals[seat], lang)}"

    teams = event.get("team_totals")
    if not teams:
        return ", ".join(own(seat) for seat in range(len(totals)))
    return ", ".join(
        f"{listing([name(names, side), name(names, side + 2)], lang)} "
        f"{number(teams[side], lang)} ({own(side)}, {own(side + 2)})"
        for side in (0, 1)
    )


def _game_over(event: dict, names: list[str], lang: str) -> str:
    places = event.get("places", [])
    best = [seat for seat, place in enumerate(places) if place == 1]
    teams = event.get("team_totals")
    points = teams[best[0] % 2] if teams else event.get("totals", [0])[best[0]]
    line = LINES[event.get("end", "target")][lang]
    return line.format(
        winners=listing(winners(places, names), lang),
        win=agree(len(best), *WIN[lang]),
        points=count(points, "point", lang),
    )


def _round_end(event: dict, names: list[str], lang: str) -> str:
    text = round_result(LINES, "round_end", event, names, lang)
    return text + LINES["score"][lang].format(score=_score(event, names, lang))


def _effect(event: dict, names: list[str], lang: str) -> str:
    again = LINES["again"][lang].format(name=name(names, event.get("seat"))) if event.get(
        "again") else ""  # fmt: skip
    if "skipped" in event:
        return LINES["skipped"][lang].format(skipped=name(names, event["skipped"])) + again
    if "direction" in event:
        return LINES["reversed"][lang] + again
    if event.get("pending"):
        return LINES["penalty"][lang].format(cards=count(event["pending"]["amount"], "card", lang))
    return ""


def _draw(event: dict, names: list[str], lang: str) -> str:
    shown = [card_name(card, lang) for card in event.get("cards") or event.get("revealed") or []]
    forfeited = event.get("forfeited", 0)
    text = LINES[event.get("reason", "draw")][lang].format(
        name=name(names, event.get("seat")),
        cards=count(event.get("count", 0), "card", lang),
        shown=f": {listing(shown, lang)}" if shown else "",
    )
    if forfeited:
        lapse = agree(forfeited, "verfällt", "verfallen")
        extra = LINES["forfeited"][lang].format(
            forfeited=count(forfeited, "card", lang), lapse=lapse
        )
        text = text[:-1] + extra + "."
    return text


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    if kind == "game_over":
        return _game_over(event, names, lang)
    if kind == "round_end":
        return _round_end(event, names, lang)
    if kind == "draw":
        return _draw(event, names, lang)
    shown = event.get("revealed") or []
    card = event.get("card") or (shown[0] if shown else "")
    if kind == "play":
        kind = "play_wild" if card in WILD else "play"
    elif kind == "one":
        kind = "call"
    if kind not in LINES:
        return None
    facts = {
        "name": name(names, event.get("seat")),
        "card": card_name(card, lang) if card else "",
        "color": COLORS.get(event.get("color"), {}).get(lang, ""),
        "effect": _effect(event, names, lang),
        "points": count(event.get("points", 0), "point", lang),
        "round": event.get("round", ""),
        "dealer": name(names, event.get("dealer")),
        "turn": name(names, event.get("turn")),
        "top": card_name(event["top"], lang) if event.get("top") else "",
        "cards": count(event.get("count", 0), "card", lang),
    }
    if kind == "turn_up":  # the card starts the sentence: "Red 7 is turned up"
        facts["card"] = facts["card"][:1].upper() + facts["card"][1:]
    return LINES[kind][lang].format(**facts)
