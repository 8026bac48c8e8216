"""Speedlaunch's "Bordbuch": its events as lines, in German and English."""

from __future__ import annotations

from collections import Counter

from services.table.phrases.words import (
    ahead_of_leavers,
    count,
    listing,
    name,
    number,
    round_result,
    winners,
)

KINDS = {
    "SAT": {"de": "Satellit", "en": "satellite"},
    "AST": {"de": "Asteroid", "en": "asteroid"},
    "HOLE": {"de": "Schwarzes Loch", "en": "black hole"},
}
OUTCOMES = {
    "fits": {"de": "passt", "en": "fits"},
    "special": {"de": "wirkt", "en": "takes effect"},
    "too_high": {"de": "ist zu hoch – ein Blindgänger", "en": "is too high – a dud"},
}
LINES = {
    "play": {"de": "{name} legt {cards}.", "en": "{name} plays {cards}."},
    "play_AST": {"de": "{name} schickt einen Asteroiden los.", "en": "{name} plays an asteroid."},
    "play_HOLE": {"de": "{name} öffnet ein Schwarzes Loch.", "en": "{name} plays a black hole."},
    "turn_up": {"de": "{name} deckt {cards} auf.", "en": "{name} turns up {cards}."},
    "turn_up_follows": {"de": "{name} deckt {cards} auf – sie fliegt hinterher.",
                        "en": "{name} turns up {cards} – it follows onto the ramp."},
    "ignition": {"de": "ZÜNDUNG! Die Rampe hebt ab und verglüht ({count}).",
                 "en": "IGNITION! The ramp lifts off and burns up ({count})."},
    "black_hole": {"de": "Das Schwarze Loch verschluckt die Rampe ({count}).",
                   "en": "The black hole swallows the ramp ({count})."},
    "black_hole_empty": {"de": "Das Schwarze Loch verschluckt nichts – die Rampe ist leer.",
                         "en": "The black hole swallows nothing – the ramp is empty."},
    "asteroid": {"de": "Asteroid: {target} nimmt {count} auf.",
                 "en": "Asteroid: {target} takes {count}."},
    "asteroid_empty": {"de": "Der Asteroid verpufft auf der leeren Rampe.",
                       "en": "The asteroid burns up on the empty ramp."},
    "take": {"de": "{name} nimmt die Rampe auf ({count}).",
             "en": "{name} takes the ramp ({count})."},
    "take_blind": {"de": "{name} nimmt die Rampe und die Blindkarte auf ({count}).",
                   "en": "{name} takes the ramp and the blind card ({count})."},
    "blind": {"de": "{name} wagt die Blindkarte: {cards} {outcome}.",
              "en": "{name} risks the blind card: {cards} {outcome}."},
    "end": {"de": "{name} legt nicht nach.", "en": "{name} adds nothing more."},
    "turn": {"de": "{name} ist am Zug.", "en": "{name}'s turn."},
    "turn_again": {"de": "{name} ist nochmal dran.", "en": "{name} goes again."},
    "round_over": {"de": "Runde {round} geht an {winner}.",
                   "en": "Round {round} goes to {winner}."},
    "round_over_draw": {"de": "Runde {round}: {turns} {are} gespielt, und niemand hat gewonnen – "
                              "alle zählen ihre Restkarten.",
                        "en": "Round {round}: {turns} {are} over and nobody has won – everyone "
                              "counts the cards left."},
    "left": {"de": " Restkarten: {left}.", "en": " Cards left: {left}."},
    "deal": {"de": "Runde {round}: Es wird gegeben, {first} beginnt.",
             "en": "Round {round}: the cards are dealt, {first} begins."},
    "shed": {"de": "{winners} ist alle Karten los und gewinnt die Partie!",
             "en": "{winners} has shed every card and wins the game!"},
    "fewest": {"de": "{winners} gewinnt die Partie mit den wenigsten Minuspunkten: {minus}.",
               "en": "{winners} wins the game with the fewest minus points: {minus}."},
    "shared": {"de": "{winners} teilen sich den Sieg mit je {minus}.",
               "en": "{winners} share the win with {minus} each."},
    "tie_break": {"de": " Bei Gleichstand zählen die gewonnenen Runden.",
                  "en": " The tie goes to more rounds won."},
}  # fmt: skip

