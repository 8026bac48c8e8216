"""End-to-end fixtures: the whole house on a free port (werkzeug's threaded server in a thread,
an RQ worker for bots, clocks and the ledger in a subprocess — the house's own
services.bots.worker) and Debian's chromium driven by Playwright. Every test here is slow
and is skipped when chromium or Playwright is missing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from shared.embedded_redis import EmbeddedRedis, free_port
from tests.e2e.house_api import House

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SECRET = "e2e-secret"

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - the skip below says why
    sync_playwright = None
else:
    # What a page must come to show, it may take as long to show as any other step (the
    # contexts' timeout below; Playwright's own is 5 s): the suite runs on more workers than
    # the machine has cores, and a page that renders a whole game's moves may lag behind.
    expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(config, items):
    reason = None
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (apt-get install chromium)"
    elif sync_playwright is None:
        reason = "playwright is not installed (pip install playwright==1.65.2)"
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.slow)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def e2e_redis(tmp_path_factory):
    """A Redis of the browser suite's own: its worker lives as long as the test session, and
    must not take the jobs of other suites' houses from a shared queue Redis."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("e2e-redis"), appendonly=False).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def house_url(e2e_redis):
    from werkzeug.serving import make_server

    from services.bots import jobs as bot_jobs
    from services.house import create_house

    redis_server = e2e_redis
    env = {**os.environ, "REDIS_URL": redis_server, "BOT_PACE": "off", "SECRET_KEY": SECRET}
    env.pop("QUEUE_REDIS_URL", None)
    saved = {key: os.environ.get(key) for key in ("REDIS_URL", "BOT_PACE", "SECRET_KEY")}
    os.environ.update(REDIS_URL=redis_server, BOT_PACE="off", SECRET_KEY=SECRET)
    bot_jobs._connections.cache_clear()
    # HINT_TIMEOUT as an int: shared/config.py reads it as a float, which rq passes on to
    # XREAD BLOCK as 5000.0, and redis-py refuses that (the hint route answers 500).
    config = {"REDIS_URL": redis_server, "BOT_PACE": "off", "SECRET_KEY": SECRET, "HINT_TIMEOUT": 5}
    port = free_port()
    server = make_server("127.0.0.1", port, create_house(config), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    worker = subprocess.Popen(
        [sys.executable, "-m", "services.bots.worker", "bots", "clocks", "ledger"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/table/healthz", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    yield url
    worker.send_signal(signal.SIGINT)
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
    server.shutdown()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    bot_jobs._connections.cache_clear()


@pytest.fixture
def house(house_url):
    """The house's REST API, to set the scene a browser test is about (house_api.py)."""
    return House(house_url)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser, house_url):
    contexts = []

    def make(width=1280, height=800, tour=False, touch=False):
        viewport = {"width": width, "height": height}
        # touch: a phone's touch screen (no hover, a coarse pointer)
        context = browser.new_context(
            viewport=viewport, base_url=house_url, has_touch=touch, is_mobile=touch
        )
        context.set_default_timeout(15_000)
        if not tour:  # the first game's tour (tour.js) is for the tests that are about it
            context.add_init_script(
                "for (const g of ['speedlaunch', 'speedtower', 'speedone'])"
                " localStorage.setItem(`sg.tour.${g}`, 'done');"
            )
        contexts.append(context)
        page = context.new_page()
        page.goto("/")
        return page

    yield make
    for context in contexts:
        context.close()
