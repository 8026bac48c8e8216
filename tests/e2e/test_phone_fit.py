"""Phones (issue #19, part 6): at 390×844, in all three games at every seat count, the hand,
the play area and the action buttons fit without scrolling; opponents are a compact strip;
whose turn it is stays visible; the header is one line. Also in the hard cases, set up over
the REST API at the largest seat counts: Speedone's hand at 20 cards and more, a large
Speedlaunch hand, Speedtower's tall storage piles and towers."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, browser_token, open_table, sign_in, unique_name

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


def check_fit(page, game: str, shot: str) -> None:
    """Hand, play area and actions on the first screen, no page scrolling sideways, the header
    one line, the seats one strip, whose turn in sight also after scrolling to the chat."""
    page.evaluate("window.scrollTo(0, 0)")
    height = page.evaluate("window.innerHeight")
    page.screenshot(path=f"/tmp/fit-{shot}.png")
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


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "seats"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_table_fits_a_phone(new_page, game, seats):
    page = new_page(*PHONE)
    sign_in(page, unique_name("Fon"))
    open_table(page, game, seats=seats, solo=True, **{"set-clock": 0})
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    check_fit(page, game, f"{game}-{seats}")


# ---------------------------------------------------------------- the hard cases, over REST


def seat_tokens(house, tokens: list[str], table: str) -> dict[int, str]:
    return {
        house.call("GET", f"/api/table/tables/{table}", token)["you"]: token for token in tokens
    }


def drive(house, tokens: list[str], table: str, choose, done) -> dict:
    """Plays the seats of ``tokens`` (the computers play their own) with
    ``choose(seat, view, legal)`` until ``done(view)`` holds for the first token's seat;
    returns that seat's table."""
    seats = seat_tokens(house, tokens, table)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        doc = house.call("GET", f"/api/table/tables/{table}", tokens[0])
        assert doc["status"] == "playing", "the game ended before the scene was set"
        if done(doc["current"]["view"]) and doc["current"]["to_move"] == doc["you"]:
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


def speedone_long_hand(me: int):
    """The player only draws; the others play while they hold more than three cards."""
    rnd = random.Random(7)

    def choose(seat, view, legal):
        plays = [m for m in legal if m["type"] == "play"]
        if seat != me and plays and len(view["hand"]) > 3:
            return rnd.choice(plays)
        return first_of(legal, "draw") or rnd.choice(legal)

    return choose, lambda view: len(view["hand"]) >= 22  # the hand limit


def speedlaunch_large_hand(me: int):
    """The player takes the ramp whenever there is one; the others play."""
    rnd = random.Random(7)

    def choose(seat, view, legal):
        take = first_of(legal, "take") if seat == me else None
        plays = [m for m in legal if m["type"] == "play"]
        return take or (rnd.choice(plays) if plays else rnd.choice(legal))

    return choose, lambda view: sum(view["hand"].values()) >= 24 and len(view["hand"]) >= 11


def speedtower_tall_piles(me: int):
    """Everybody builds what they can from hand and stock (never from storage), then stores
    on their first pile; towers and storage piles grow."""

    def choose(seat, view, legal):
        builds = [m for m in legal if m["type"] == "build" and m["from"] != "storage"]
        stores = [m for m in legal if m["type"] == "store" and m["pile"] == 0]
        return (builds or stores or legal)[0]

    def done(view):
        tallest = max(len(tower["cards"]) for tower in view["towers"])
        return len(view["storage"][me][0]) >= 8 and tallest >= 9

    return choose, done


# per game: seats, options (Speedlaunch: a round a computer wins is not the end), the scene
HARD = {
    "speedone": (6, {}, speedone_long_hand),
    "speedlaunch": (6, {"rounds": "everyone"}, speedlaunch_large_hand),
    "speedtower": (4, {}, speedtower_tall_piles),
}


@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.parametrize("game", list(HARD))
def test_the_hard_cases_fit_a_phone(new_page, house, game):
    page = new_page(*PHONE)
    sign_in(page, unique_name("Voll"))
    seats, options, scene = HARD[game]
    table, tokens = seated_table(house, page, game, seats, options)
    choose, done = scene(0)
    drive(house, tokens, table, choose, done)
    page.goto(f"/t/{table}")
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    check_fit(page, game, f"{game}-hard")
