"""Feel (issue #19, part 7): Speedone's keyboard shortcuts, optional sound (off by default,
remembered), and short card movements in all three games (motion.js): a card played flies to
where it lands, drawn cards slide in, Speedlaunch's ignition, black hole and asteroid have
their own effect; nothing moves with the animation setting off or with reduced motion, and
clicks go on while cards fly. 1366×800, 390×844 and 844×390."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    MY_TURN,
    SIZES,
    STEPS,
    open_table,
    play,
    sign_in,
    unique_name,
    version,
    wait_moved,
    watch_errors,
)

# Every change of the page, as it happens: the table's version, how many cards matching the
# landing selector have a running movement (Web Animations, not CSS transitions), how many
# copies fly on the flight layer and the words shown there.
RECORD = """(landing) => { window.flights = []; new MutationObserver(() => {
  const moving = [...document.querySelectorAll(landing)]
    .filter((e) => e.getAnimations().some((a) => a.constructor === Animation));
  window.flights.push({
    version: Number(document.querySelector('.table-screen')?.dataset.version),
    landed: moving.length,
    copies: document.querySelectorAll('.flight-layer > .ghost').length,
    words: [...document.querySelectorAll('.flight-word')].map((e) => e.textContent),
  });
}).observe(document.body, { subtree: true, childList: true }); }"""
# where a card of the player's own move lands, per game
LANDING = {
    "speedone": ".discard .card, .so-cards .card",
    "speedlaunch": "[data-ramp], .my-hand .card",
    "speedtower": ".tower > .card, .storage .card, .my-site .hand .card",
}


def record(page, game: str) -> None:
    page.evaluate(RECORD, LANDING[game])


def flights_of(page, after: str) -> list[dict]:
    """What was seen at the first version after ``after`` (the player's own move)."""
    seen = [f for f in page.evaluate("window.flights") if f["version"] > int(after)]
    first = min(f["version"] for f in seen)
    return [f for f in seen if f["version"] == first]


def own_move(page, game: str) -> list[dict]:
    """One move of the player's by clicks (the autoplayer's), and what moved with it."""
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    before = version(page)
    STEPS[game](page)
    return flights_of(page, before)


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

    record(page, "speedone")

    # a key plays: 1 is the first playable card (a wild one asks for its colour: 1–4), Z draws
    moved = []
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
        moved += flights_of(page, before)
        expect(page.locator(".discard .card")).to_be_visible()
        if page.locator(".table-screen").get_attribute("data-status") != "playing":
            break
    sounds = page.evaluate("document.body.dataset.lastSound")
    assert sounds in ("turn", "card"), sounds

    # each move of the player's moved its card (onto the discard pile, or drawn into the hand)
    assert any(f["landed"] and f["copies"] for f in moved), moved
    # the animation setting stops every movement; the table is drawn at once all the same
    page.get_by_role("button", name="Einstellungen").click()
    page.locator("#pref-anim").uncheck()
    page.keyboard.press("Escape")
    expect(page.locator("body.no-anim")).to_have_count(1)
    if page.locator(".table-screen").get_attribute("data-status") == "playing":
        expect(page.locator(".flight-layer > .ghost")).to_have_count(0)  # those before landed
        still = own_move(page, "speedone")
        assert not any(f["landed"] or f["copies"] for f in still), still
    expect(page.locator(".discard .card")).to_be_visible()


@pytest.mark.slow
@pytest.mark.timeout(200)
@pytest.mark.parametrize("game", ["speedlaunch", "speedtower", "speedone"])
def test_a_card_played_flies_to_where_it_lands(new_page, game):
    page = new_page(*SIZES["desktop"])
    errors = watch_errors(page)
    sign_in(page, unique_name("Flug"))
    open_table(page, game, seats=3, solo=True, **{"set-clock": 0})
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    record(page, game)
    for _ in range(4):
        seen = own_move(page, game)
        if any(f["copies"] for f in seen):
            break
    # the board is drawn at once: the landed card is there, unseen while its copy flies
    assert any(f["copies"] for f in seen), seen
    assert any(f["landed"] for f in seen) or any(f["words"] for f in seen), seen
    expect(page.locator(".flight-layer > .ghost")).to_have_count(0)  # and gone after it
    assert not errors


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_speedlaunch_ignition_black_hole_and_asteroid_have_their_effect(new_page):
    """Four computers and the player at Turbo, five rounds at most, until each of the three
    has been seen."""
    page = new_page(*SIZES["phone"])
    sign_in(page, unique_name("Zünd"))
    open_table(
        page, "speedlaunch", seats=5, solo=True, **{"set-clock": 0, "opt-rounds": "everyone"}
    )
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    record(page, "speedlaunch")
    page.get_by_test_id("turbo").click()
    wanted = {"ZÜNDUNG!", "Schwarzes Loch", "Asteroid"}
    seen: set[str] = set()
    for _ in range(60):  # own moves, each waiting for the player's turn (30 s at most)
        if (
            wanted <= seen
            or page.locator(".table-screen").get_attribute("data-status") != "playing"
        ):
            break
        play([page], "speedlaunch", moves=1)
        seen |= {w for f in page.evaluate("window.flights") for w in f["words"]}
    assert wanted <= seen, seen


@pytest.mark.slow
@pytest.mark.timeout(200)
@pytest.mark.parametrize("game", ["speedone", "speedtower"])
def test_nothing_moves_with_reduced_motion(new_page, game):
    page = new_page(*SIZES["phone"])
    page.emulate_media(reduced_motion="reduce")
    sign_in(page, unique_name("Ruhe"))
    open_table(page, game, seats=2, solo=True, **{"set-clock": 0})
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    record(page, game)
    play([page], game, moves=4)
    flights = page.evaluate("window.flights")
    assert flights, "the board was not drawn again"
    assert not any(f["landed"] or f["copies"] or f["words"] for f in flights), flights


@pytest.mark.slow
@pytest.mark.timeout(200)
def test_clicks_go_on_while_cards_fly(new_page):
    """Speedtower moves clicked while the last card still flies (the page's animations slowed
    twentyfold, so a flight stays in the air for seconds): each is taken at once."""
    page = new_page(*SIZES["desktop"])
    errors = watch_errors(page)
    sign_in(page, unique_name("Flink"))
    open_table(page, "speedtower", seats=2, solo=True, **{"set-clock": 0})
    expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
    copies = page.locator(".flight-layer > .ghost")
    in_flight = 0  # moves clicked while a card was still in the air, each taken at once
    for _ in range(12):
        expect(page.locator(MY_TURN)).to_be_visible(timeout=30_000)
        flying = copies.count() > 0
        before = version(page)
        STEPS["speedtower"](page)  # waits until the table has moved on
        in_flight += flying and version(page) != before
        if in_flight >= 3:
            break
    assert in_flight >= 3, f"only {in_flight} moves were clicked while a card flew"
    assert not errors
