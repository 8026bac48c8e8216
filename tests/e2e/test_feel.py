"""Feel (issue #19, part 7): Speedone's keyboard shortcuts, optional sound (off by default,
remembered) and the short card animation on Speedone's discard pile, which the animation
setting turns off. 1366×800 and 390×844."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    MY_TURN,
    SIZES,
    open_table,
    sign_in,
    unique_name,
    version,
    wait_moved,
)


@pytest.mark.slow
@pytest.mark.timeout(200)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedone_by_keyboard_with_sound_and_animation(new_page, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Tas"))
    open_table(page, "speedone", seats=2, solo=True, **{"set-clock": 0})
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    assert page.evaluate("document.body.dataset.lastSound") is None  # sound is off by default
    if size == "desktop":
        expect(page.get_by_test_id("so-keys")).to_contain_text("1–9 spielbare Karte")

    # S sorts the hand the other way
    expect(page.get_by_test_id("sort")).to_contain_text("Sortierung 1")
    page.keyboard.press("s")
    expect(page.get_by_test_id("sort")).to_contain_text("Sortierung 2")

    # sound on, in the settings; it stays on after a reload
    page.get_by_role("button", name="Einstellungen").click()
    page.locator("#pref-sound").check()
    page.keyboard.press("Escape")
    page.reload()
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    page.get_by_role("button", name="Einstellungen").click()
    expect(page.locator("#pref-sound")).to_be_checked()
    page.keyboard.press("Escape")

    # every new top card of the discard pile, as it appears, with its animation
    page.evaluate(
        "() => { window.freshSeen = []; new MutationObserver(() => {"
        " const e = document.querySelector('.discard .card.fresh');"
        " if (e) window.freshSeen.push(getComputedStyle(e).animationName); })"
        ".observe(document.body, { subtree: true, childList: true }); }"
    )

    # a key plays: 1 is the first playable card (a wild one asks for its colour: 1–4), Z draws
    for _ in range(3):
        expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
        before = version(page)
        if page.locator(".so-cards button.card.playable").count():
            page.keyboard.press("1")
            if page.locator(".colour-choice").count():
                expect(page.get_by_test_id("so-keys")).to_contain_text("1 Rot")
                page.keyboard.press("1")
        else:
            page.keyboard.press("z")
        wait_moved(page, before)
        expect(page.locator(".discard .card")).to_be_visible()
        if page.locator(".table-screen").get_attribute("data-status") != "playing":
            break
    sounds = page.evaluate("document.body.dataset.lastSound")
    assert sounds in ("turn", "card"), sounds

    # the new top card of the discard pile drops in; the animation setting stops it
    assert "drop" in page.evaluate("() => window.freshSeen"), "no new top card dropped in"
    page.get_by_role("button", name="Einstellungen").click()
    page.locator("#pref-anim").uncheck()
    page.keyboard.press("Escape")
    expect(page.locator("body.no-anim")).to_have_count(1)
    expect(page.locator(".discard .card")).to_be_visible()  # the table is drawn again
    name = "getComputedStyle(document.querySelector('.discard .card')).animationName"
    assert page.evaluate(name) == "none"
