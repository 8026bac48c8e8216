"""Speedlaunch as a new player meets it: the asteroid at a table of three with a free target,
a whole game with a two-minute clock (the clock during computer turns and after the game,
the log's own lines, the face-down label, a refused Enter) and the end screen over
everything."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.helpers import (
    END,
    MY_TURN,
    SIZES,
    end_screen,
    first,
    open_table,
    sign_in,
    step_speedlaunch,
    unique_name,
    version,
    wait_moved,
    wait_turn_or_end,
    watch_errors,
)


def solo_speedlaunch(new_page, prefix: str, seats: int, **fields) -> tuple[Page, list[str], str]:
    """A new guest at a solo Speedlaunch table on the desktop; returns the page, its script
    errors and the guest's name."""
    page = new_page(*SIZES["desktop"])
    errors = watch_errors(page)
    me = unique_name(prefix)
    sign_in(page, me)
    open_table(page, "speedlaunch", seats=seats, solo=True, **fields)
    return page, errors, me


def click_and_wait(page: Page, locator) -> None:
    before = version(page)
    locator.click()
    wait_moved(page, before)


def ramp_count(page: Page) -> int:
    return int(page.get_by_test_id("ramp-count").inner_text())


def step_keeping_asteroids(page: Page) -> None:
    """A move that keeps every asteroid in hand and on the stacks for later."""
    for selector in (
        ".group.playable:not([data-kind=AST])",
        ".my-stacks button.card.playable:not([data-card=AST])",
    ):
        choice = first(page, selector)
        if choice:
            choice.click()
            play = page.get_by_test_id("play")
            if play.is_enabled():
                return click_and_wait(page, play)
            page.keyboard.press("Escape")
    for test_id in ("end", "take"):
        button = first(page, f"[data-testid={test_id}]")
        if button:
            return click_and_wait(page, button)
    step_speedlaunch(page)


# Whether the middle of the button with this test id is the button's own (nothing over it).
UNCOVERED = """(id) => {
  const button = document.querySelector(`[data-testid="${id}"]`);
  if (!button) return false;
  const r = button.getBoundingClientRect();
  return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
}"""


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_asteroid_at_a_chosen_opponent_with_three_seats(new_page):
    page, errors, me = solo_speedlaunch(new_page, "Ast", 3, **{
        "opt-rounds": "one", "opt-asteroid_target": "free", "set-clock": 0})  # fmt: skip
    page.get_by_test_id("turbo").click()
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "no asteroid with a full ramp came my way"
        if wait_turn_or_end([page]) is None:
            page.get_by_test_id("rematch").click()
            expect(page.locator(END)).to_have_count(0)
            page.get_by_test_id("turbo").click()
            continue
        asteroid = first(
            page, ".group.playable[data-kind=AST], .my-stacks button.card.playable[data-card=AST]"
        )
        if asteroid and ramp_count(page) > 0:
            break
        step_keeping_asteroids(page)

    asteroid.click()
    targets = page.locator(".opponent.targetable")
    expect(targets).to_have_count(2)
    expect(page.locator(".seat.targetable")).to_have_count(2)
    target = targets.nth(1)
    seat = int(target.get_attribute("data-seat"))
    name = page.locator(f".seat[data-seat='{seat}'] .seat-name").inner_text().strip()
    click_and_wait(page, target)
    expect(page.locator("#toast.show")).to_have_count(0)
    page.wait_for_function(
        """([me, name]) => {
            const lines = [...document.querySelectorAll(".log-lines li")]
                .map((li) => li.textContent);
            const shot = lines.lastIndexOf(`${me} schickt einen Asteroiden los.`);
            const hit = `Asteroid: ${name} nimmt`;  // a stack's next card may turn up first
            return shot >= 0 && lines.slice(shot + 1, shot + 3).some((l) => l.startsWith(hit));
        }""",
        arg=[me, name],
    )
    assert errors == []


