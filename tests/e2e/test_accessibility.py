"""Accessibility (issue #19, part 7): axe-core (axe-playwright-python, which ships axe and
works offline) finds nothing serious or critical on the lobby and on each game's table, at
desktop and phone width."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, SIZES, open_table, sign_in, unique_name

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - the skip says why
    Axe = None

PAGES = ["lobby", "speedlaunch", "speedtower", "speedone"]


def serious(page) -> list[str]:
    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [", ".join(node["target"]) for node in violation["nodes"][:4]]
            found.append(
                f"{violation['id']} ({violation['impact']}): {violation['help']} – {targets}"
            )
    return found


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.skipif(Axe is None, reason="axe-playwright-python is not installed")
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("where", PAGES)
def test_no_serious_accessibility_findings(new_page, where, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Axe"))
    if where == "lobby":
        expect(page.locator(".lobby")).to_be_visible()
        page.wait_for_timeout(500)  # the lists have loaded
    else:
        open_table(page, where, seats=3, solo=True, **{"set-clock": 0})
        expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
        page.wait_for_timeout(300)
    assert serious(page) == []
