"""Screenshots of the pages issue #19 added — a player's page, the end screen with points,
Taler and rounds, a replay with every hand open, the rules and a first game's tour — at
desktop (1366×800) and phone (390×844) width (in docs/screenshots under `make screenshots`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    AFTER_BURST_MS,
    SHOTS,
    SIZES,
    browser_token,
    end_screen,
    open_table,
    sign_in,
    unique_name,
)

SHOT_SIZES = ["desktop", "phone"]  # the README's pictures


def shoot(page, name: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.wait_for_timeout(400)  # the short animations settle
    page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("size", SHOT_SIZES)
def test_page_screenshots(new_page, house, size):
    page = new_page(*SIZES[size])
    name = unique_name("Ada")
    sign_in(page, name)
    me = browser_token(page)
    table, bo = house.start_against(
        me, "speedlaunch", unique_name("Bo"), options={"rounds": "everyone"}, stakes=10
    )
    page.goto(f"/t/{table}")
    house.play_seats([me, bo], table, seed=5)
    end = end_screen(page)
    expect(end.get_by_test_id("end-taler")).to_have_count(2, timeout=AFTER_BURST_MS)  # booked
    shoot(page, "end-screen", size)

    page.get_by_test_id("to-replay").click()
    page.get_by_test_id("replay-as").select_option("open")
    expect(page.get_by_test_id("open-hands")).to_be_visible()
    page.locator("#replay-at").fill("6")
    shoot(page, "replay", size)

    page.goto(f"/p/{name}")
    expect(page.get_by_test_id("player-recent")).to_be_visible()
    shoot(page, "player", size)

    page.locator(".brand").click()  # the lobby ("/" by address leads back to the own table)
    page.get_by_test_id("rules-open").click()
    expect(page.get_by_test_id("rules")).to_be_visible()
    shoot(page, "rules", size)


@pytest.mark.slow
@pytest.mark.timeout(200)
@pytest.mark.parametrize("size", SHOT_SIZES)
def test_first_game_screenshots(new_page, size):
    page = new_page(*SIZES[size], tour=True)
    sign_in(page, unique_name("Neu"))
    open_table(page, "speedlaunch", seats=3, solo=True, **{"set-clock": 0})
    expect(page.get_by_test_id("tour")).to_be_visible()
    shoot(page, "first-game", size)
