"""Accessibility (issue #19, part 7; issue #28): axe-core (axe-playwright-python, which ships
axe and works offline) finds nothing serious or critical on any page state the browser tests
reach — the lobby, the rules, each game at two seats with its first-game guide open and at its
most seats, an end screen and its replay — at desktop and phone width. One page per width
walks through them all."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, SIZES, browser_token, end_screen, sign_in, unique_name

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - the skip says why
    Axe = None

MOST = {"speedlaunch": 6, "speedtower": 4, "speedone": 6}


def serious(page, where: str) -> list[str]:
    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [", ".join(node["target"]) for node in violation["nodes"][:4]]
            what = f"{violation['id']} ({violation['impact']}): {violation['help']}"
            found.append(f"{where}: {what} – {targets}")
    return found


def scan_table(page, house, token: str, game: str, seats: int, guide: bool) -> list[str]:
    table = house.open_table(token, game, seats=seats, solo=True)
    page.goto(f"/t/{table}")
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    if guide:
        expect(page.locator(".tour")).to_be_visible()
    page.wait_for_timeout(300)
    found = serious(page, f"{game}-{seats}" + (" with the guide" if guide else ""))
    if guide:
        page.get_by_test_id("tour-skip").click()
    return found


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.skipif(Axe is None, reason="axe-playwright-python is not installed")
@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_accessibility_findings(new_page, house, size):
    page = new_page(*SIZES[size], tour=True)
    sign_in(page, unique_name("Axe"))
    token = browser_token(page)
    expect(page.locator(".lobby")).to_be_visible()
    page.wait_for_timeout(500)  # the lists have loaded
    found = serious(page, "lobby")
    page.get_by_test_id("rules-open").first.click()
    expect(page.locator(".rules-modal")).to_be_visible()
    found += serious(page, "rules")
    page.get_by_role("button", name="Schließen", exact=True).click()  # not "✕"
    expect(page.locator(".rules-modal")).to_have_count(0)

    # the tables stay as they are (the computers wait for this player); a house allows five
    # tables a player, so another player sits at the tables with the most seats
    for game in MOST:  # the first game of each game: its guide is open
        found += scan_table(page, house, token, game, 2, guide=True)
    token = house.guest(unique_name("Axe"))
    page.evaluate("token => localStorage.setItem('sg.token', token)", token)
    for game, most in MOST.items():
        found += scan_table(page, house, token, game, most, guide=False)

    table = house.play_solo(token, "speedone", target=200)  # a short game
    page.goto(f"/t/{table}")
    end_screen(page)
    page.wait_for_timeout(400)  # the dialog's short pop
    found += serious(page, "end screen")
    page.get_by_test_id("to-replay").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    found += serious(page, "replay")
    assert found == [], "\n".join(found)