def watch_clock(page: Page) -> None:
    page.evaluate(
        """() => {
        window.clockSeen = [];
        const note = () => {
            const clock = document.querySelector("[data-testid=clock]");
            if (clock) window.clockSeen.push(clock.hidden ? "(hidden)" : clock.textContent.trim());
        };
        new MutationObserver(note).observe(document.body,
            {subtree: true, childList: true, characterData: true, attributes: true});
        note();
    }"""
    )


def face_down_overlaps(page: Page) -> list[str]:
    """Stacks whose "n verdeckt" label lies over one of its cards."""
    return page.evaluate(
        """() => [...document.querySelectorAll(".my-stacks .stack")].flatMap((stack, i) => {
            const label = stack.querySelector(":scope > .fd");
            if (!label || !label.textContent) return [];
            const l = label.getBoundingClientRect();
            return [...stack.querySelectorAll(".card")].filter((card) => {
                const c = card.getBoundingClientRect();
                return Math.min(l.bottom, c.bottom) - Math.max(l.top, c.top) > 1 &&
                       Math.min(l.right, c.right) - Math.max(l.left, c.left) > 1;
            }).map(() => `stack ${i + 1}`);
        })"""
    )


def bare_face_down(page: Page) -> bool:
    """A stack with face-down cards and no open card (where the label used to sit on the card)."""
    return page.evaluate(
        """() => [...document.querySelectorAll(".my-stacks .stack")].some((stack) =>
            stack.querySelector(":scope > .fd")?.textContent
            && !stack.querySelector(".sl-count, .sl-sat, .sl-ast, .sl-hole"))"""
    )


@pytest.mark.slow
@pytest.mark.timeout(400)
def test_a_game_with_a_clock_to_the_end_screen(new_page):
    page, errors, me = solo_speedlaunch(new_page, "Uhr", 2, **{
        "opt-rounds": "one", "set-clock": 120, "set-strength": "leicht"})  # fmt: skip
    watch_clock(page)
    page.get_by_test_id("turbo").click()

    # Enter with nothing chosen says why, where the player looks
    page.wait_for_selector(MY_TURN)
    page.locator(".board").click(position={"x": 4, "y": 4})  # nothing focused: Enter is the board's
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("board-note")).to_contain_text("Wähle zuerst Karten")

    bare_seen = False
    deadline = time.monotonic() + 300
    while wait_turn_or_end([page]) is not None:
        assert time.monotonic() < deadline, "the game did not end"
        assert face_down_overlaps(page) == []
        if not bare_seen and bare_face_down(page):
            bare_seen = True
            page.screenshot(path="/tmp/sl-bare.png", animations="disabled")
        stack = first(page, ".my-stacks button.card.playable")
        take = first(page, "[data-testid=take]")
        if stack and not bare_seen:
            stack.click()
            if page.get_by_test_id("play").is_enabled():
                click_and_wait(page, page.get_by_test_id("play"))
                continue
            page.keyboard.press("Escape")
        if take:
            click_and_wait(page, take)
        else:
            step_speedlaunch(page)
        assert face_down_overlaps(page) == []  # also while the others move
    assert bare_seen, "never had a stack with only face-down cards"

    # the clock: running for me, standing (not "ohne Uhr") for the computer, gone at the end
    seen = page.evaluate("window.clockSeen")
    assert not [text for text in seen if "ohne Uhr" in text], sorted(set(seen))
    assert any(re.search(r"\b[0-2]:\d\d\b", text) for text in seen), sorted(set(seen))
    expect(page.get_by_test_id("clock")).to_be_hidden()

    # the end screen is on top: clicks reach its buttons, Tab stays inside
    end = end_screen(page)
    page.screenshot(path="/tmp/sl-end.png", animations="disabled")
    for test_id in ("rematch", "to-lobby"):  # once what passes over it (a toast) is gone
        try:
            page.wait_for_function(UNCOVERED, arg=test_id, timeout=10_000)
        except PlaywrightTimeout:
            raise AssertionError(f"{test_id} is covered") from None
    # the dialog has the focus, not "Nochmal": a late Enter starts no new game
    assert page.evaluate("document.activeElement.dataset.testid") == "end-screen"
    rematches = []
    page.on("request", lambda r: "/rematch" in r.url and rematches.append(r.url))
    page.keyboard.press("Enter")
    page.evaluate("fetch('/api/table/healthz')")  # a round trip after the key
    assert rematches == []
    for _ in range(6):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.querySelector('[data-testid=end-screen]').contains(document.activeElement)"
        )
    # a solo table: no "noch nicht zurück" on any chip
    expect(page.get_by_test_id("seat-status")).to_have_count(0)

    # the log: a line about the computer is never marked as mine
    lines = page.locator(".log-lines li")
    expect(lines.first).to_be_visible()
    for index in range(lines.count()):
        line = lines.nth(index)
        turn = re.match(r"(.+) ist (am Zug|nochmal dran)\.", line.inner_text())
        if turn:
            mine = "mine" in (line.get_attribute("class") or "")
            assert mine == (turn.group(1) == me), line.inner_text()

    page.get_by_test_id("rematch").click()
    expect(end).to_have_count(0)
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("clock")).to_be_visible()
    assert errors == []


