"""The end screen (issue #19, part 2): places, the leaderboard points and Taler each player
won or lost (the ledger's booking of the game), and the rounds one by one from the engine's
round history, so a reload shows them again. At 1366×800, 390×844 and 844×390, German and
English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    AFTER_BURST_MS,
    BOOKED_MS,
    DRAWN,
    SIZES,
    browser_token,
    end_screen,
    no_horizontal_scroll,
    sign_in,
    unique_name,
)


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedlaunch_end_screen_with_points_taler_and_rounds(new_page, house, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Ann"))
    me = browser_token(page)
    table, bo = house.start_against(
        me, "speedlaunch", unique_name("Bo"), options={"rounds": "everyone"}, stakes=10
    )
    page.goto(f"/t/{table}")
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    house.play_seats([me, bo], table)

    end = end_screen(page)
    expect(end.locator("table.result tbody tr")).to_have_count(2)
    expect(end.locator("table.result thead")).to_contain_text("Punkte")
    expect(end.locator("table.result thead")).to_contain_text("Taler")
    expect(end.get_by_test_id("end-points")).to_have_count(2, timeout=BOOKED_MS)
    talers = end.get_by_test_id("end-taler").all_inner_texts()
    assert sorted(talers) in (["+10", "-10"], ["0", "0"]), talers  # the pot, or a shared place
    rounds = end.get_by_test_id("end-rounds")
    expect(rounds.locator("tbody tr[data-round]")).to_have_count(2)  # everyone began once
    expect(rounds).to_contain_text("Runde 2")
    expect(rounds.locator("tr.total")).to_contain_text("Minus")
    page.wait_for_timeout(400)  # the dialog's short pop
    page.screenshot(path=f"/tmp/end-speedlaunch-{size}.png")
    no_horizontal_scroll(page)
    fits = "t => t.scrollWidth <= t.parentElement.clientWidth + 1"
    assert end.locator("table.result").evaluate(fits)

    page.reload()  # another device, or a reload: the same rounds and the booking
    expect(end.get_by_test_id("end-rounds").locator("tbody tr[data-round]")).to_have_count(2)
    expect(end.get_by_test_id("end-taler")).to_have_count(2)
    page.evaluate("document.querySelector('[data-testid=lang]').click()")  # the header is inert
    expect(end.get_by_test_id("end-rounds")).to_contain_text("Round 2")
    expect(end.locator("table.result thead")).to_contain_text("Points")


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedone_rounds_survive_a_reload_and_reach_the_end_screen(new_page, house, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Cleo"))
    me = browser_token(page)
    table, dan = house.start_against(me, "speedone", unique_name("Dan"), options={"target": 500})
    page.goto(f"/t/{table}")

    def one_round(doc):
        return len(doc["current"]["view"]["round_history"]) >= 1

    doc = house.play_seats([me, dan], table, until=one_round)
    # the page draws each update of the burst first: the reload comes once it has caught up
    page.wait_for_function(DRAWN, arg=doc["version"], timeout=AFTER_BURST_MS)
    page.reload()  # the scores per round come from the view, not from this browser's memory
    scores = page.locator("details.scores")
    if not scores.get_attribute("open"):
        scores.locator("summary").click()
    expect(scores.locator("tbody tr", has_text="Runde 1")).to_have_count(1)

    house.leave(dan, table)  # one player left: the game ends with the rounds played
    end = end_screen(page)
    rounds = end.get_by_test_id("end-rounds")
    expect(rounds.locator("tbody tr[data-round='1']")).to_be_visible()
    expect(rounds.locator("tr.total")).to_contain_text("Gesamt")
    expect(end.get_by_test_id("end-points")).to_have_count(2)  # booked: the leaver too
    no_horizontal_scroll(page)
    page.wait_for_timeout(400)  # the dialog's short pop
    page.screenshot(path=f"/tmp/end-speedone-{size}.png")
