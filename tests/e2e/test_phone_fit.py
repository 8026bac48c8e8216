"""Phones (issue #19, part 6): at 390×844, in all three games at every seat count, the hand,
the play area and the action buttons fit without scrolling; opponents are a compact strip;
whose turn it is stays visible; the header is one line."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, open_table, sign_in, unique_name

PHONE = (390, 844)
# per game: the hand, the play area and the action buttons that must be on screen
PARTS = {
    "speedlaunch": {
        "hand": ".my-hand",
        "play area": "[data-testid=ramp]",
        "actions": ".sl-board .actions",
    },
    "speedtower": {
        "hand": ".my-site .hand-box",
        "play area": ".towers",
        "actions": ".my-site .actions",
    },
    "speedone": {"hand": ".so-cards", "play area": ".discard", "actions": "[data-testid=one]"},
}
SEATS = {"speedlaunch": range(2, 7), "speedtower": range(2, 5), "speedone": range(2, 7)}
CASES = [(game, seats) for game, counts in SEATS.items() for seats in counts]


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "seats"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_table_fits_a_phone(new_page, game, seats):
    page = new_page(*PHONE)
    sign_in(page, unique_name("Fon"))
    clock = {"set-clock": 0}
    open_table(page, game, seats=seats, solo=True, **clock)
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    height = page.evaluate("window.innerHeight")
    page.screenshot(path=f"/tmp/fit-{game}-{seats}.png")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    header = box(page, "#top")
    assert header["height"] <= 52, f"the header wraps: {header['height']}px"
    turn = box(page, "[data-testid=turn]")
    assert turn and turn["y"] >= 0 and turn["y"] + turn["height"] <= height
    for part, selector in PARTS[game].items():
        found = box(page, selector)
        assert found, f"{part} ({selector}) is missing"
        bottom = found["y"] + found["height"]
        assert bottom <= height, f"{part} ends at {bottom:.0f}px, below the {height}px screen"
    strip = box(page, ".seats")
    assert strip["height"] <= 60, f"the seats take {strip['height']}px"

    # whose turn stays in sight when the player scrolls down to the chat
    page.locator("#chat-input").scroll_into_view_if_needed()
    turn = box(page, "[data-testid=turn]")
    assert turn["y"] >= 0 and turn["y"] + turn["height"] <= height