# The board alone, in the page: drawn from a table the house answered, a group picked, then
# drawn again from a later version of the table (as an update brings it).
DRAW_BOARD = """async ([table]) => {
  const { createBoard } = await import("/speedlaunch.js");
  const { t } = await import("/i18n.js");
  const el = document.createElement("div");
  el.id = "board-alone";
  document.body.append(el);
  let shown = table;
  const ctx = {
    get table() { return shown; },
    send: async () => null, t, seatName: (seat) => `seat ${seat}`,
    rerender: () => board.render(el, shown), clearHint: () => {}, notify: () => {},
  };
  const board = createBoard(ctx);
  board.render(el, shown);
  window.drawAgain = (next) => { shown = next; board.render(el, shown); };
}"""


def without_kind(table: dict, kind: str) -> dict:
    """``table`` one version later, its player to move holding no ``kind`` any more (and no
    legal move playing one)."""
    current = dict(table["current"])
    view = dict(
        current["view"], hand={k: n for k, n in current["view"]["hand"].items() if k != kind}
    )
    legal = [m for m in current["legal"] if kind not in m.get("hand", [])]
    current.update(view=view, legal=legal, preview=None)
    return dict(table, version=table["version"] + 1, current=current)


@pytest.mark.slow
def test_a_pick_the_update_left_no_move_for_is_dropped(new_page, house):
    """A late update (another seat's Turbo play, say) can take the cards a pick was made of
    while it is still the player's turn: the pick goes, the play button does not stay
    disabled on a selection nothing can play; a pick the update leaves playable stays."""
    ann = house.guest(unique_name("Pick"))
    table_id, bob = house.start_against(ann, "speedlaunch", unique_name("Late"))
    table = house.call("GET", f"/api/table/tables/{table_id}", ann)
    if table["current"]["to_move"] != table["you"]:
        table = house.call("GET", f"/api/table/tables/{table_id}", bob)
    page = new_page(*SIZES["desktop"])
    errors = watch_errors(page)
    page.evaluate(DRAW_BOARD, [table])
    board = page.locator("#board-alone")
    group = board.locator("button.group.playable").first
    kind = group.get_attribute("data-kind")
    group.click()
    expect(board.locator("button.group.selected")).to_have_count(1)

    later = dict(table, version=table["version"] + 1)
    page.evaluate("(next) => window.drawAgain(next)", later)
    expect(board.locator(f"button.group.selected[data-kind='{kind}']")).to_have_count(1)
    expect(board.get_by_test_id("clear")).to_be_enabled()

    page.evaluate("(next) => window.drawAgain(next)", without_kind(later, kind))
    expect(board.get_by_test_id("clear")).to_be_disabled()
    expect(board.get_by_test_id("play")).to_be_disabled()
    expect(board.locator("button.group.selected")).to_have_count(0)
    assert not errors
