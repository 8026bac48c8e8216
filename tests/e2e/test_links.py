"""Every page has its own address (issue #19, part 1): a table at /t/<id> survives a reload,
Back and Forward; anyone signed in watches a running table by its link and sees only what a
spectator may; a player's page at /p/<name> lists games, wins, points, rank and the last
games. At desktop (1366×800), phone (390×844) and sideways (844×390), German and English."""

from __future__ import annotations

import re
import time
import urllib.parse

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


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_table_has_its_own_address_through_reload_back_and_forward(new_page, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Link"))
    expect(page).to_have_url(re.compile(r"/$"))
    page.click("[data-game=speedlaunch]")
    page.check("#mode-open")
    page.get_by_test_id("create-table").click()
    expect(page.locator(".table-screen")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/t/[^/]+$"))
    table_url = page.url
    table_id = table_url.rsplit("/", 1)[1]
    expect(page.locator(".table-title")).to_contain_text(table_id)

    page.reload()
    expect(page.locator(".table-title")).to_contain_text(table_id)
    assert page.url == table_url

    page.locator(".brand").click()  # the brand leads to the lobby (the seat stays)
    expect(page.locator(".lobby")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    page.go_back()
    expect(page.locator(".table-title")).to_contain_text(table_id)
    assert page.url == table_url
    page.go_back()
    expect(page.locator(".lobby")).to_be_visible()
    page.go_forward()
    expect(page.locator(".table-title")).to_contain_text(table_id)
    no_horizontal_scroll(page)

    # the skip link changes only the fragment: the table is not built again
    page.evaluate("document.querySelector('.table-screen').dataset.mark = 'kept'")
    page.focus(".skip")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/t/{table_id}#main$"))
    expect(page.locator(".table-screen")).to_have_attribute("data-mark", "kept")

    # the share button names the address
    page.get_by_test_id("share").click()
    expect(page.locator("#toast")).to_contain_text(f"/t/{table_id}")

    # an address the house does not know as a table: back to the lobby with a word why
    page.goto("/t/nosuchtable")
    expect(page.locator(".lobby")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_link_whose_table_id_is_no_id_sends_no_request_elsewhere(new_page, house):
    """A crafted link (/t/..%2F..%2Fledger%2Fbalance%3F) must not make the page send the
    player's signed-in requests to other API paths: the client routes no such id (it shows
    the lobby) and puts every value into its API paths encoded."""
    page = new_page()
    sign_in(page, unique_name("Safe"))
    token = browser_token(page)
    sent = []
    page.on("request", lambda request: sent.append(urllib.parse.urlsplit(request.url).path))
    links = ["/t/..%2F..%2Fledger%2Fbalance%3F", "/t/..%2F..%2Fledger%2Fbalance%3F/1",
             "/t/..%2F..%2Flobby%2Fme%2Fsign-out-everywhere%3F", "/t/%2E%2E", "/p/.."]  # fmt: skip
    for link in links:
        page.goto(link)
        expect(page.locator(".lobby")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator(".leaders, .lobby .muted").first).to_be_visible()  # the lobby asked
    elsewhere = [path for path in sent if path.startswith("/api/") and (
        "balance" in path or "sign-out" in path or "/tables/." in path)]  # fmt: skip
    assert not elsewhere, elsewhere
    assert house.call("GET", "/api/lobby/accounts/me", token)["name"].startswith("Safe")


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_running_table_is_watched_by_its_link(new_page, house, size):
    ann, bo = house.guest(unique_name("Ann")), house.guest(unique_name("Bo"))
    table = house.open_table(ann, "speedone", seats=2)
    house.join(bo, table)
    house.start(ann, table)

    page = new_page(*SIZES[size])
    page.goto(f"/t/{table}")  # signed out: the sign-in comes first, the address stays
    expect(page.locator("#login-name")).to_be_visible()
    assert page.url.endswith(f"/t/{table}")
    sign_in(page, unique_name("Eve"))
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("spectator")).to_have_text("Die Partie läuft – du schaust zu.")
    assert page.url.endswith(f"/t/{table}")
    # a spectator's view: no hand, no move, no hint, no chat input; both hands face down
    expect(page.locator(".so-hand button.card")).to_have_count(0)
    expect(page.get_by_test_id("hint")).to_have_count(0)
    expect(page.locator(".chat-form")).to_be_hidden()
    no_horizontal_scroll(page)

    # the moves of the players reach the watcher
    before = page.locator(".table-screen").get_attribute("data-version")
    doc = house.call("GET", f"/api/table/tables/{table}", ann)
    mover = ann if doc["you"] == doc["current"]["to_move"] else bo
    doc = house.call("GET", f"/api/table/tables/{table}", mover)
    body = {"move": doc["current"]["legal"][0], "version": doc["version"]}
    house.call("POST", f"/api/table/tables/{table}/moves", mover, body)
    expect(page.locator(".table-screen")).not_to_have_attribute("data-version", before or "")

    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("spectator")).to_have_text("The game is running – you are watching.")
    page.reload()
    expect(page.get_by_test_id("spectator")).to_have_text("The game is running – you are watching.")


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_a_player_page_lists_games_and_leads_to_them(new_page, house, size):
    name = unique_name("Pia")
    token = house.guest(name)
    table = house.play_solo(token, "speedlaunch", rounds="one")
    house.leave(token, table)
    deadline = time.monotonic() + 30  # the booking job books it moments later
    while not house.call("GET", f"/api/ledger/players/{name}", token)["recent"]:
        assert time.monotonic() < deadline, "the game was never booked"
        time.sleep(0.2)

    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Max"))
    page.goto(f"/p/{name}")
    view = page.get_by_test_id("player-page")
    expect(view.locator("h1")).to_have_text(name)
    launch = view.locator("[data-testid=player-games] tr[data-game=speedlaunch]")
    expect(launch.locator("td").first).to_have_text("1")  # played
    recent = view.locator("[data-testid=player-recent] tbody tr")
    expect(recent).to_have_count(1)
    expect(recent.first).to_contain_text("Speedlaunch")
    expect(recent.first).to_contain_text("Platz")
    page.screenshot(path=f"/tmp/player-{size}.png", full_page=True)
    no_horizontal_scroll(page)

    page.get_by_test_id("lang").click()
    expect(view.locator("th").first).to_have_text("Game")
    expect(recent.first).to_contain_text("place")
    page.get_by_test_id("lang").click()

    recent.first.get_by_test_id("replay-link").click()  # the game's replay
    expect(page).to_have_url(re.compile(rf"/t/{table}/1(\?.*)?$"))
    expect(page.get_by_test_id("replay")).to_be_visible()
    page.goto(f"/t/{table}")  # the table itself: the game is over, its end screen
    end_screen(page)
    page.go_back()
    page.go_back()
    expect(page.get_by_test_id("player-page")).to_be_visible()

    # from the lobby's leaderboard and from the own name in the header
    page.locator(".brand").click()
    expect(page.locator(".lobby")).to_be_visible()
    page.get_by_test_id("me").click()
    expect(page).to_have_url(re.compile(r"/p/Max"))
    expect(page.get_by_test_id("player-page").locator("[data-testid=player-games]")).to_be_visible()
    page.goto("/p/nobody-here")
    expect(page.get_by_test_id("player-missing")).to_be_visible()
