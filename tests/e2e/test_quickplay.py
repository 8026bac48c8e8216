"""Quick play and ratings in browsers: a player who closes the tab while waiting is out of the
pool; two press "Schnell spielen" for Speedone and land at one started table with their
provisional ratings on the seat chips; Ann leaves, Bob's end screen shows his rating's change,
his player page the chart leading to the replay, and the lobby's rating tab his rating."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import BOOKED_MS, browser_token, end_screen, sign_in, unique_name


@pytest.mark.timeout(240)
def test_two_players_meet_by_quick_play_and_see_their_ratings(new_page, house):
    ann, bob, cy = new_page(), new_page(), new_page()
    sign_in(ann, unique_name("Ann"))
    sign_in(bob, unique_name("Bob"))
    sign_in(cy, unique_name("Cy"))
    for page in (ann, bob, cy):
        page.click("[data-game=speedone]")
        page.select_option("#quick-seats", "2")
        page.select_option("#quick-clock", "0")
    expect(ann.get_by_test_id("computer-ratings")).to_contain_text("normal ≈ 1500")
    cy.get_by_test_id("quick-go").click()
    expect(cy.get_by_test_id("quick-status")).to_contain_text("Suche Mitspieler")
    gone = browser_token(cy)
    cy.close()  # the closed tab leaves the pool
    deadline = time.monotonic() + 10
    while house.call("GET", "/api/lobby/quickplay", gone)["state"] != "idle":
        assert time.monotonic() < deadline, "the closed tab is still in the pool"
        time.sleep(0.1)
    ann.get_by_test_id("quick-go").click()
    expect(ann.get_by_test_id("quick-status")).to_contain_text("Suche Mitspieler")
    bob.get_by_test_id("quick-go").click()
    for page in (ann, bob):
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
        expect(page.get_by_test_id("seat-rating")).to_have_count(2)
        expect(page.get_by_test_id("seat-rating").first).to_have_text("1500?")
    assert ann.url == bob.url

    ann.get_by_test_id("leave").click()
    ann.get_by_test_id("leave-confirm").click()
    end_screen(bob)
    expect(bob.get_by_test_id("end-rating").first).to_have_text(
        re.compile(r"^Rating \+\d+$"), timeout=BOOKED_MS
    )
    assert re.fullmatch(
        r"Rating \d+\? \(\+\d+\)",
        bob.get_by_test_id("end-rating").first.get_attribute("aria-label"),
    )
    table_path = bob.url.split("://", 1)[1].split("/", 1)[1]
    bob.get_by_test_id("to-lobby").click()
    expect(bob.get_by_test_id("quick-go")).to_be_visible()

    bob.goto("/p/" + bob.get_by_test_id("me").inner_text())
    expect(bob.get_by_test_id("player-rating")).to_have_text(re.compile(r"^\d+\?$"))
    point = bob.locator("[data-testid=rating-chart] a")
    expect(point).to_have_count(1)
    assert point.get_attribute("href") == f"/{table_path}/1"

    bob.goto("/")
    bob.click("[data-game=speedone]")
    bob.get_by_role("button", name="Rating").click()
    expect(bob.get_by_test_id("my-rating")).to_contain_text(re.compile(r"Dein Rating: \d+\?"))
