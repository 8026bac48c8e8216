"""What a new player meets before the first game: messages from the house in the chosen
language (never the server's English, never an internal id), a new-table form that fits
desktop and phone, and a table list with only what one can join or watch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import sign_in, unique_name

DESKTOP = (1366, 800)
PHONE = (390, 844)
ENGLISH = re.compile(r"schema|request|password|taken|cannot|stake|\bp[0-9a-f]{8,}")


def toast(page):
    return page.locator("#toast.show")


def expect_german(page, *parts: str) -> None:
    expect(toast(page)).to_be_visible()
    for part in parts:
        expect(toast(page)).to_contain_text(part)
    assert not ENGLISH.search(toast(page).inner_text()), toast(page).inner_text()


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_sign_in_problems_speak_german(new_page, house):
    page = new_page(*DESKTOP)
    guest = page.get_by_role("button", name="Als Gast spielen")
    page.fill("#login-name", "   ")
    guest.click()
    expect_german(page, "Bitte gib einen Namen ein.")
    expect(page.get_by_test_id("name-error")).to_have_text("Bitte gib einen Namen ein.")
    expect(page.locator("#login-name")).to_have_attribute("aria-invalid", "true")

    page.fill("#login-name", "<b>x</b>")
    guest.click()
    expect_german(page, "nur Buchstaben, Ziffern")

    name = unique_name("Reg")
    page.fill("#login-name", name)
    page.locator("details summary").click()
    page.fill("#login-password", "pw")
    page.get_by_role("button", name="Namen registrieren").click()
    expect_german(page, "mindestens 8 Zeichen")
    expect(page.get_by_test_id("password-error")).to_contain_text("mindestens 8 Zeichen")
    expect(page.get_by_test_id("name-error")).to_be_hidden()

    page.fill("#login-password", "falsches-passwort")
    page.get_by_role("button", name="Anmelden").click()
    expect_german(page, "Name oder Passwort stimmt nicht.")

    taken = unique_name("Jo")
    house.guest(taken)
    page.fill("#login-name", taken)
    guest.click()
    expect_german(page, f"Der Name {taken} ist schon vergeben")

    # in English, the same house speaks English
    page.get_by_test_id("lang").click()
    page.get_by_role("button", name="Play as a guest").click()
    expect(toast(page)).to_contain_text(f"The name {taken} is taken")


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_stake_problem_names_the_amounts_in_german(new_page):
    page = new_page(*DESKTOP)
    sign_in(page, unique_name("Geld"))
    page.click("[data-game=speedtower]")
    # a counted option's choices in the game's words ("opt.stock.n")
    assert "10 Karten" in page.locator("#opt-stock option").all_inner_texts()
    page.check("#mode-solo")
    page.fill("#set-stakes", "5000")
    page.get_by_test_id("create-table").click()
    expect_german(page, "5000 Taler")


def overflow_report(page) -> list[str]:
    """What sticks out: sideways scrolling, a control outside its panel, controls that overlap."""
    return page.evaluate(
        """() => {
        const out = [];
        const doc = document.documentElement;
        if (doc.scrollWidth > window.innerWidth)
            out.push(`page ${doc.scrollWidth} > ${window.innerWidth}`);
        const form = document.querySelector("form.create");
        const panel = form.closest(".panel").getBoundingClientRect();
        const controls = [...form.querySelectorAll(
            "select, input:not([type=radio]):not([type=checkbox]), label.check, button, "
            + ".field > label")];
        const box = (el) => el.getBoundingClientRect();
        const name = (el) => el.id || el.htmlFor || el.textContent.trim().slice(0, 20);
        for (const el of controls) {
            const r = box(el);
            if (r.left < panel.left - 0.5 || r.right > panel.right + 0.5)
                out.push(`${name(el)} outside its panel `
                         + `(${r.left}-${r.right} vs ${panel.left}-${panel.right})`);
        }
        for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
            const a = box(controls[i]), b = box(controls[j]);
            const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
            if (overlap) out.push(`${name(controls[i])} overlaps ${name(controls[j])}`);
        }
        return out;
    }"""
    )


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_new_table_form_fits(new_page, size):
    page = new_page(*size)
    sign_in(page, unique_name("Form"))
    for game in ("speedlaunch", "speedtower", "speedone"):
        for mode in ("#mode-solo", "#mode-open"):
            page.click(f"[data-game={game}]")
            page.check(mode)
            expect(page.locator("form.create")).to_be_visible()
            assert overflow_report(page) == [], (game, mode, size)
    page.screenshot(path=f"/tmp/lobby-{size[0]}.png", full_page=True)


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_table_list_offers_only_joinable_and_watchable_tables(new_page, house):
    names = {role: unique_name(role) for role in ("Offen", "Voll", "Gast", "Läuft", "Aus")}
    tokens = {role: house.guest(name) for role, name in names.items()}
    joinable = house.open_table(tokens["Offen"], "speedtower", fill="empty")
    full = house.open_table(tokens["Voll"], "speedtower", fill="empty")
    house.join(tokens["Gast"], full)
    running = house.open_table(tokens["Läuft"], "speedtower", fill="computer")
    house.start(tokens["Läuft"], running)
    over = house.open_table(tokens["Aus"], "speedtower", fill="computer")
    house.start(tokens["Aus"], over)
    house.leave(tokens["Aus"], over)
    house.wait_status(tokens["Läuft"], over, "over")

    page = new_page(*DESKTOP)
    sign_in(page, unique_name("Schau"))
    page.click("[data-game=speedtower]")
    open_list = page.get_by_test_id("open-tables")
    running_list = page.get_by_test_id("running-tables")
    row = open_list.locator(f"[data-table='{joinable}']")
    expect(row).to_contain_text("wartet auf Mitspieler")
    expect(row.get_by_test_id("join")).to_have_text("Platz nehmen")
    watched = running_list.locator(f"[data-table='{running}']")
    expect(watched).to_contain_text("läuft")
    expect(watched.get_by_test_id("join")).to_have_count(0)
    for gone in (full, over):
        expect(page.locator(f"[data-table='{gone}']")).to_have_count(0)
    for row_text in page.locator(".tables-panel .table-row .tname").all_inner_texts():
        assert not re.search(r"· (open|playing|over|closed)\b", row_text), row_text
    page.screenshot(path="/tmp/lobby-tables.png")

    watched.get_by_test_id("watch").click()
    expect(page.get_by_test_id("spectator")).to_have_text("Die Partie läuft – du schaust zu.")
    expect(page.locator(".chat-form")).to_be_hidden()
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
    page.get_by_test_id("leave").click()
    expect(page.locator(".lobby")).to_be_visible()


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_every_problem_code_has_words_in_both_languages(new_page):
    from shared.problems import CODES

    page = new_page(*DESKTOP)
    sample = {"name": "Jo", "names": ["Jo", "Ann"], "stake": 5000, "balance": 1000,
              "table_status": "playing", "game": "speedone", "min_players": 2,
              "retry_after": 2, "seat": 1, "table": "t1", "game_no": 1, "current_version": 3,
              "errors": {"json": {"name": ["x"]}}}  # fmt: skip
    for lang in ("de", "en"):
        texts = page.evaluate(
            """async ([codes, sample, lang]) => {
                localStorage.setItem("sg.prefs", JSON.stringify({lang}));
                const prefs = await import("/prefs.js");
                prefs.prefs.lang = lang;
                const { problemText } = await import("/problems.js");
                const texts = Object.fromEntries(codes.map(([code, status]) =>
                    [code, problemText(status || 400, {code, ...sample}, {name: ""})]));
                texts["(new)"] = problemText(409, {code: "brand_new", detail: "In English."});
                return texts;
            }""",
            [[[code, kind.status] for code, kind in CODES.items()], sample, lang],
        )
        unknown = "Das hat nicht geklappt (" if lang == "de" else "That did not work ("
        assert texts.pop("(new)").startswith(unknown)
        for code, text in texts.items():
            assert text and "{" not in text and "problem." not in text, (lang, code, text)
            assert not text.startswith(unknown), (lang, code, text)
        assert texts["stake_unaffordable"].startswith("Jo, Ann")
        assert texts["invalid_request"] in ("Bitte gib einen Namen ein.", "Please enter a name.")
