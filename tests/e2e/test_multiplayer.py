"""Two browsers at one Speedone table: Bob joins Ann's open table from the lobby list, both
play through the UI, Bob reloads mid-game and is back at his seat, and the game goes on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, open_table, play, sign_in, unique_name


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_two_players_one_reloads_and_continues(new_page):
    ann, bob = new_page(), new_page()
    sign_in(ann, unique_name("Ann"))
    sign_in(bob, unique_name("Bob"))
    open_table(ann, "speedone", seats=2, solo=False, **{"opt-target": 200, "set-clock": 0,
               "set-fill": "empty", "set-humans": True})  # fmt: skip
    expect(ann.get_by_test_id("start")).to_be_visible()
    bob.click("[data-game=speedone]")
    bob.get_by_test_id("join").first.click()
    expect(bob.locator(".room")).to_be_visible()
    expect(ann.locator(".room-seat").nth(1)).to_contain_text(bob.get_by_test_id("me").inner_text())
    ann.get_by_test_id("start").click()
    for page in (ann, bob):
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
        expect(page.locator(".so-cards .card")).to_have_count(7)

    assert play([ann, bob], "speedone", moves=8) == 8
    seen = int(bob.locator(".table-screen").get_attribute("data-version"))
    bob.reload()
    expect(bob.locator(".table-screen")).to_have_attribute("data-status", "playing")
    assert int(bob.locator(".table-screen").get_attribute("data-version")) >= seen
    expect(bob.locator(".seat.you")).to_contain_text(bob.get_by_test_id("me").inner_text())
    # the game goes on for both, Bob's moves included
    bob_moves = 0
    for _ in range(30):
        if bob.locator(MY_TURN).count():
            bob_moves += 1
        play([ann, bob], "speedone", moves=1)
        if bob_moves >= 3:
            break
    assert bob_moves >= 3
    expect(ann.locator(".table-screen")).to_have_attribute(
        "data-version", bob.locator(".table-screen").get_attribute("data-version")
    )
