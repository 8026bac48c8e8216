"""The table frame as players meet it: an opponent who leaves (the chips, the end screen's
reason, no "Nochmal" against nobody) on desktop and phone, two guests asking for another game
(who is back, whose seat is held), and Speedtower's refused actions and its card back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import END, MY_TURN, end_screen, open_table, play, sign_in, unique_name

CRANE_YELLOWS = ("245, 197, 24", "227, 178, 26")


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("size", [(1366, 800), (390, 844)], ids=["desktop", "phone"])
def test_opponent_leaves_speedone(new_page, house, size):
    page = new_page(*size)
    sign_in(page, unique_name("Ann"))
    open_table(page, "speedone", seats=2, solo=False,
               **{"set-clock": 120, "set-fill": "empty", "set-humans": True})  # fmt: skip
    table = page.evaluate("localStorage.getItem('sg.table')")
    bruno = unique_name("Bruno")
    token = house.guest(bruno)
    house.join(token, table)
    expect(page.locator(".room-seat").nth(1)).to_contain_text(bruno)
    page.get_by_test_id("start").click()
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")

    house.leave(token, table)
    end = end_screen(page)
    expect(end.get_by_test_id("end-left")).to_have_text(f"{bruno} hat die Partie verlassen.")
    expect(page.get_by_test_id("rematch")).to_have_count(0)
    expect(end.get_by_test_id("end-missing")).to_have_text(
        "Für eine neue Partie fehlen Mitspieler."
    )
    chip = page.locator(".seat[data-seat='1']")
    expect(chip.get_by_test_id("seat-status")).to_have_text("hat verlassen")
    expect(chip).not_to_contain_text("noch nicht zurück")
    expect(page.locator(".seat.you").get_by_test_id("seat-status")).to_have_count(0)
    expect(page.get_by_test_id("clock")).to_be_hidden()
    page.screenshot(path=f"/tmp/left-{size[0]}.png", animations="disabled")

    # looking for new players: the table opens again, the player sits in its waiting room
    page.get_by_test_id("reopen").click()
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "open")
    expect(page.locator(".room-seat").nth(1)).not_to_contain_text(bruno)
    expect(page.get_by_test_id("start")).to_be_visible()


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_speedtower_says_why_and_keeps_its_back_apart_from_the_crane(new_page):
    page = new_page(1366, 800)
    sign_in(page, unique_name("Bau"))
    open_table(page, "speedtower", seats=2, solo=True, **{"opt-stock": 10, "set-clock": 0})
    page.wait_for_selector(MY_TURN)

    back = page.locator(".opponent .card.back-speedtower").first
    expect(back).to_be_visible()
    background = back.evaluate(
        "e => getComputedStyle(e).backgroundImage + getComputedStyle(e).backgroundColor"
    )
    assert not any(yellow in background for yellow in CRANE_YELLOWS), background

    note = page.get_by_test_id("board-note")
    page.locator(".tower").first.click()
    expect(note).to_have_text("Wähle zuerst eine Karte, dann den Turm.")

    cards = page.locator(".my-site .hand button.card")
    for index in range(cards.count()):
        cards.nth(index).click()
        unfit = page.locator(".tower:not(.fits)")
        if unfit.count():
            tower = unfit.first.get_attribute("data-tower")
            unfit.first.click()
            expect(note).to_contain_text(f"passt nicht auf Turm {tower}")
            expect(page.locator(MY_TURN)).to_have_count(1)
            break
        cards.nth(index).click()  # put it back
    else:
        pytest.fail("every hand card fits every tower")
    page.screenshot(path="/tmp/st-note.png", animations="disabled")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_two_guests_play_again(new_page):
    ann, bob = new_page(1366, 800), new_page(390, 844)
    ann_name = unique_name("Ann")
    sign_in(ann, ann_name)
    bob_name = unique_name("Bob")
    sign_in(bob, bob_name)
    fields = {"opt-stock": 10, "set-clock": 0, "set-fill": "empty", "set-humans": True}
    open_table(ann, "speedtower", seats=2, solo=False, **fields)
    table = ann.evaluate("localStorage.getItem('sg.table')")
    bob.click("[data-game=speedtower]")
    bob.locator(f"[data-table='{table}']").get_by_test_id("join").click()
    expect(ann.locator(".room-seat").nth(1)).to_contain_text(bob_name)
    ann.get_by_test_id("start").click()
    play([ann, bob], "speedtower")
    for page in (ann, bob):
        end_screen(page)
        expect(page.get_by_test_id("seat-status")).to_have_count(0)  # nobody asked yet

    ann.get_by_test_id("rematch").click()
    expect(ann.get_by_test_id("rematch")).to_be_disabled()
    expect(ann.locator(".seat.you").get_by_test_id("seat-status")).to_have_text("✓ wieder da")
    expect(ann.locator(".seat:not(.you)").get_by_test_id("seat-status")).to_have_text(
        "noch nicht zurück"
    )
    expect(ann.locator(".end-screen .held")).to_contain_text("bleiben noch")
    expect(bob.locator(".seat:not(.you)").get_by_test_id("seat-status")).to_have_text("✓ wieder da")
    expect(bob.locator(".seat.you").get_by_test_id("seat-status")).to_have_count(0)
    expect(bob.locator(".end-screen .held")).to_contain_text(f"Nochmal gewünscht von {ann_name}")
    bob.screenshot(path="/tmp/two-bob-end.png", animations="disabled")
    bob.get_by_test_id("rematch").click()
    for page in (ann, bob):
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
        expect(page.locator(END)).to_have_count(0)
        expect(page.get_by_test_id("seat-status")).to_have_count(0)
