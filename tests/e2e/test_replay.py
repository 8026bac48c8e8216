"""Replays (issue #19, part 4): a finished game step by step from the server's views —
first as the player saw it, then as a spectator and with every hand open; forward, back,
jump, play at a chosen speed, the keys. 1366×800, 390×844 and 844×390, German and English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    SIZES,
    browser_token,
    end_screen,
    no_horizontal_scroll,
    sign_in,
    unique_name,
)


def step_text(page) -> str:
    return page.get_by_test_id("replay-step").inner_text()


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_finished_game_replays_move_by_move(new_page, house, size):
    page = new_page(*SIZES[size])
    name = unique_name("Rex")
    sign_in(page, name)
    token = browser_token(page)
    table = house.play_solo(token, "speedlaunch", seed=2, rounds="one")
    record = house.call("GET", f"/api/table/tables/{table}/games/1/record", token)
    count = len(record["moves"])

    page.goto(f"/t/{table}")  # from the end screen to the replay
    end_screen(page)
    page.get_by_test_id("to-replay").click()
    expect(page).to_have_url(re.compile(rf"/t/{table}/1\?as=0$"))  # as the player saw it
    replay = page.get_by_test_id("replay")
    expect(replay).to_be_visible()
    expect(page.get_by_test_id("replay-as")).to_have_value("0")
    expect(page.get_by_test_id("replay-step")).to_have_text("Ausgeteilt")
    expect(replay.locator("button.group").first).to_be_visible()  # the own hand, as dealt
    expect(page.get_by_test_id("open-hands")).to_be_hidden()

    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Zug 1 von {count}")
    expect(page.get_by_test_id("replay-lines")).not_to_be_empty()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Zug 2 von {count}")
    page.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Zug 1 von {count}")
    page.locator("#replay-at").fill(str(count // 2))  # jump
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Zug {count // 2} von {count}")
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Zug {count} von {count}")
    expect(page.get_by_test_id("replay-lines")).to_contain_text("Endstand")
    page.keyboard.press("Home")
    expect(page.get_by_test_id("replay-step")).to_have_text("Ausgeteilt")

    page.get_by_test_id("replay-speed").select_option("4")
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("replay-step")).to_have_text(re.compile(r"Zug [3-9]\d* von"))
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_attribute("aria-pressed", "false")
    paused = step_text(page)
    page.wait_for_timeout(700)
    assert step_text(page) == paused
    no_horizontal_scroll(page)
    page.screenshot(path=f"/tmp/replay-{size}.png")

    page.get_by_test_id("replay-as").select_option("open")  # every hand open
    expect(page).to_have_url(re.compile(r"as=open$"))
    hands = page.get_by_test_id("open-hands")
    expect(hands.locator(".open-hand")).to_have_count(2)
    page.keyboard.press("Home")
    expect(hands.locator(".open-hand").nth(1).locator(".card").first).to_be_visible()
    expect(replay.locator("button.group")).to_have_count(0)  # the board: a spectator's
    page.screenshot(path=f"/tmp/replay-open-{size}.png")
    no_horizontal_scroll(page)

    page.reload()  # the address keeps the view
    expect(page.get_by_test_id("replay-as")).to_have_value("open")
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("replay-step")).to_have_text("Dealt")
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move 1 of {count}")
    expect(hands.locator("h2")).to_have_text("Every hand")


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_running_game_has_no_replay_yet(new_page, house):
    ann, bo = house.guest(unique_name("Ann")), house.guest(unique_name("Bo"))
    table = house.open_table(ann, "speedone", seats=2)
    house.join(bo, table)
    house.start(ann, table)
    page = new_page()
    sign_in(page, unique_name("Kai"))
    page.goto(f"/t/{table}/1")
    expect(page.get_by_test_id("replay-missing")).to_contain_text("läuft")
