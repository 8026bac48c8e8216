"""The browser client under its Content-Security-Policy: signing in, opening a solo game and
playing a few moves of each game raise no CSP violation (no inline script or style slipped
into the client), and the page refuses to be framed."""

from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import open_table, play, sign_in, unique_name, watch_errors

SETUPS = {
    "speedlaunch": {"opt-rounds": "one", "set-clock": 0},
    "speedtower": {"opt-stock": 10, "set-clock": 0},
    "speedone": {"opt-target": 200, "set-clock": 0},
}
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


def headers_of(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return {name.lower(): value for name, value in answer.headers.items()}


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_page_and_api_send_the_security_headers(house_url):
    page = headers_of(f"{house_url}/")
    csp = page["content-security-policy"]
    for directive in ("default-src 'none'", "script-src 'self'", "style-src 'self'",
                      "frame-ancestors 'none'", "base-uri 'none'"):  # fmt: skip
        assert directive in csp, csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert page["x-frame-options"] == "DENY"
    assert page["referrer-policy"] == "no-referrer"
    assert page["x-content-type-options"] == "nosniff"
    assert "camera=()" in page["permissions-policy"]
    api = headers_of(f"{house_url}/api/lobby/tables")
    assert api["content-security-policy"].startswith("default-src 'none'")
    assert "frame-ancestors 'none'" in api["content-security-policy"]
    assert api["x-frame-options"] == "DENY" and api["referrer-policy"] == "no-referrer"


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(SETUPS))
def test_the_client_runs_without_csp_violations(browser, house_url, game):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=house_url)
    context.set_default_timeout(15_000)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    errors = watch_errors(page)
    try:
        page.goto("/")
        sign_in(page, unique_name("Csp"))
        open_table(page, game, seats=2, solo=True, **SETUPS[game])
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
        assert play([page], game, moves=4) > 0
        page.get_by_test_id("turbo").click()  # the computers' moves render too
        page.wait_for_timeout(1000)
        violations = page.evaluate("window.__violations")
    finally:
        context.close()
    csp_messages = [m for m in console if "Content Security Policy" in m or "Refused to" in m]
    assert not violations and not csp_messages, (violations, csp_messages)
    assert not errors, errors


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_the_page_cannot_be_framed(browser, house_url):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.set_content(f'<iframe id="house" src="{house_url}/"></iframe>')
        page.wait_for_timeout(1500)
        frame = page.frame_locator("#house")
        assert frame.locator("#login-name").count() == 0, "the client loaded inside a frame"
    finally:
        context.close()
