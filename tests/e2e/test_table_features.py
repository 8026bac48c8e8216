"""The table frame: the chat (its 2 s lock in the client and at the server, each line once
after a reload) and the hint."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import MY_TURN, open_table, sign_in, unique_name


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_chat_lock(new_page):
    page = new_page()
    sign_in(page, unique_name("Chat"))
    open_table(page, "speedone", seats=2, solo=True)
    page.fill("#chat-input", "Hallo Tisch!")
    page.get_by_test_id("chat-send").click()
    expect(page.locator(".chat-lines li").last).to_contain_text("Hallo Tisch!")
    expect(page.get_by_test_id("chat-freude")).to_be_disabled()
    expect(page.get_by_test_id("chat-lock")).to_contain_text("gesperrt")
    # the server holds the lock too: a second line at once is refused with 429
    status = page.evaluate(
        """async () => {
            const id = localStorage.getItem("sg.table");
            const r = await fetch(`/api/table/tables/${id}/chat`, {method: "POST",
              headers: {"Content-Type": "application/json",
                        Authorization: `Bearer ${localStorage.getItem("sg.token")}`},
              body: JSON.stringify({text: "zu schnell"})});
            return [r.status, r.headers.get("Retry-After")];
        }"""
    )
    assert status[0] == 429 and status[1]
    expect(page.get_by_test_id("chat-freude")).to_be_enabled(timeout=5000)
    page.get_by_test_id("chat-freude").click()
    expect(page.locator(".chat-lines li")).to_have_count(2)
    # back after a reload: each line once, though the chat GET and the stream both carry it
    page.reload()
    expect(page.locator(".chat-lines li", has_text="Hallo Tisch!")).to_have_count(1)
    expect(page.locator(".chat-lines li")).to_have_count(2)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_hint_appears(new_page):
    page = new_page()
    sign_in(page, unique_name("Tipp"))
    open_table(page, "speedtower", seats=2, solo=True, **{"opt-stock": 10})
    page.get_by_test_id("turbo").click()
    page.wait_for_selector(MY_TURN)
    page.keyboard.press("t")
    hint = page.locator(".hint-box")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("→")
    expect(page.locator(".hinted").first).to_be_visible()
