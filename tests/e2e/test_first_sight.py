"""The table at first sight (issue #28): counted words, the first game's guide off the clock,
the asteroid's target, exclamations in the reader's language, the end screen's booking wait,
the start address after a solo game, and the smaller words — each by real clicks, in one
browser and house."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from services.table.phrases.speedlaunch import EXCLAMATIONS
from tests.e2e.helpers import END, browser_token, end_screen, open_table, sign_in, unique_name

# "1" followed by a plural noun: what a counted message must never say.
ONE_PLURAL = re.compile(
    r"(?<![\d.])1 (?:\S+ )?(?:Karten|Plätze|Punkte|Minuspunkte|Stockwerke|Partien|cards|seats|"
    r"points|floors|players|characters|games)\b"
)


def test_every_counted_message_at_0_1_and_2_in_german_and_english(new_page):
    page = new_page()
    rendered = page.evaluate("""async () => {
        await (await import('/games.js')).loadGames();  // the games' own words among them
        const { counted, t } = await import('/i18n.js');
        const out = {};
        const params = { rank: 3, t: 'A', need: 4, c: 'Rot', game: 'Speedone', time: 'T',
                         rating: 'R', window: 'W' };
        for (const lang of ['de', 'en']) {
            (await import('/prefs.js')).prefs.lang = lang;
            out[lang] = Object.fromEntries(counted().map((key) =>
                [key, [0, 1, 2].map((n) => t(key, { n, ...params }))]));
        }
        return out;
    }""")
    assert set(rendered["de"]) == set(rendered["en"]) and len(rendered["de"]) >= 15
    for lang, messages in rendered.items():
        for key, (zero, one, two) in messages.items():
            assert "{" not in zero + one + two, (lang, key)
            assert "1" in one and "2" in two and "0" in zero, (lang, key)
            assert not ONE_PLURAL.search(one), (lang, key, one)
            assert zero.replace("0", "#") == two.replace("2", "#"), (lang, key)  # both plural
    assert rendered["de"]["table.cards"] == ["0 Karten", "1 Karte", "2 Karten"]
    assert rendered["en"]["sl.ramp.count"][1] == "1 card on the ramp"


def clock_seconds(page) -> int:
    minutes, seconds = re.search(
        r"(\d+):(\d\d)", page.get_by_test_id("clock").inner_text()
    ).groups()
    return int(minutes) * 60 + int(seconds)


def test_the_first_games_guide_does_not_run_on_the_clock_of_a_solo_game(new_page):
    page = new_page(tour=True)
    sign_in(page, unique_name("Neu"))
    open_table(page, "speedone", 2, **{"set-clock": 30})
    tour = page.get_by_test_id("tour")
    expect(tour).to_be_visible()
    clock = page.get_by_test_id("clock")
    expect(clock).to_have_class(re.compile(r"\bheld\b"))  # the human's turn, held
    shown = clock_seconds(page)
    assert shown >= 28
    while page.get_by_test_id("tour-next").inner_text() not in ("Los geht's", "Los geht’s"):
        page.get_by_test_id("tour-next").click()
    assert clock_seconds(page) == shown  # all the steps read, not a second gone
    expect(page.get_by_test_id("tour-text")).to_contain_text("Im „Spielverlauf“ steht jeder Zug")
    page.get_by_test_id("tour-next").click()
    expect(tour).to_be_hidden()
    expect(clock).not_to_have_class(re.compile(r"\bheld\b"))
    page.wait_for_function(
        "s => !document.querySelector('[data-testid=clock]').textContent.includes(s)",
        arg=f"0:{shown:02d}",
        timeout=5_000,
    )  # it runs again


def test_a_finished_solo_game_in_english_booking_words_toast_and_the_lobby_after(new_page, house):
    """The end screen waits for its booking without an error, says "1st"; Joy speaks English;
    a German error toast leaves the live region when the reader switches to English; after
    the game / is the lobby, whose form kept the strength and the options chosen."""
    page = new_page()
    sign_in(page, unique_name("Ende"))
    answers = []
    page.on("response", lambda r: "/api/ledger/tables/" in r.url and answers.append(r.status))
    page.click("[data-game=speedlaunch]")
    page.fill("#set-stakes", "100000")  # more than a guest has: refused, in German
    page.get_by_test_id("create-table").click()
    toast = page.locator("#toast")
    expect(toast).to_have_class(re.compile(r"\bshow\b"))
    page.get_by_test_id("lang").click()
    expect(toast).to_have_text("")  # no German left in the live region
    page.fill("#set-stakes", "0")
    open_table(page, "speedlaunch", 2, **{"set-strength": "stark", "opt-asteroid_target": "left"})
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    page.get_by_test_id("chat-freude").click()
    english = {line["en"] for line in EXCLAMATIONS["freude"]}
    expect(page.locator(".chat-lines li strong")).to_have_count(1)
    said = page.locator(".chat-lines li").inner_text().split(": ", 1)[1]
    assert said in english, said
    page.get_by_test_id("turbo").click()
    house.play_seats([browser_token(page)], page.url.rsplit("/", 1)[1])
    end = end_screen(page)
    expect(end.get_by_test_id("end-short")).to_contain_text("Game under")  # the booking
    assert answers[-1] == 200 and all(status in (200, 202) for status in answers), answers
    expect(end.locator("table.result")).to_contain_text("1st place")
    expect(end.locator("table.result")).to_contain_text("2nd place")
    page.goto("/")
    expect(page.get_by_test_id("create-table")).to_be_visible()
    expect(page.locator(END)).to_have_count(0)
    assert page.url.endswith("/")
    page.reload()
    expect(page.locator("#set-strength")).to_have_value("stark")
    expect(page.locator("#opt-asteroid_target")).to_have_value("left")


def asteroid_aimed(doc: dict) -> bool:
    return any("target" in move for move in (doc.get("current") or {}).get("legal", []))


def test_an_asteroid_at_two_seats_says_where_the_ramp_goes_and_its_target_is_a_button(
    new_page, house
):  # fmt: skip
    page = new_page()
    sign_in(page, unique_name("Ast"))
    open_table(page, "speedlaunch", 2, **{"set-clock": 0})
    me, table = browser_token(page), page.url.rsplit("/", 1)[1]
    house.client(me).turbo(table)
    for _ in range(6):  # random moves (my asteroids among them) until one is mine to aim
        doc = house.play_seats([me], table, until=asteroid_aimed, prefer=())
        if asteroid_aimed(doc):
            break
        house.client(me).rematch(table)
        house.client(me).turbo(table)
    else:
        raise AssertionError("no asteroid came my way in six games")
    opponent = next(seat["name"] for seat in doc["seats"] if not seat["you"])
    expect(page.locator(".table-screen")).to_have_attribute("data-version", str(doc["version"]))
    page.locator(".group[data-kind=AST], .my-stacks button.card[data-card=AST]").first.click()
    expect(page.get_by_test_id("preview")).to_have_text(
        f"Asteroid: Einsetzen schickt die Rampe zu {opponent}"
    )
    target = page.locator("button.opponent.targetable")
    expect(target).to_have_count(1)
    expect(page.locator("button.seat.targetable")).to_have_count(1)
    target.click()
    expect(page.locator(".log-lines")).to_contain_text(f"Asteroid: {opponent} nimmt")
    page.get_by_test_id("leave").click()  # what leaving costs, said before one goes
    expect(page.locator(".modal")).to_contain_text("Ab 2 Minuten Spieldauer kostet das −10 Punkte")


def logged(house, token: str, table: str, words: str) -> bool:
    lines = house.call("GET", f"/api/table/tables/{table}/log?lang=de", token)
    return any(words in line["text"] for line in lines)


@pytest.mark.parametrize(
    ("game", "prefer", "words"),
    [
        ("speedone", ("play",), "– zu zweit ist"),  # a skip or a reverse at two players
        ("speedlaunch", ("blind",), "nimmt die Rampe und die Blindkarte auf"),
    ],
)
def test_the_log_says_who_goes_again_at_two_and_what_a_dud_blind_card_took(
    new_page, house, game, prefer, words
):  # fmt: skip
    page = new_page()
    sign_in(page, unique_name("Log"))
    open_table(page, game, 2, **{"set-clock": 0})
    me, table = browser_token(page), page.url.rsplit("/", 1)[1]
    house.client(me).turbo(table)
    for seed in range(8):  # random moves until the line is there
        house.play_seats(
            [me], table, until=lambda _: logged(house, me, table, words), seed=seed, prefer=prefer
        )
        if logged(house, me, table, words):
            break
        house.client(me).rematch(table)
        house.client(me).turbo(table)
    else:
        raise AssertionError(f"no {words!r} in eight games")
    line = page.locator(".log-lines li", has_text=words).last  # (the computer may move on)
    expect(line).to_be_visible()
    if game == "speedlaunch":  # the ramp's cards and the blind card: at least two, all counted
        taken = int(re.search(r"\((\d+) Karten\)", line.inner_text()).group(1))
        assert taken >= 2 and "Blindkarte" in line.inner_text()
    else:
        assert re.search(r"zu zweit ist .+ gleich nochmal dran", line.inner_text())
