"""What the engines tell, shown (issue #19, part 3): the cards each Speedlaunch seat was seen
to take, Speedone's discard pile below its top, and the Speedlaunch preview taken from the
engine's preview (the client keeps no copy of the rules). 1366×800, 390×844 and 844×390, DE
and EN."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    MY_TURN,
    SIZES,
    browser_token,
    no_horizontal_scroll,
    sign_in,
    unique_name,
)
from tests.e2e.house_api import House

WEB = Path(__file__).resolve().parents[2] / "services" / "web"


def two_player_table(house: House, page, game: str) -> tuple[str, str, str]:
    """The signed-in browser against a new guest at a running two-seat table of ``game``, on
    screen; returns the table, the browser's token and the guest's."""
    me = browser_token(page)
    table, other = house.start_against(me, game, unique_name("Opp"))
    page.goto(f"/t/{table}")
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    return table, me, other


def test_the_client_keeps_no_copy_of_the_speedlaunch_rules():
    source = (WEB / "speedlaunch.js").read_text()
    assert "function room(" not in source and "UNLIMITED" not in source
    assert "current?.preview" in source


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedlaunch_preview_and_the_cards_seen_taken(new_page, house, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Lia"))
    table, me, other = two_player_table(house, page, "speedlaunch")

    seat = house.call("GET", f"/api/table/tables/{table}", me)["you"]

    def seen_taking(doc):  # the opponent took the ramp; the browser's turn, a group to preview
        view = doc["current"]["view"]
        mine = doc["you"] == seat and doc["current"]["to_move"] == seat
        taken = mine and view["phase"] == "play" and bool(view["players"][1 - seat]["known"])
        return taken and any(previewed(doc))

    def previewed(doc):  # the hand's legal groups whose preview names a value
        groups = (doc["current"].get("preview") or {}).get("groups", {})
        hand = doc["current"]["view"]["hand"]
        return ((k, g) for k, g in groups.items() if k in hand and g["legal"] and g.get("value"))

    doc = house.play_seats([other, me], table, until=seen_taking, seed=3)
    if doc["status"] != "playing":
        pytest.skip("the game ended before the opponent took the ramp with a group to preview")
    doc = house.call("GET", f"/api/table/tables/{table}", me)
    expect(page.locator(MY_TURN)).to_be_visible()
    expect(page.locator(".table-screen")).to_have_attribute("data-version", str(doc["version"]))

    opp = 1 - doc["you"]
    known = doc["current"]["view"]["players"][opp]["known"]
    seen = page.get_by_test_id("known")
    expect(seen).to_have_count(1)
    for kind, count in known.items():
        label = seen.get_attribute("aria-label") or ""
        assert f"{count} × " in label, (kind, label)
    expect(seen).to_contain_text("gesehen")

    # the preview over a group is the engine's, in the player's words
    kind, said = next(previewed(doc))
    page.locator(f"button.group[data-kind='{kind}']").hover()
    box = page.get_by_test_id("preview")
    text = f"→ {said['count']} × {said['value']} legen"
    expect(box).to_contain_text(text)
    if said["ignition"]:
        expect(box).to_contain_text("ZÜNDUNG!")
    groups = doc["current"]["preview"]["groups"]
    too_high = [
        k for k, g in groups.items() if g.get("too_high") and k in doc["current"]["view"]["hand"]
    ]
    if too_high:
        page.locator(f"button.group[data-kind='{too_high[0]}']").hover()
        expect(box).to_have_text("zu hoch")
    no_horizontal_scroll(page)
    page.screenshot(path=f"/tmp/known-{size}.png")

    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("known")).to_contain_text("seen")
    page.locator(f"button.group[data-kind='{kind}']").hover()
    expect(box).to_contain_text(f"→ play {said['count']} × {said['value']}")


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", list(SIZES))
def test_speedone_shows_the_discard_pile_below_its_top(new_page, house, size):
    page = new_page(*SIZES[size])
    sign_in(page, unique_name("Ole"))
    table, me, other = two_player_table(house, page, "speedone")

    def some_discards(doc):
        return len(doc["current"]["view"]["discard_below"]) >= 5

    house.play_seats([other, me], table, until=some_discards, seed=4)
    doc = house.call("GET", f"/api/table/tables/{table}", me)
    expect(page.locator(".table-screen")).to_have_attribute("data-version", str(doc["version"]))
    below = doc["current"]["view"]["discard_below"]
    history = page.get_by_test_id("discard-history")
    expect(history).to_contain_text(f"Ablage ({len(below)})")
    history.locator("summary").click()
    expect(history.locator(".history-list li")).to_have_count(len(below))
    first = history.locator(".history-list li .card").first.get_attribute("title") or ""
    assert first, "each card of the pile names itself"
    no_horizontal_scroll(page)
    page.screenshot(path=f"/tmp/discards-{size}.png")
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("discard-history")).to_contain_text(re.compile(r"Discards \(\d+\)"))
