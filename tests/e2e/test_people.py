"""Playing with people, end to end (issue #27), with two or three guests in browsers of their
own: a table's link seats you ("Platz nehmen") at 2, 4 and 6 seats and a full or running table
says you watch; you hear and see when someone sits down, when it is your turn and when an
invitation arrives, also with the tab in the background (title, icon, sound, desktop
notification after the player chose it); partners play as a team and again, re-seated by
name; leavers are placed last at 2, 4 and 6 seats, in the end screen, the record and the
player's page; games too short to be scored say why, on the end screen and in the balance."""

from __future__ import annotations

import contextlib
import re
import time

import pytest
from playwright.sync_api import Page, expect
from speedgamez_client import ProblemError

from tests.e2e.helpers import (
    END,
    MY_TURN,
    STEPS,
    away,
    browser_token,
    end_screen,
    notes,
    open_table,
    sign_in,
    unique_name,
    wait_turn_or_end,
    watch_notifications,
)

PHONE = (390, 844)


def guest_page(new_page, prefix: str, size=(1366, 800)) -> tuple[Page, str]:
    """A browser of its own, signed in as a new guest; the page and the guest's name."""
    page, name = new_page(*size), unique_name(prefix)
    sign_in(page, name)
    return page, name


def table_of(page: Page) -> str:
    return page.evaluate("localStorage.getItem('sg.table')")


def title_is(page: Page, text: str) -> None:
    expect(page).to_have_title(text)


