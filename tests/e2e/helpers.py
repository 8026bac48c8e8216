"""Driving the client like a player: sign in, open tables, and a test-only "autoplayer" that
makes any legal move through the visible controls of each game."""

from __future__ import annotations

import itertools
import os
import random
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

_names = itertools.count(1)

MY_TURN = ".table-screen.my-turn"
END = "[data-testid=end-screen]"
# A page that was sent a whole game's updates in a burst (moves over the API) draws every one
# before its end screen: on a busy machine that takes longer than an expectation's default
# (in a full CI run a page took 58 s for the ~700 updates of a two-round Speedlaunch game).
AFTER_BURST_MS = 150_000
# The end screen's points, Taler and ratings come with the ledger's booking, which a job books
# after the game: on a busy machine its queue may hold it past an expectation's default.
BOOKED_MS = 60_000
# The sizes a page is checked at: a desktop, a phone, and a phone held sideways.
SIZES = {"desktop": (1366, 800), "phone": (390, 844), "sideways": (844, 390)}
MOVED = "v => document.querySelector('.table-screen')?.dataset.version !== v"
DRAWN = "v => Number(document.querySelector('.table-screen')?.dataset.version) >= v"
# Where the screenshot tests write: a scratch folder, or docs/screenshots under
# `make screenshots` (SCREENSHOTS_DIR), so a test run leaves the tree as it was.
SHOTS = Path(os.environ.get("SCREENSHOTS_DIR") or Path(tempfile.gettempdir()) / "speedgamez-shots")


def unique_name(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000) % 100000}{next(_names)}"


def sign_in(page: Page, name: str) -> None:
    page.fill("#login-name", name)
    page.get_by_role("button", name="Als Gast spielen").click()
    expect(page.get_by_test_id("me")).to_have_text(name)


def open_table(page: Page, game: str, seats: int = 2, solo: bool = True, **fields) -> None:
    """Open a table from the lobby form; ``fields`` map a control id to its value."""
    page.click(f"[data-game={game}]")
    page.check("#mode-solo" if solo else "#mode-open")
    page.select_option("#create-seats", str(seats))
    for control, value in fields.items():
        locator = page.locator(f"#{control}")
        if isinstance(value, bool):
            locator.set_checked(value)
        elif locator.evaluate("e => e.tagName") == "SELECT":
            locator.select_option(str(value))
        else:
            locator.fill(str(value))
    page.get_by_test_id("create-table").click()
    expect(page.locator(".table-screen")).to_be_visible()


def browser_token(page: Page) -> str:
    """The bearer token the signed-in browser keeps."""
    return page.evaluate("localStorage.getItem('sg.token')")


def no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def watch_errors(page: Page) -> list[str]:
    """Script errors of the page, collected for the test's end."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def end_screen(page: Page):
    """The page's end screen, once it is shown (after a burst of updates)."""
    end = page.locator(END)
    expect(end).to_be_visible(timeout=AFTER_BURST_MS)
    return end


def version(page: Page) -> str:
    return page.locator(".table-screen").get_attribute("data-version") or ""


def wait_moved(page: Page, before: str, timeout: float | None = None) -> None:
    """Waits for the table's version to move on from ``before``."""
    page.wait_for_function(MOVED, arg=before, timeout=timeout)


STALLS: list[str] = []  # moves that changed nothing, with the message the player saw


def _click_and_wait(page: Page, locator, before: str) -> None:
    """Click, then wait for the table's version to move on. A click that changes nothing, or
    that cannot be made (the table was drawn anew under the pointer and the button is
    disabled or gone), is noted in STALLS; the caller's loop simply tries again."""
    try:
        locator.click(timeout=5_000)
        wait_moved(page, before, timeout=5_000)
    except PlaywrightTimeout:
        toast = page.locator("#toast.show")
        STALLS.append(toast.inner_text() if toast.count() else "(no message)")
        page.keyboard.press("Escape")


def first(page: Page, selector: str):
    found = page.locator(selector)
    return found.first if found.count() else None


# The browser tests' Speedlaunch player varies its plays: one that always plays its lowest
# group can meet a computer in a cycle of takes that lasts the whole round (ROUND_TURNS).
_VARIED = random.Random(2026)


def any_of(page: Page, selector: str):
    found = page.locator(selector)
    count = found.count()
    return found.nth(_VARIED.randrange(count)) if count else None


