"""Each game, alone against computers at Turbo: a human plays a whole game through the UI to
the end screen, and "Nochmal" starts the next one.

Speedone plays at four seats: heads-up, a game to 200 takes the test's player a median of 250
clicks and more than 400 in one game of eight (simulated, 200 deals), too many for the bound;
at four seats a round's winner scores three hands, and the longest of 200 games took 183."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import END, end_screen, open_table, play, sign_in, unique_name

SETUPS = {
    "speedlaunch": {"opt-rounds": "one", "set-clock": 0},
    "speedtower": {"opt-stock": 10, "set-clock": 0},
    "speedone": {"opt-target": 200, "set-clock": 0},
}
SEATS = {"speedlaunch": 2, "speedtower": 2, "speedone": 4}


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("game", list(SETUPS))
def test_solo_game_to_the_end_and_rematch(new_page, game):
    page = new_page()
    sign_in(page, unique_name("Solo"))
    open_table(page, game, seats=SEATS[game], solo=True, **SETUPS[game])
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    page.get_by_test_id("turbo").click()
    expect(page.get_by_test_id("turbo")).to_have_attribute("aria-pressed", "true")
    moves = play([page], game, limit=330)  # a whole game by clicks, within the test's 400 s
    assert moves > 0
    end = end_screen(page)
    expect(end.locator("table.result tbody tr")).to_have_count(SEATS[game])
    expect(page.locator(".log-lines li").first).to_be_visible()
    page.get_by_test_id("rematch").click()
    expect(page.locator(END)).to_have_count(0)
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    expect(page.locator(".table-title")).to_contain_text("2")