def settings(page: Page, *boxes: str) -> None:
    """Tick boxes in the header's settings."""
    page.get_by_role("button", name="Einstellungen").click()
    for box in boxes:
        page.locator(f"#pref-{box}").check()
        expect(page.locator(f"#pref-{box}")).to_be_checked()
    page.keyboard.press("Escape")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_link_seats_you_and_you_hear_who_comes_whose_turn_it_is_and_who_invites(new_page, house):
    ann, ann_name = guest_page(new_page, "Ann")
    bob_name = unique_name("Bob")
    open_table(ann, "speedone", seats=2, solo=False, **{"opt-target": 200, "set-clock": 0})
    table = table_of(ann)
    status = ann.get_by_test_id("room-status")
    expect(status).to_contain_text(f"Am Tisch: {ann_name}.")
    expect(status).to_contain_text("Noch 1 Platz frei.")
    expect(status).to_contain_text("Beim Start übernehmen Computer die freien Plätze.")
    expect(status).to_contain_text("Du startest die Partie, sobald du willst.")

    # sound and desktop notifications are chosen in the settings; the browser is asked then
    watch_notifications(ann)
    assert ann.evaluate("document.body.dataset.lastSound") is None
    settings(ann, "sound")
    assert ann.evaluate("window.__asked") == 0, "no permission asked before the player chose"
    ann.get_by_role("button", name="Einstellungen").click()
    ann.locator("#pref-notify").check()  # the browser asks; headless, nobody answers yes
    expect(ann.locator("#pref-notify")).not_to_be_checked()
    assert ann.evaluate("window.__asked") == 1
    expect(ann.locator("#toast")).to_contain_text("Der Browser erlaubt keine Benachrichtigungen")
    ann.keyboard.press("Escape")
    ann.context.grant_permissions(["notifications"])  # the player allows it in the browser
    settings(ann, "notify")
    away(ann)

    # Bob opens the link signed out, signs in, and takes the free seat with one click
    bob = new_page(*PHONE)
    bob.goto(f"/t/{table}")
    sign_in(bob, bob_name)
    expect(bob.get_by_test_id("room-status")).to_contain_text(
        "Ein Platz ist frei – nimm ihn, dann spielst du mit."
    )
    expect(bob.locator("#invite-name")).to_have_count(0)  # a watcher invites nobody
    bob.get_by_test_id("take-seat").click()
    expect(bob.locator(".room-seat").nth(1)).to_contain_text(bob_name)
    expect(bob.get_by_test_id("take-seat")).to_have_count(0)
    expect(bob.locator(".chat-form")).to_be_visible()
    expect(bob.get_by_test_id("room-status")).to_contain_text("Alle Plätze sind besetzt.")
    expect(bob.get_by_test_id("room-status")).to_contain_text(f"Warte, bis {ann_name}")
    bob.screenshot(path="/tmp/room-seated-phone.png")

    # Ann, looking elsewhere, sees and hears him arrive
    arrived = f"{bob_name} hat Platz genommen – Speedone"
    title_is(ann, f"● {arrived}")
    expect(ann.locator("link[rel=icon]")).to_have_attribute("href", re.compile("^data:image/svg"))
    assert arrived in notes(ann)
    assert ann.evaluate("document.body.dataset.lastSound") == "call"
    expect(ann.locator(".room-seat").nth(1)).to_contain_text(bob_name)
    away(ann, False)
    title_is(ann, f"Speedgamez · {table}")

    # a third who opens the link of the full table watches, and is told so
    cid = new_page(*PHONE)
    cid.goto(f"/t/{table}")
    sign_in(cid, unique_name("Cid"))
    expect(cid.get_by_test_id("room-status")).to_contain_text(
        "Alle Plätze sind besetzt – du schaust zu."
    )
    expect(cid.get_by_test_id("take-seat")).to_have_count(0)
    cid.screenshot(path="/tmp/room-full-phone.png")
    expect(cid.get_by_test_id("leave")).to_have_text("Zur Lobby")

    ann.get_by_test_id("start").click()
    expect(cid.get_by_test_id("spectator")).to_have_text("Die Partie läuft – du schaust zu.")

    # the own turn while looking elsewhere: title, icon, sound, desktop notification
    away(ann)
    turn = "Du bist dran – Speedone"
    for _ in range(40):
        mover = wait_turn_or_end([ann, bob])
        assert mover is not None, "the game ended before it was Ann's turn after Bob's"
        if mover is ann and turn in notes(ann):
            break
        STEPS["speedone"](mover)
    else:
        pytest.fail("Ann was never called to her turn")
    title_is(ann, f"● {turn}")
    assert ann.evaluate("document.body.dataset.lastSound") == "turn"
    away(ann, False)
    title_is(ann, f"● {turn}")  # it stays while it is her turn
    STEPS["speedone"](ann)
    if not ann.locator(MY_TURN).count():
        title_is(ann, f"Speedgamez · {table}")
    cid.close()

    # the link at four and at six seats: the same one click, the room says what is missing
    ann_token = browser_token(ann)
    for game, seats, free in (("speedone", 4, 2), ("speedlaunch", 6, 2)):
        other = house.open_table(ann_token, game, seats=seats)
        bob.goto(f"/t/{other}")
        expect(bob.get_by_test_id("room-status")).to_contain_text(f"Noch {free + 1} Plätze frei.")
        bob.get_by_test_id("take-seat").click()
        expect(bob.get_by_test_id("room-status")).to_contain_text(f"Noch {free} Plätze frei.")
        expect(bob.locator(".room-seat").nth(1)).to_contain_text(bob_name)

    # an invitation reaches Ann in the lobby, with the tab in the background
    ann.locator(".brand").click()
    expect(ann.locator(".lobby")).to_be_visible()
    away(ann)
    bob.goto(f"/t/{house.open_table(browser_token(bob), 'speedone', seats=2)}")
    bob.fill("#invite-name", ann_name)
    bob.get_by_role("button", name="Einladen").click()
    expect(bob.locator("#toast")).to_contain_text(f"Einladung an {ann_name} geschickt.")
    invited = f"{bob_name} lädt dich zu Speedone ein"
    # the lobby asks for invitations every 4 s
    expect(ann.get_by_test_id("invitation")).to_contain_text(invited, timeout=15_000)
    title_is(ann, f"● {invited}")
    assert invited in notes(ann)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_partners_play_as_a_team_and_again_reseated_by_name(new_page, house):
    ann, ann_name = guest_page(new_page, "Ann")
    bob_name = unique_name("Bob")

    # partner mode is offered at four seats only, and a refusal names the setting
    ann.click("[data-game=speedone]")
    ann.check("#mode-open")
    for seats in ("2", "3", "5", "6"):
        ann.select_option("#create-seats", seats)
        expect(ann.locator("#opt-partners")).to_have_count(0)
    said = ann.evaluate(
        "import('/problems.js').then(m => m.problemText(400, {code: 'invalid_settings',"
        " refused: [{setting: 'partners', reason: 'four_seats'},"
        " {setting: 'target', reason: 'choice'}]}))"
    )
    assert said == "Partnermodus geht nur zu viert. Endpunktzahl: Dieser Wert geht nicht."
    open_table(ann, "speedone", seats=4, solo=False,
               **{"opt-partners": True, "opt-target": 200, "set-clock": 0})  # fmt: skip
    table = table_of(ann)
    bob = new_page(*PHONE)
    bob.goto(f"/t/{table}")
    sign_in(bob, bob_name)
    bob.get_by_test_id("take-seat").click()
    ann.get_by_test_id("start").click()

    # seated by name (DECISIONS Speedone §3): Ann, Bob, then the computers on seats 3 and 4
    expect(ann.locator(".table-screen")).to_have_attribute("data-status", "playing")
    names = ann.locator(".seat .seat-name").all_inner_texts()
    assert [name.strip() for name in names][:2] == [f"{ann_name} (du)", bob_name]
    partner = ann.locator(".seat[data-seat='2']").get_attribute("aria-label").split(",")[0]
    board = ann.get_by_test_id("partner")
    expect(board).to_contain_text("Dein Partner")
    expect(board).to_contain_text(partner)
    expect(ann.locator(".so-opps .opponent")).to_have_count(2)  # Bob and Bob's partner
    expect(ann.locator(".seat[data-seat='2'] .seat-cards")).to_contain_text("Partner")
    expect(bob.get_by_test_id("partner")).to_contain_text("Dein Partner")
    expect(ann.get_by_test_id("so-scores").locator("th.team")).to_have_count(2)
    ann.screenshot(path="/tmp/partners-table.png")
    bob.screenshot(path="/tmp/partners-table-phone.png")

    doc = house.play_seats([browser_token(ann), browser_token(bob)], table)
    teams = doc["current"]["result"]["team_totals"]
    end = end_screen(ann)
    expect(end.get_by_test_id("end-line")).to_contain_text(f"Team 1 ({ann_name} + {partner}):")
    expect(end.get_by_test_id("end-line")).to_contain_text(f": {teams[0]}")
    expect(end.get_by_test_id("end-team-total")).to_have_text([str(teams[0]), str(teams[1])])
    expect(end.locator("table.result thead")).to_contain_text("Team")
    log = ann.locator(".log-lines")
    expect(log).to_contain_text(f"Stand: {ann_name} und {partner} ")
    ann.screenshot(path="/tmp/partners-end.png")
    ann.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    expect(end.get_by_test_id("end-team-total")).to_have_count(2)
    ann.screenshot(path="/tmp/partners-end-phone.png")
    ann.set_viewport_size({"width": 1366, "height": 800})

    # both ask for another game; the one asked hears it; seated by name again
    away(bob)
    ann.get_by_test_id("rematch").click()
    title_is(bob, f"● {ann_name} möchte nochmal spielen – Speedone")
    away(bob, False)
    bob.get_by_test_id("rematch").click()
    for page in (ann, bob):
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    again = ann.locator(".seat .seat-name").all_inner_texts()
    assert [name.strip() for name in again] == [name.strip() for name in names]


