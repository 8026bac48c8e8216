"""The table at first sight (issue #28): in all three games at every seat count, and in the
longest hands and tallest piles the tests build, the hand, the play area, the actions, whose
turn it is and the clock are on the first screen, uncovered and unclipped, on desktops
(1280×800 to 1920×1080), phones (360×740, 390×844) and phones held sideways (667×375 to
932×430). Each scene is set once and the same page is resized through every size; a phone held
sideways plays each game by touch. On a touch screen no key hint shows; on a phone the
opponent strip keeps the player to move in view."""

from __future__ import annotations

import contextlib
import random
import tempfile
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    MY_TURN,
    browser_token,
    no_horizontal_scroll,
    open_table,
    play,
    sign_in,
    unique_name,
)

VIEWPORTS = [(1280, 800), (1366, 768), (1440, 900), (1920, 1080), (360, 740), (390, 844),
             (844, 390), (740, 360), (667, 375), (932, 430)]  # fmt: skip
COMMON = {"turn": "[data-testid=turn]", "clock": "[data-testid=clock]"}
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
    "speedone": {"hand": ".so-cards", "play area": ".so-centre", "actions": ".so-hand .actions"},
}
SEATS = {"speedlaunch": range(2, 7), "speedtower": range(2, 5), "speedone": range(2, 7)}

# Per part: its box, and how much of it is hidden (outside the window, under another element
# such as the sticky header, or cut off by a scrolling ancestor), in pixels.
MEASURE = """parts => {
  scrollTo(0, 0);
  const out = {};
  for (const [name, selector] of Object.entries(parts)) {
    const el = document.querySelector(selector);
    if (!el) { out[name] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    let [left, top, right, bottom] = [Math.max(r.left, 0), Math.max(r.top, 0),
      Math.min(r.right, innerWidth), Math.min(r.bottom, innerHeight)];
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflow === "visible") continue;
      const c = up.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top),
        Math.min(right, c.right), Math.min(bottom, c.bottom)];
    }
    const cut = Math.max(r.width - (right - left), r.height - (bottom - top), 0);
    const hit = right > left && bottom > top
      ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
    const covered = hit && !el.contains(hit) ? hit.className || hit.tagName : null;
    if (cut > 1 || covered) {
      out[name] = `box ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},`
        + `${Math.round(r.bottom)} cut ${Math.round(cut)}px${covered ? `, under ${covered}` : ""}`;
    }
  }
  if (document.documentElement.scrollWidth > innerWidth + 1) out.page = "scrolls sideways";
  if (innerWidth <= 600) {  // a phone: one line of header, one strip of seats, and whose turn
    const high = (selector) => document.querySelector(selector).getBoundingClientRect().height;
    if (high("#top") > 52) out.header = `wraps: ${high("#top")}px`;
    if (high(".seats") > 60) out.seats = `take ${high(".seats")}px`;
    document.getElementById("chat-input").scrollIntoView();  // stays in sight below
    const turn = document.querySelector("[data-testid=turn]").getBoundingClientRect();
    if (turn.top < 0 || turn.bottom > innerHeight) out.turn = "out of sight at the chat";
    scrollTo(0, 0);
  }
  return out;
}"""


def misfits(page, game: str, scene: str) -> list[str]:
    """What does not fit the first screen, through every viewport of the same page."""
    found = []
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        wrong = page.evaluate(MEASURE, {**COMMON, **PARTS[game]})
        found += [f"{scene} {width}×{height}: {part} {why}" for part, why in wrong.items()]
        if wrong:  # to look at what did not fit
            page.screenshot(path=f"{tempfile.gettempdir()}/fit-{scene}-{width}x{height}.png")
    return found


# ---------------------------------------------------------------- the hard cases, over REST


def seat_tokens(house, tokens: list[str], table: str) -> dict[int, str]:
    return {
        house.call("GET", f"/api/table/tables/{table}", token)["you"]: token for token in tokens
    }