def step_speedlaunch(page: Page) -> None:
    before = version(page)
    target = first(page, ".opponent.targetable")
    if target:
        return _click_and_wait(page, target, before)
    for selector in (".group.playable", ".my-stacks button.card.playable"):
        choice = any_of(page, selector)
        if choice:
            choice.click()
            play = page.get_by_test_id("play")
            if play.is_enabled():
                return _click_and_wait(page, play, before)
            target = first(page, ".opponent.targetable")
            if target:
                return _click_and_wait(page, target, before)
            page.keyboard.press("Escape")
    for test_id in ("end", "blind", "take"):
        button = first(page, f"[data-testid={test_id}]")
        if button:
            return _click_and_wait(page, button, before)
    raise AssertionError("no Speedlaunch control to play")


def step_speedtower(page: Page) -> None:
    before = version(page)
    source = first(page, ".my-site button.card.playable")
    if source:
        source.click()
        return _click_and_wait(page, page.locator(".tower.fits").first, before)
    card = first(page, ".my-site .hand button.card")
    if card:
        card.click()
        return _click_and_wait(page, page.locator("[data-testid=store]:enabled").first, before)
    return _click_and_wait(page, page.get_by_test_id("pass"), before)


def step_speedone(page: Page) -> None:
    before = version(page)
    one = page.get_by_test_id("one")
    if one.is_enabled():
        return _click_and_wait(page, one, before)
    card = first(page, ".so-cards button.card.playable")
    if card:
        if card.get_attribute("data-card") in ("W", "W4"):
            card.click()
            return _click_and_wait(page, page.locator(".colour-choice .colour").first, before)
        return _click_and_wait(page, card, before)
    return _click_and_wait(page, page.get_by_test_id("draw"), before)


STEPS = {"speedlaunch": step_speedlaunch, "speedtower": step_speedtower, "speedone": step_speedone}


def wait_turn_or_end(pages: list[Page], timeout: float = 30.0) -> Page | None:
    """The page whose turn it is, or None once the game is over (polls with a deadline)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(END).count():
                return None
            if page.locator(MY_TURN).count():
                return page
        pages[0].wait_for_timeout(30)
    raise AssertionError("nobody's turn and no end screen")


def play(pages: list[Page], game: str, moves: int | None = None, limit: float = 240.0) -> int:
    """Play through the UI until the end screen (or ``moves`` moves); returns moves made."""
    made = 0
    stalls = len(STALLS)
    deadline = time.monotonic() + limit
    while moves is None or made < moves:
        assert time.monotonic() < deadline, f"{game}: no end after {made} moves"
        page = wait_turn_or_end(pages)
        if page is None:
            return made
        STEPS[game](page)
        made += 1
    assert len(STALLS) - stalls < 5, f"moves that changed nothing: {STALLS[stalls:]}"
    return made


# A page that looks elsewhere (another tab, another window), as far as the page can tell:
# its visibility and focus, set by the test (headless pages are always visible).
_AWAY = """on => {
  if (!window.__awayHook) {
    window.__awayHook = true;
    Object.defineProperty(document, "visibilityState", {configurable: true,
      get: () => (window.__away ? "hidden" : "visible")});
    Object.defineProperty(document, "hidden", {configurable: true, get: () => !!window.__away});
    document.hasFocus = () => !window.__away;
  }
  window.__away = on;
  document.dispatchEvent(new Event("visibilitychange"));
  if (!on) window.dispatchEvent(new Event("focus"));
}"""

# The desktop notifications a page shows (their titles) and how often it asked the browser
# for the permission; the browser's own Notification does the rest.
_NOTES = """() => {
  if (window.__notes) return;
  window.__notes = [];
  window.__asked = 0;
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push(title); super(title, options); }
    static get permission() { return Real.permission; }
    static requestPermission() { window.__asked += 1; return Real.requestPermission(); }
  };
}"""


def away(page: Page, on: bool = True) -> None:
    page.evaluate(_AWAY, on)


def watch_notifications(page: Page) -> None:
    """Record the page's desktop notifications (``notes``) and permission requests (``asked``)
    from now on, until the page is loaded again."""
    page.evaluate(_NOTES)


def notes(page: Page) -> list[str]:
    return page.evaluate("window.__notes || []")
