"""The log speaks every game's events in words, in German and English: no internal names, no
"1 Karten", the clock and a leaving player said as what they are."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from services.table.logbook import line, log_lines
from services.table.phrases.words import count, listing, number, ordinal, standings
from shared.games import get_game, names
from shared.games.base import redact_event

NAMES = ("Ann", "Bob", "Cid", "Handy739")
# Settings and seats of the games played through for every engine.
GAMES = {
    "speedlaunch": [({}, 3), ({"rounds": "everyone"}, 2), ({"asteroid_target": "left"}, 4)],
    "speedtower": [({"stock": 10}, 2), ({"stock": 10}, 3), ({"stock": 20}, 4)],
    "speedone": [
        ({"target": 200}, 3),
        ({"target": 200, "partners": True}, 4),
        ({"target": 200, "scoring": "each_their_own", "stack_draw_two": False}, 2),
    ],
}
EVENT_TYPES = {
    game: {"game_over", "turn", "play", "draw", "deal", "round_end", "round_over", "take",
           "reshuffle", "build", "store", "undo", "pass", "complete", "demolish", "turn_up",
           "ignition", "black_hole", "asteroid", "blind", "end", "one", "out", "hand", "leave",
           "round_abandoned"}
    for game in names()
}  # fmt: skip
LEAKS = [
    re.compile(r"=|\{|\}|\bNone\b|\bTrue\b|\bFalse\b|\(n\)|\(s\)|\(e\)"),
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # internal names such as game_over, stock_left
    re.compile(r"(?<![\d.,])1 (Karten|Punkte|Minuspunkte|Züge|Runden)\b"),
    re.compile(r"(?<![\d.,])1 (cards|points|minus points|turns|rounds)\b"),
    re.compile(r"\bplace \d"),
]


def record_of(game_name: str, settings: dict, seats: int, seed: int) -> list[dict]:
    """A played-through game as the table records it: moves by humans, computers and the
    clock, a player leaving midway, and the end."""
    engine = get_game(game_name)
    state = engine.new(settings, seats, seed, 0)
    rng = random.Random(seed)
    entries = [{"kind": "deal", "seats": [{"name": n} for n in NAMES[:seats]], "at": 0}]
    for number_ in range(20_000):
        seat = engine.to_move(state)
        if seat is None:
            break
        if number_ == 40 and seats > 2:
            events = engine.leave(state, seats - 1) or []
            entries.append({"kind": "leave", "seat": seats - 1, "events": events, "at": 1})
            continue
        legal = engine.legal_moves(state, seat)
        move = rng.choice(legal)
        if move.get("type") in ("draw", "take", "undo") and len(legal) > 1:
            move = rng.choice(legal)
        by = "clock" if number_ % 17 in (3, 4) else "human"
        events = engine.apply(state, seat, move)
        entries.append({"kind": "move", "seat": seat, "move": move, "by": by, "events": events,
                        "at": 1})  # fmt: skip
    if engine.to_move(state) is None:
        entries.append({"kind": "end", "at": 2, "result": engine.result(state)})
    return entries


def assert_words(text: str, lang: str, where: str) -> None:
    assert text and text == text.strip(), where
    for leak in LEAKS:
        assert not leak.search(text), f"{where}: {text!r} ({leak.pattern})"
    if lang == "de":  # no event type left as it is (in English many are words)
        raw = [kind for kind in EVENT_TYPES["speedone"] if re.search(rf"\b{kind}\b", text)]
        assert not raw, f"{where}: {text!r} shows {raw}"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game_name", names())
def test_every_event_of_played_games_reads_as_words(game_name, lang):
    book = importlib.import_module(f"services.table.phrases.{game_name}")
    seen = set()
    for index, (settings, seats) in enumerate(GAMES[game_name]):
        entries = record_of(game_name, settings, seats, seed=11 + index)
        assert entries[-1]["kind"] == "end", "the game should have ended"
        for entry in entries[1:]:
            for event in entry.get("events", []):
                seen.add(event["type"])
                for seat in (0, None):
                    shown = redact_event(event, seat)
                    text = book.phrase(shown, list(NAMES[:seats]), lang)
                    assert text is not None, f"{game_name} has no words for {shown}"
                    assert_words(text, lang, f"{game_name} {event['type']}")
        lines = log_lines(game_name, entries, seat=0, lang=lang)
        for found in lines:
            assert_words(found["text"], lang, game_name)
        assert any(found["text"].startswith(("Endstand", "Final standings")) for found in lines)
    assert "game_over" in seen


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(
    "kind",
    ["table.clock", "table.left_game", "table.game_over", "table.game_started", "table.opened",
     "table.joined", "table.waiting", "table.left", "table.closed", "table.settings",
     "table.back", "table.hold_over", "table.turbo", "table.freed"],
)  # fmt: skip
def test_every_table_event_reads_as_words(kind, lang):
    event = {"type": kind, "seat": 1, "name": "Bob", "no": 2, "game": "speedone"}
    assert_words(line("speedone", event, ["Ann", "Bob"], lang), lang, kind)
    for seat_kind in ("computer", "empty"):
        event = {"type": "table.seat", "seat": 1, "kind": seat_kind, "name": "Bob"}
        assert_words(line("speedone", event, ["Ann", "Bob"], lang), lang, seat_kind)


EXAMPLES = [
    ("speedone", {"type": "draw", "seat": 1, "count": 2, "forfeited": 0, "reason": "one"},
     "Bob vergisst ONE und zieht 2 Karten.", "Bob forgets to call ONE and draws 2 cards."),
    ("speedone", {"type": "draw", "seat": 0, "count": 1, "forfeited": 0, "reason": "draw",
                  "private": {"0": {"cards": ["R7"]}}},
     "Ann zieht 1 Karte: Rot 7.", "Ann draws 1 card: red 7."),
    ("speedone", {"type": "draw", "seat": 1, "count": 1, "forfeited": 1, "reason": "draw_two"},
     "Bob muss 1 Karte ziehen (1 Karte verfällt: höchstens 22 auf der Hand oder Stapel leer).",
     "Bob has to draw 1 card (1 card forfeited: 22 in hand at most or no cards left)."),
    ("speedone", {"type": "play", "seat": 0, "card": "W4", "color": "G",
                  "pending": {"kind": "draw_four", "amount": 8}},
     "Ann legt Plus 4 und wünscht Grün – zu ziehen: 8 Karten.",
     "Ann plays wild draw four and names green – 8 cards to draw."),
    ("speedone", {"type": "hand", "seat": 1, "points": 1, "revealed": ["R1"]},
     "Bob hat noch 1 Punkt auf der Hand.", "Bob still holds 1 point in hand."),
    ("speedone", {"type": "game_over", "end": "target", "places": [1, 2, 1, 2],
                  "totals": [300, 0, 0, 0], "team_totals": [300, 0]},
     "Das Ziel ist erreicht: Ann und Cid gewinnen die Partie (300 Punkte).",
     "The target is reached: Ann and Cid win the game (300 points)."),
    ("speedone", {"type": "round_end", "round": 3, "winner": None, "turns": 1000,
                  "points": [5, 9], "scored": [0, 0], "totals": [40, 80], "team_totals": None},
     "Runde 3: 1.000 Züge sind gespielt, und niemand hat gewonnen – jede Hand zählt. "
     "Stand: Ann 40, Bob 80.",
     "Round 3: 1,000 turns are over and nobody has won – every hand counts. "
     "Score: Ann 40, Bob 80."),
    ("speedone", {"type": "round_end", "round": 2, "winner": 0, "points": [0, 7, 100, 1],
                  "scored": [8, 0, 0, 0], "totals": [128, 0, 80, 60], "team_totals": [208, 60]},
     "Runde 2 geht an Ann. Stand: Ann und Cid 208 (Ann 128, Cid 80), Bob und Dan 60 (Bob 0, "
     "Dan 60).",
     "Round 2 goes to Ann. Score: Ann and Cid 208 (Ann 128, Cid 80), Bob and Dan 60 (Bob 0, "
     "Dan 60)."),
    ("speedlaunch", {"type": "game_over", "places": [1, 2], "minus": [1, 0], "rounds_won": [0, 1],
                     "rounds": [{"winner": 1, "first": 0, "remaining": [1, 0]}], "left": [1]},
     "Ann gewinnt die Partie – wer gegangen ist, kommt nach allen, die geblieben sind.",
     "Ann wins the game – whoever left is placed after everyone who stayed."),
    ("speedtower", {"type": "game_over", "places": [1, 3, 1], "winner": 1, "left": [1],
                    "stock_left": [2, 0, 2], "stock_built": [8, 10, 8], "stock_size": 10,
                    "turns": 2, "end": "stock_emptied"},
     "Ann und Cid gewinnen die Partie – wer gegangen ist, kommt nach allen, die geblieben sind.",
     "Ann and Cid win the game – whoever left is placed after everyone who stayed."),
    ("speedone", {"type": "turn_up", "revealed": ["GS"]},
     "Grün Aussetzen wird aufgedeckt und wieder eingemischt.",
     "Green skip is turned up and shuffled back in."),
    ("speedtower", {"type": "game_over", "places": [1, 2], "winner": 0, "stock_left": [0, 3],
                    "stock_built": [10, 7], "stock_size": 10, "turns": 38, "end": "stock_emptied"},
     "Ann hat den ganzen Bauauftrag verbaut und gewinnt die Partie!",
     "Ann has built the whole stock and wins the game!"),
    ("speedtower", {"type": "game_over", "places": [2, 1], "winner": None, "stock_left": [4, 3],
                    "stock_built": [6, 7], "stock_size": 10, "turns": 1500, "end": "turn_limit"},
     "1.500 Züge sind gespielt: Die Partie endet ohne Sieger; Bob hat die wenigsten Karten im "
     "Bauauftrag.",
     "1,500 turns have been played: the game ends without a winner; Bob has the fewest cards "
     "left in the stock."),
    ("speedtower", {"type": "demolish", "towers": ["A"], "count": 7},
     "Abriss: Turm A wird zu neuem Material (7 Karten).",
     "Demolition: tower A becomes new material (7 cards)."),
    ("speedtower", {"type": "build", "seat": 0, "from": "stock", "card": "8", "tower": "B",
                    "floor": 8, "stock_left": 1, "stock_top": "3"},
     "Ann baut eine 8 aus dem Bauauftrag auf Turm B (Stockwerk 8). Im Bauauftrag: noch 1 Karte.",
     "Ann builds an 8 from the stock on tower B (floor 8). Left in the stock: 1 card."),
    ("speedlaunch", {"type": "take", "seat": 1, "cards": ["9"]},
     "Bob nimmt die Rampe auf (1 Karte).", "Bob takes the ramp (1 card)."),
    ("speedlaunch", {"type": "take", "seat": 1, "cards": ["9", "4"], "blind": True},
     "Bob nimmt die Rampe und die Blindkarte auf (3 Karten).",
     "Bob takes the ramp and the blind card (3 cards)."),
    ("speedone", {"type": "play", "seat": 0, "card": "RR", "color": "R", "direction": -1,
                  "again": True},
     "Ann legt Rot Richtungswechsel – die Spielrichtung wechselt – zu zweit ist Ann gleich "
     "nochmal dran.",
     "Ann plays red reverse – the direction changes – with two players Ann goes again."),
    ("speedlaunch", {"type": "play", "seat": 0, "cards": ["7", "7", "SAT"], "stacks": [],
                     "value": 7, "lamps": 3},
     "Ann legt 2 × 7 und Satellit.", "Ann plays 2 × 7 and satellite."),
    ("speedlaunch", {"type": "game_over", "places": [1, 2], "minus": [0, 6],
                     "rounds_won": [1, 0], "rounds": [{"winner": 0, "first": 0,
                                                       "remaining": [0, 6]}]},
     "Ann ist alle Karten los und gewinnt die Partie!",
     "Ann has shed every card and wins the game!"),
    ("speedlaunch", {"type": "game_over", "places": [1, 1], "minus": [1, 1],
                     "rounds_won": [0, 0], "rounds": [{"winner": None, "first": 0,
                                                       "remaining": [1, 1]}]},
     "Ann und Bob teilen sich den Sieg mit je 1 Minuspunkt.",
     "Ann and Bob share the win with 1 minus point each."),
]  # fmt: skip


@pytest.mark.parametrize(("game_name", "event", "de", "en"), EXAMPLES)
def test_lines_say_it_like_a_person(game_name, event, de, en):
    for lang, expected in (("de", de), ("en", en)):
        names = ["Ann", "Bob", "Cid", "Dan"]
        assert line(game_name, redact_event(event, 0), names, lang) == expected


def test_the_clock_is_said_once_before_the_computers_decisions():
    entries = [
        {"kind": "deal", "seats": [{"name": "Ann"}, {"name": "Handy739"}], "at": 0},
        {"kind": "move", "seat": 1, "by": "clock", "at": 1,
         "events": [{"type": "store", "seat": 1, "card": "5", "pile": 0}]},
        {"kind": "move", "seat": 1, "by": "clock", "at": 2,
         "events": [{"type": "pass", "seat": 1}]},
        {"kind": "leave", "seat": 1, "at": 3, "events": []},
        {"kind": "end", "at": 4, "result": {"places": [1, 2]}},
    ]  # fmt: skip
    texts = [found["text"] for found in log_lines("speedtower", entries, None, "de")]
    assert texts == [
        "Zeit abgelaufen – der Computer spielt für Handy739.",
        "Handy739 lagert eine 5 in Lager 1.",
        "Handy739 kann nichts bauen und passt.",
        "Handy739 hat die Partie verlassen; der Computer spielt den Platz zu Ende.",
        "Endstand: 1. Ann; 2. Handy739.",
    ]
    seats = [found["seat"] for found in log_lines("speedtower", entries, None, "de")]
    assert seats == [1, 1, 1, 1, None], "each line names the seat it is about"
    english = [found["text"] for found in log_lines("speedtower", entries, None, "en")]
    assert english[0] == "Time is up – the computer plays for Handy739."
    assert english[-1] == "Final standings: 1st Ann; 2nd Handy739."


def test_a_line_belongs_to_the_seat_it_is_about():
    entries = [
        {"kind": "deal", "seats": [{"name": "Ann"}, {"name": "Bob"}], "at": 0},
        {"kind": "move", "seat": 0, "by": "human", "at": 1,
         "events": [{"type": "pass", "seat": 0}, {"type": "turn", "seat": 1, "turns": 2}]},
    ]  # fmt: skip
    lines = log_lines("speedtower", entries, 0, "de")
    assert [(found["seat"], found["text"]) for found in lines] == [
        (0, "Ann kann nichts bauen und passt."),
        (1, "Bob ist am Zug (Zug 2)."),
    ]


def test_the_turn_events_of_an_older_record_still_read():
    """An older house's Speedtower turn event counted its turns under "turn"."""
    entries = [
        {"kind": "deal", "seats": [{"name": "Ann"}, {"name": "Bob"}], "at": 0},
        {"kind": "move", "seat": 0, "by": "human", "at": 1,
         "events": [{"type": "turn", "seat": 1, "turn": 7}]},
    ]  # fmt: skip
    lines = log_lines("speedtower", entries, None, "en")
    assert [found["text"] for found in lines] == ["Bob's turn (turn 7)."]


def test_numbers_and_nouns_agree_in_both_languages():
    assert [count(n, "card", "de") for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
    assert [count(n, "card", "en") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1500, "turn", "de") == "1.500 Züge" and number(1500, "en") == "1,500"
    assert [ordinal(place, "en") for place in (1, 2, 3, 4, 11)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
    ]
    assert listing(["A", "B", "C"], "de") == "A, B und C" and listing(["A"], "en") == "A"
    assert standings([2, 1, 2], ["A", "B", "C"], "en") == "1st B; 2nd A and C"