def drive(house, tokens: list[str], table: str, choose, done) -> dict:
    """Plays the seats of ``tokens`` (the computers play their own) with
    ``choose(seat, view, legal)`` until ``done(doc)`` holds for the first token's table;
    returns that table."""
    seats = seat_tokens(house, tokens, table)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        doc = house.call("GET", f"/api/table/tables/{table}", tokens[0])
        assert doc["status"] == "playing", "the game ended before the scene was set"
        if done(doc):
            return doc
        token = seats.get(doc["current"]["to_move"])
        if token is None:  # a computer's turn: it moves by itself
            time.sleep(0.02)
            continue
        mine = house.call("GET", f"/api/table/tables/{table}", token)
        current = mine["current"]
        if current["to_move"] != mine["you"] or not current["legal"]:
            continue
        move = choose(mine["you"], current["view"], current["legal"])
        with contextlib.suppress(AssertionError):  # the table moved on: read it again
            house.call("POST", f"/api/table/tables/{table}/moves", token,
                       {"move": move, "version": mine["version"]})  # fmt: skip
    raise AssertionError(f"table {table}: the scene was not set in time")


def seated_table(house, page, game: str, seats: int, options: dict) -> tuple[str, list[str]]:
    """A table of ``game`` opened by the browser's player with guests in the other seats
    (Speedlaunch's seats 5 and 6 are always computers), started; the browser's token first."""
    token = browser_token(page)
    table = house.open_table(token, game, seats=seats, options=options)
    humans = min(seats, 4) if game == "speedlaunch" else seats
    guests = [house.guest(unique_name("Gast")) for _ in range(humans - 1)]
    for guest in guests:
        house.join(guest, table)
    house.start(token, table)
    return table, [token, *guests]


def first_of(legal: list[dict], kind: str) -> dict | None:
    return next((move for move in legal if move["type"] == kind), None)


def mine_and(holds):
    """Done when it is the first token's turn and ``holds(view)``."""
    return lambda doc: doc["current"]["to_move"] == doc["you"] and holds(doc["current"]["view"])


def speedone_long_hand(me: int):
    """The player only draws; the others play while they hold more than three cards."""
    rnd = random.Random(7)

    def choose(seat, view, legal):
        plays = [m for m in legal if m["type"] == "play"]
        if seat != me and plays and len(view["hand"]) > 3:
            return rnd.choice(plays)
        return first_of(legal, "draw") or rnd.choice(legal)

    return choose, mine_and(lambda view: len(view["hand"]) >= 22)  # the hand limit


def speedlaunch_large_hand(me: int):
    """The player takes the ramp whenever there is one; the others play."""
    rnd = random.Random(7)

    def choose(seat, view, legal):
        take = first_of(legal, "take") if seat == me else None
        plays = [m for m in legal if m["type"] == "play"]
        return take or (rnd.choice(plays) if plays else rnd.choice(legal))

    def large(view):
        return sum(view["hand"].values()) >= 24 and len(view["hand"]) >= 11

    return choose, mine_and(large)


def speedtower_tall_piles(me: int):
    """Everybody builds what they can from hand and stock (never from storage), then stores
    on their first pile; towers and storage piles grow."""

    def choose(seat, view, legal):
        builds = [m for m in legal if m["type"] == "build" and m["from"] != "storage"]
        stores = [m for m in legal if m["type"] == "store" and m["pile"] == 0]
        return (builds or stores or legal)[0]

    def tall(view):
        tallest = max(len(tower["cards"]) for tower in view["towers"])
        return len(view["storage"][me][0]) >= 8 and tallest >= 9

    return choose, mine_and(tall)