# The chat's themed exclamations ("Freude" / "Ärgern"), one picked at random.
EXCLAMATIONS = {  # each line in the reader's language; no emoji (the house's fonts draw none)
    "freude": [
        {"de": "Zündung!", "en": "Ignition!"},
        {"de": "Abheben!", "en": "Lift-off!"},
        {"de": "Ab in den Orbit!", "en": "Off into orbit!"},
        {"de": "T−1 – und weg!", "en": "T−1 – and gone!"},
        {"de": "Houston, alles bestens!", "en": "Houston, all is well!"},
    ],
    "aergern": [
        {"de": "Blindgänger …", "en": "A dud …"},
        {"de": "Houston, wir haben ein Problem.", "en": "Houston, we have a problem."},
        {"de": "Asteroid voraus!", "en": "Asteroid ahead!"},
        {"de": "Das Schwarze Loch hat meinen Plan verschluckt.",
         "en": "The black hole swallowed my plan."},
        {"de": "Countdown abgebrochen!", "en": "Countdown aborted!"},
    ],
}  # fmt: skip


def cards_named(cards: list[str], lang: str) -> str:
    """ "2 × 7 und Satellit": equal cards counted, in the order they came."""
    groups = Counter(cards)
    named = []
    for card, many in groups.items():
        word = KINDS[card][lang] if card in KINDS else card
        named.append(f"{many} × {word}" if many > 1 else word)
    return listing(named, lang)


def _game_over(event: dict, names: list[str], lang: str) -> str:
    places, minus, rounds = event.get("places", []), event.get("minus", []), event["rounds"]
    best = [seat for seat, place in enumerate(places) if place == 1]
    if best and min(minus) < minus[best[0]]:  # a leaver's seat did better: placed last all the same
        return ahead_of_leavers(places, names, lang)
    facts = {"winners": listing(winners(places, names), lang)}
    if len(best) > 1:
        return LINES["shared"][lang].format(
            minus=count(minus[best[0]], "minus_point", lang), **facts
        )
    if len(rounds) == 1 and rounds[0]["winner"] == best[0]:
        return LINES["shed"][lang].format(**facts)
    text = LINES["fewest"][lang].format(minus=number(minus[best[0]], lang), **facts)
    if minus.count(minus[best[0]]) > 1:
        text += LINES["tie_break"][lang]
    return text


def _round_over(event: dict, names: list[str], lang: str) -> str:
    text, winner = round_result(LINES, "round_over", event, names, lang), event.get("winner")
    left = [
        f"{name(names, seat)} {number(cards, lang)}"
        for seat, cards in enumerate(event.get("remaining", []))
        if seat != winner
    ]
    return text + LINES["left"][lang].format(left=", ".join(left)) if left else text


def phrase(event: dict, names: list[str], lang: str) -> str | None:
    kind = event.get("type")
    cards = event.get("cards") or event.get("revealed") or []
    if kind == "game_over":
        return _game_over(event, names, lang)
    if kind == "round_over":
        return _round_over(event, names, lang)
    if kind == "play" and cards and cards[0] in ("AST", "HOLE"):
        kind = f"play_{cards[0]}"
    elif kind in ("asteroid", "black_hole") and not cards:
        kind += "_empty"
    elif kind == "turn" and event.get("again"):
        kind = "turn_again"
    elif kind == "turn_up" and event.get("follows"):
        kind = "turn_up_follows"
    elif kind == "take" and event.get("blind"):  # a blind card too high: it goes along
        kind, cards = "take_blind", [*cards, "blind"]
    if kind not in LINES:
        return None
    facts = {
        "name": name(names, event.get("seat")),
        "cards": cards_named(cards, lang),
        "count": count(len(cards), "card", lang),
        "target": name(names, event.get("target")),
        "outcome": OUTCOMES.get(event.get("outcome"), {}).get(lang, ""),
        "round": event.get("round", ""),
        "first": name(names, event.get("first")),
    }
    return LINES[kind][lang].format(**facts)
