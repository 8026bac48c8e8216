"""Rules and a first game (issue #19, part 5): each game's rules in the house's words (German
and English) from the lobby and from the table; the first game of each game walks a newcomer
through what is legal and what each control does, step by step, skippable, and never again
once done. 1366×800, 390×844 and 844×390."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import SIZES, no_horizontal_scroll, open_table, sign_in, unique_name

WORDS = {"speedlaunch": ("Zündung", "Ignition"), "speedtower": ("Richtfest", "topped out"),
         "speedone": ("ONE", "ONE")}  # fmt: skip
NAMES = {"speedlaunch": "Speedlaunch", "speedtower": "Speedtower", "speedone": "Speedone"}


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_rules_of_each_game_from_the_lobby_in_both_languages(new_page, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Ria"))
    for game, (german, _) in WORDS.items():
        page.click(f"[data-game={game}]")
        page.get_by_test_id("rules-open").click()
        rules = page.get_by_test_id("rules")
        expect(rules).to_have_attribute("data-game", game)
        expect(page.get_by_role("dialog")).to_contain_text(f"Regeln: {NAMES[game]}")
        expect(rules).to_contain_text(german)
        assert rules.locator("section").count() >= 4
        no_horizontal_scroll(page)
        if game == "speedlaunch":
            page.screenshot(path=f"/tmp/rules-{size}.png")
        page.keyboard.press("Escape")
        expect(rules).to_have_count(0)
    page.get_by_test_id("lang").click()
    for game, (_, english) in WORDS.items():
        page.click(f"[data-game={game}]")
        page.get_by_test_id("rules-open").click()
        expect(page.get_by_role("dialog")).to_contain_text(f"Rules: {NAMES[game]}")
        expect(page.get_by_test_id("rules")).to_contain_text(english)
        page.keyboard.press("Escape")


@pytest.mark.slow
@pytest.mark.timeout(200)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_first_game_walks_through_the_table_once(new_page, size):
    page = new_page(*SIZES[size], tour=True)
    sign_in(page, unique_name("Neu"))
    open_table(page, "speedone", seats=2, solo=True, **{"set-clock": 0})
    tour = page.get_by_test_id("tour")
    expect(tour).to_be_visible()
    expect(tour).to_contain_text("Dein erstes Speedone")
    expect(tour).to_contain_text("Schritt 1 von")
    expect(page.locator(".so-hand.tour-target")).to_have_count(1)  # what it is about is marked
    expect(page.get_by_test_id("tour-text")).to_contain_text("legen darfst")
    no_horizontal_scroll(page)
    page.get_by_test_id("tour-next").click()
    expect(tour).to_contain_text("Schritt 2 von")
    expect(page.locator(".discard.tour-target")).to_have_count(1)
    page.get_by_test_id("tour-back").click()
    expect(tour).to_contain_text("Schritt 1 von")
    page.get_by_test_id("tour-next").click()
    while page.get_by_test_id("tour-next").inner_text() != "Los geht's":
        page.get_by_test_id("tour-next").click()
    page.get_by_test_id("tour-next").click()  # done
    expect(tour).to_be_hidden()
    expect(page.locator(".tour-target")).to_have_count(0)
    page.reload()
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("tour")).to_be_hidden()  # never again for Speedone

    # the rules from the table
    page.get_by_test_id("table-rules").click()
    expect(page.get_by_test_id("rules")).to_have_attribute("data-game", "speedone")
    page.keyboard.press("Escape")

    # another game has its own first game; skipping it counts as done, and English
    page.get_by_test_id("lang").click()
    page.get_by_test_id("leave").click()
    page.get_by_test_id("leave-confirm").click()
    expect(page.locator(".lobby")).to_be_visible()
    open_table(page, "speedlaunch", seats=2, solo=True, **{"set-clock": 0})
    expect(page.get_by_test_id("tour")).to_contain_text("Your first Speedlaunch")
    page.get_by_test_id("tour-skip").click()
    expect(page.get_by_test_id("tour")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('sg.tour.speedlaunch')") == "done"


# Where the tour's box lies over what its step marks: "" when the marked part's middle is
# uncovered (the part is on screen: the tour scrolls it there).
COVERED = """() => {
  const el = document.querySelector('.tour-target');
  if (!el) return 'nothing marked';
  const r = el.getBoundingClientRect();
  const x = Math.min(Math.max((r.left + r.right) / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), innerHeight - 1);
  return document.elementFromPoint(x, y)?.closest('.tour') ? `${el.className} under the tour` : '';
}"""


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(1366, 800), (390, 844), (844, 390), (667, 375)],
                         ids=["desktop", "phone", "sideways", "small-sideways"])  # fmt: skip
def test_the_tour_never_covers_what_it_shows(new_page, size):
    page = new_page(*size, tour=True)
    sign_in(page, unique_name("Neu"))
    open_table(page, "speedone", seats=2, solo=True, **{"set-clock": 0})
    expect(page.get_by_test_id("tour")).to_be_visible()
    covered, steps = [], 0
    while page.get_by_test_id("tour").is_visible():
        steps += 1
        assert steps < 20, "the tour does not end"
        covered += [f"step {steps}: {where}" for where in [page.evaluate(COVERED)] if where]
        page.get_by_test_id("tour-next").click()
    assert steps >= 5 and covered == [], covered