# per game: seats, options (Speedlaunch: a round a computer wins is not the end), the scene
HARD = {
    "speedone": (6, {}, speedone_long_hand),
    "speedlaunch": (6, {"rounds": "everyone"}, speedlaunch_large_hand),
    "speedtower": (4, {}, speedtower_tall_piles),
}


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(SEATS))
def test_every_control_on_the_first_screen(new_page, house, game):
    found = []
    for seats in SEATS[game]:  # solo tables with computers, the default clock
        page = new_page()
        sign_in(page, unique_name("Fit"))
        open_table(page, game, seats=seats, solo=True)
        expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
        found += misfits(page, game, f"{game}-{seats}")
        page.context.close()

    page = new_page()
    sign_in(page, unique_name("Voll"))
    seats, options, scene = HARD[game]
    table, tokens = seated_table(house, page, game, seats, options)
    choose, done = scene(0)
    drive(house, tokens, table, choose, done)
    page.goto(f"/t/{table}")
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    found += misfits(page, game, f"{game}-hard")
    assert found == [], "\n".join(found)


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", list(SEATS))
def test_a_phone_held_sideways_plays_by_touch(new_page, game):
    """Three seats, the computers at Turbo (its button in the narrow column): every move by
    a tap on what the board shows, none hidden under another part."""
    page = new_page(844, 390, touch=True)
    sign_in(page, unique_name("Quer"))
    open_table(page, game, seats=3, solo=True)
    page.get_by_test_id("turbo").click()
    expect(page.get_by_test_id("turbo")).to_have_attribute("aria-pressed", "true")
    assert play([page], game, moves=8) == 8  # (no game of three ends within eight moves)
    no_horizontal_scroll(page)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_no_key_hints_on_a_touch_screen(new_page):
    page = new_page(390, 844, touch=True)
    sign_in(page, unique_name("Tipp"))
    open_table(page, "speedlaunch", seats=2, solo=True)
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("play")).to_have_text("Legen", use_inner_text=True)
    expect(page.get_by_test_id("hint")).to_have_text("Tipp", use_inner_text=True)
    expect(page.locator(".key-hint:visible, .keys:visible")).to_have_count(0)
    # the actions stay one row: "Rampe nehmen" is not pushed onto a row of its own
    tops = page.locator(".sl-board .actions button").evaluate_all(
        "buttons => buttons.map(b => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_phone_strips_show_the_player_to_move(new_page, house):
    """Six at a Speedone table, the last guest to move: on a phone the opponent strip and the
    seat chips show that player, and every chip's counts are whole."""
    page = new_page(360, 740, touch=True)
    sign_in(page, unique_name("Streifen"))
    table, tokens = seated_table(house, page, "speedone", 6, {})
    seats = seat_tokens(house, tokens, table)
    last = max(seat for seat, token in seats.items() if token != tokens[0])

    def choose(seat, view, legal):
        return first_of(legal, "draw") or legal[0]

    drive(house, tokens, table, choose, lambda doc: doc["current"]["to_move"] == last)
    page.goto(f"/t/{table}")
    expect(page.get_by_test_id("turn")).to_contain_text("ist dran")
    expect(page.locator(".seat .rating-badge")).to_have_count(6)  # the chips are drawn whole
    for strip, item in ((".opponents", ".opponent.turn"), (".seats", ".seat.turn")):
        box, at = page.locator(strip).bounding_box(), page.locator(item).bounding_box()
        assert box["x"] - 1 <= at["x"] and at["x"] + at["width"] <= box["x"] + box["width"] + 1, (
            f"{item} is out of its strip"
        )
    cut = page.locator(".seat-cards").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
    )
    assert cut == []


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_long_choices_of_the_form_are_whole(new_page):
    """Speedone's "Wertung" at 1280 px: each choice fits its select, none is cut."""
    page = new_page(1280, 800)
    sign_in(page, unique_name("Form"))
    page.click("[data-game=speedone]")
    cut = page.locator(".create select").evaluate_all(
        """selects => selects.filter(s => {
          const pen = document.createElement("canvas").getContext("2d");
          pen.font = getComputedStyle(s).font;
          const widest = Math.max(...[...s.options].map(o => pen.measureText(o.text).width));
          return widest + 36 > s.clientWidth;  // the padding and the arrow
        }).map(s => s.name)"""
    )
    assert cut == []