def booking(house, token: str, table: str) -> dict:
    """The ledger's booking of the table's first game, once the booking job has booked it."""
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(ProblemError):  # (before the game has ended)
            booked = house.client(token).request("GET", f"/api/ledger/tables/{table}/games/1")
            if booked["booked"]:  # (202 {"booked": false}: over, its booking on the way)
                return booked
        assert time.monotonic() < deadline, "the game was never booked"
        time.sleep(0.2)


def end_rows(page: Page) -> list[str]:
    return page.locator(END).locator("table.result tbody tr").all_inner_texts()


@pytest.mark.slow
@pytest.mark.timeout(400)
def test_leavers_are_placed_last_and_short_games_say_why(new_page, house):
    ann, _ = guest_page(new_page, "Ann")
    me = browser_token(ann)
    unscored = 1  # the solo game at the end, and the games of the loop under 90 s
    for game, seats, options in (
        ("speedlaunch", 2, {}),
        ("speedtower", 4, {"stock": 10}),
        ("speedlaunch", 6, {}),
    ):
        bo_name = unique_name("Bo")
        bo = house.guest(bo_name)
        table = house.open_table(me, game, seats=seats, options=options)
        house.join(bo, table)
        house.start(me, table)
        ann.goto(f"/t/{table}")
        expect(ann.locator(".table-screen")).to_have_attribute("data-status", "playing")
        house.leave(bo, table)  # a computer plays Bo's seat to the end
        house.play_seats([me], table)
        end = end_screen(ann)
        rows = end_rows(ann)
        assert len(rows) == seats
        assert bo_name in rows[-1] and "verlassen" in rows[-1], rows
        assert f"{seats}. Platz" in rows[-1]
        assert "verlassen" not in " ".join(rows[:-1])
        expect(end.get_by_test_id("end-left")).to_have_text(f"{bo_name} hat die Partie verlassen.")
        record = house.call("GET", f"/api/table/tables/{table}/games/1/record", me)
        bo_seat = next(i for i, s in enumerate(record["seats"]) if s["name"] == bo_name)
        assert record["result"]["places"][bo_seat] == seats
        assert record["result"]["left"] == [bo_seat]
        booked = booking(house, me, table)
        seconds = booked["ended_at"] - record["started_at"]
        if booked["scored"]:
            expect(end.get_by_test_id("end-points")).to_have_count(2)
        else:  # a Speedtower game under 90 s
            unscored += 1
            expect(end.get_by_test_id("end-short")).to_have_text(
                "Partie unter 90 s – nicht gewertet."
            )
        if game == "speedlaunch" and seconds < 120:
            expect(end.get_by_test_id("end-short")).to_have_text(
                "Partie unter 2 min – ohne Platzierungsbonus und ohne −10 fürs Verlassen."
            )
            assert booked["seats"][bo_seat]["points"] == 0
        elif game == "speedlaunch":
            assert booked["seats"][bo_seat]["points"] == -10
        ann.screenshot(path=f"/tmp/leaver-{game}-{seats}.png")
        player = house.call("GET", f"/api/ledger/players/{bo_name}", me)
        assert player["recent"][0]["place"] == seats
        if seats == 6:  # again, alone with the computers: the leaver's seat is a computer's
            ann.get_by_test_id("rematch").click()
            expect(ann.locator(".table-screen")).to_have_attribute("data-status", "playing")
            expect(ann.locator(f".seat[data-seat='{bo_seat}']")).to_have_class(
                re.compile("computer")
            )
            house.leave(me, table)

    # a Speedtower game at Turbo over in seconds: not scored, and the screen says why
    solo = house.play_solo(me, "speedtower", stock=10)
    ann.goto(f"/t/{solo}")
    end = ann.locator(END)
    expect(end.get_by_test_id("end-short")).to_have_text("Partie unter 90 s – nicht gewertet.")
    expect(end.get_by_test_id("end-points")).to_have_count(0)
    ann.get_by_test_id("lang").evaluate("button => button.click()")  # the header is inert
    expect(end.get_by_test_id("end-short")).to_have_text("Game under 90 s – not scored.")
    ann.get_by_test_id("lang").evaluate("button => button.click()")
    end.get_by_test_id("to-lobby").click()
    expect(ann.locator(".lobby")).to_be_visible()
    booking(house, me, solo)
    ann.keyboard.press("b")  # the balance counts it apart, and says why
    short = ann.locator(".balance tr[data-game=speedtower]").get_by_test_id("balance-short")
    expect(short).to_have_text(f"{unscored} nicht gewertet (unter 90 s)")
    ann.screenshot(path="/tmp/balance-short.png")


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_name_being_typed_for_an_invitation_keeps_its_place_when_someone_sits_down(
    new_page, house
):
    """The waiting room is drawn again at every change of the table: the invitation's field
    keeps its text and its focus, so the next key goes on where the player was typing."""
    page, _ = guest_page(new_page, "Ann")
    open_table(page, "speedone", seats=4, solo=False,
               **{"set-fill": "empty", "set-humans": True})  # fmt: skip
    field = page.locator("#invite-name")
    field.click()
    page.keyboard.type("Bru")
    bruno = unique_name("Bruno")
    house.join(house.guest(bruno), table_of(page))
    expect(page.locator(".room-seat").nth(1)).to_contain_text(bruno)
    page.keyboard.type("no")
    expect(field).to_be_focused()
    expect(field).to_have_value("Bruno")


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_openers_settings_not_saved_yet_stay_when_someone_sits_down(new_page, house):
    """The opener's settings panel, open with a change not saved yet, stays open and changed
    while the room is drawn again for a player who sits down; saved, the change holds."""
    page, _ = guest_page(new_page, "Ann")
    open_table(page, "speedone", seats=4, solo=False,
               **{"set-clock": 120, "set-fill": "empty", "set-humans": True})  # fmt: skip
    panel = page.locator("details.room-settings")
    panel.locator("summary").click()
    panel.locator("#set-clock").select_option("60")
    bruno = unique_name("Bruno")
    house.join(house.guest(bruno), table_of(page))
    expect(page.locator(".room-seat").nth(1)).to_contain_text(bruno)
    expect(panel).to_have_attribute("open", "")
    expect(panel.locator("#set-clock")).to_have_value("60")
    panel.get_by_role("button", name="Übernehmen").click()
    token, table = browser_token(page), table_of(page)
    deadline = time.monotonic() + 15
    while house.client(token).table(table).raw["settings"]["clock"] != 60:
        assert time.monotonic() < deadline, "the clock of 60 s was not saved"
        time.sleep(0.1)
