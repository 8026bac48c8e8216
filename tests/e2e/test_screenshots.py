"""Screenshots of each game's table at desktop (1280×800) and phone (390×844) width:
<game>-desktop.png and <game>-phone.png (in docs/screenshots under `make screenshots`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, SHOTS, open_table, play, sign_in, unique_name

SETUPS = {
    "speedlaunch": ({"opt-rounds": "everyone"}, 6),
    "speedtower": ({"opt-stock": 20}, 6),
    "speedone": ({"opt-target": 500}, 6),
}


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", list(SETUPS))
def test_table_screenshots(new_page, game):
    fields, moves = SETUPS[game]
    page = new_page(1280, 800)
    sign_in(page, unique_name("Gast"))
    open_table(page, game, seats=3, solo=True, **fields)
    page.get_by_test_id("turbo").click()
    play([page], game, moves=moves)
    page.wait_for_selector(MY_TURN)
    expect(page.locator(".log-lines li").first).to_be_visible()
    page.fill("#chat-input", "Viel Glück!")
    page.get_by_test_id("chat-send").click()
    expect(page.locator(".chat-lines li").last).to_contain_text("Viel Glück!")
    page.mouse.move(0, 0)
    page.locator("#chat-input").blur()
    page.evaluate("window.scrollTo(0, 0)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{game}-phone.png"), full_page=True)
