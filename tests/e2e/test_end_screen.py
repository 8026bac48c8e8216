"""The end screen (issue #19, part 2): places, the leaderboard points and Taler each player
won or lost (the ledger's booking of the game), and the rounds one by one from the engine's
round history, so a reload shows them again. At 1366×800 and 390×844, German and English."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import END, sign_in, unique_name
from tests.e2e.house_api import House

SIZES = {"desktop": (1366, 800), "phone": (390, 844)}


def browser_token(page) -> str:
    return page.evaluate("localStorage.getItem('sg.token')")


def play_seats(house: House, tokens: list[str], table: str, until=None, seed: int = 1) -> dict:
    """Plays every seat of ``tokens`` (random legal moves, plays before draws) until the game
    is over or ``until(table)`` holds; returns the last table read."""
    rnd = random.Random(seed)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        moved = False
        for token in tokens:
            doc = house.call("GET", f"/api/table/tables/{table}", token)
            if doc["status"] != "playing" or (until and until(doc)):
                return doc
            current = doc["current"]
            if current["to_move"] != doc["you"] or not current["legal"]:
                continue
            plays = [m for m in current["legal"] if m["type"] in ("play", "one")]
            move = rnd.choice(plays or current["legal"])
            with contextlib.suppress(AssertionError):  # the table moved on: read it again
                house.call("POST", f"/api/table/tables/{table}/moves", token,
                           {"move": move, "version": doc["version"]})  # fmt: skip
            moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"table {table} did not get there")


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedlaunch_end_screen_with_points_taler_and_rounds(new_page, house_url, size):
    house = House(house_url)
    page = new_page(*SIZES[size])
    ann = unique_name("Ann")
    sign_in(page, ann)
    bo = house.guest(unique_name("Bo"))
    table = house.open_table(browser_token(page), "speedlaunch", seats=2, stakes=10)
    house.call("PATCH", f"/api/lobby/tables/{table}/settings", browser_token(page),
               {"options": {"rounds": "everyone"}})  # fmt: skip
    house.join(bo, table)
    house.start(browser_token(page), table)
    page.goto(f"/t/{table}")
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    play_seats(house, [browser_token(page), bo], table)

    end = page.locator(END)
    expect(end).to_be_visible()
    expect(end.locator("table.result tbody tr")).to_have_count(2)
    expect(end.locator("table.result thead")).to_contain_text("Punkte")
    expect(end.locator("table.result thead")).to_contain_text("Taler")
    expect(end.get_by_test_id("end-points")).to_have_count(2)
    talers = end.get_by_test_id("end-taler").all_inner_texts()
    assert sorted(talers) in (["+10", "-10"], ["0", "0"]), talers  # the pot, or a shared place
    rounds = end.get_by_test_id("end-rounds")
    expect(rounds.locator("tbody tr[data-round]")).to_have_count(2)  # everyone began once
    expect(rounds).to_contain_text("Runde 2")
    expect(rounds.locator("tr.total")).to_contain_text("Minus")
    page.wait_for_timeout(400)  # the dialog's short pop
    page.screenshot(path=f"/tmp/end-speedlaunch-{size}.png")
    no_horizontal_scroll(page)
    fits = "t => t.scrollWidth <= t.parentElement.clientWidth + 1"
    assert end.locator("table.result").evaluate(fits)

    page.reload()  # another device, or a reload: the same rounds and the booking
    expect(end.get_by_test_id("end-rounds").locator("tbody tr[data-round]")).to_have_count(2)
    expect(end.get_by_test_id("end-taler")).to_have_count(2)
    page.evaluate("document.querySelector('[data-testid=lang]').click()")  # the header is inert
    expect(end.get_by_test_id("end-rounds")).to_contain_text("Round 2")
    expect(end.locator("table.result thead")).to_contain_text("Points")


@pytest.mark.slow
@pytest.mark.timeout(400)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedone_rounds_survive_a_reload_and_reach_the_end_screen(new_page, house_url, size):
    house = House(house_url)
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Cleo"))
    dan = house.guest(unique_name("Dan"))
    table = house.open_table(browser_token(page), "speedone", seats=2)
    house.call("PATCH", f"/api/lobby/tables/{table}/settings", browser_token(page),
               {"options": {"target": 500}})  # fmt: skip
    house.join(dan, table)
    house.start(browser_token(page), table)
    page.goto(f"/t/{table}")

    def one_round(doc):
        return len(doc["current"]["view"]["round_history"]) >= 1

    play_seats(house, [browser_token(page), dan], table, until=one_round)
    page.reload()  # the scores per round come from the view, not from this browser's memory
    scores = page.locator("details.scores")
    if not scores.get_attribute("open"):
        scores.locator("summary").click()
    expect(scores.locator("tbody tr", has_text="Runde 1")).to_have_count(1)

    house.leave(dan, table)  # one player left: the game ends with the rounds played
    end = page.locator(END)
    expect(end).to_be_visible()
    rounds = end.get_by_test_id("end-rounds")
    expect(rounds.locator("tbody tr[data-round='1']")).to_be_visible()
    expect(rounds.locator("tr.total")).to_contain_text("Gesamt")
    expect(end.get_by_test_id("end-points")).to_have_count(2)  # booked: the leaver too
    no_horizontal_scroll(page)
    page.wait_for_timeout(400)  # the dialog's short pop
    page.screenshot(path=f"/tmp/end-speedone-{size}.png")
