"""A fourth game made of its own files only (tests/toygame: engine, strategy, phrases,
scoring, board module) is added to a copy of the house where docs/games.md says each part
goes, and played through the whole house: the lobby, the table, moves, the stream, the
record, the replay, the booking and the leaderboard, over the API and in the browser."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from shared.parts import PARTS
from tests.e2e.helpers import sign_in, unique_name, version, wait_moved
from tests.e2e.house_api import House
from tests.integration.running_house import house_on_database

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toygame"
HOUSE_DB = 8  # a database of the test Redis of its own: other tests flush database 0
# The toy game's file of each part; where it goes is the part's place (shared/parts.py).
FILES = {
    "engine": "engine.py",
    "strategy": "strategy.py",
    "phrases": "phrases.py",
    "scoring": "scoring.py",
    "board": "board.js",
}


def house_with_the_toy_game(into: Path) -> Path:
    """A copy of the house's code with the toy game's files added, and nothing else changed."""
    skip = shutil.ignore_patterns("__pycache__", "var")
    for folder in ("shared", "services", "deploy"):
        shutil.copytree(ROOT / folder, into / folder, ignore=skip)
    for kind, part in PARTS.items():
        place = into / part.path("toygame")
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(TOY / FILES[kind], place)
    return into


@pytest.fixture(scope="module")
def toy_house(redis_server, tmp_path_factory):
    root = house_with_the_toy_game(tmp_path_factory.mktemp("toy-house"))
    with house_on_database(redis_server, HOUSE_DB, root / "house.log", root=root,
                           BOT_PACE="off") as running:  # fmt: skip
        yield running


def wait_for(read, limit: float = 30.0):
    deadline = time.monotonic() + limit
    while (value := read()) is None:
        assert time.monotonic() < deadline, "the house did not get there in time"
        time.sleep(0.2)
    return value


def test_the_fourth_game_over_the_api(toy_house):
    check = "from shared.parts import lacks; print(lacks('toygame'))"
    lacking = subprocess.run([sys.executable, "-c", check], cwd=toy_house.root,
                             capture_output=True, text=True, check=True)  # fmt: skip
    assert lacking.stdout.strip() == "[]"
    house = House(toy_house.url)
    [toy] = [game for game in house.call("GET", "/api/lobby/games") if game["name"] == "toygame"]
    assert (toy["title"], toy["min_seats"], toy["max_seats"]) == ("Toygame", 2, 4)
    assert toy["options"][0]["name"] == "hand" and toy["options"][0]["description"]

    ann = house.guest(unique_name("Ann"))
    table, bob = house.start_against(ann, "toygame", unique_name("Bob"), {"hand": 3})
    assert table in [t["id"] for t in house.call("GET", "/api/lobby/me/tables", ann)]
    stream = house.client(bob).events(table)
    assert next(stream).kind == "state"  # the stream is open before the first move
    house.call("POST", f"/api/table/tables/{table}/chat", ann, {"exclamation": "freude"})
    end = house.play_seats([ann, bob], table)
    assert end["status"] == "over" and sorted(end["current"]["result"]["places"]) == [1, 2]
    kinds = (e["type"] for event in stream for e in event.events)
    assert next(kind for kind in kinds if kind != "chat") in ("play", "draw")

    record = house.call("GET", f"/api/table/tables/{table}/games/1/record", ann)
    assert record["game"] == "toygame" and len(record["moves"]) > 2
    replay = house.call("GET", f"/api/table/tables/{table}/games/1/replay?open=true", ann)
    assert replay["steps"][0]["hands"][0] and any(step["lines"] for step in replay["steps"])
    log = house.call("GET", f"/api/table/tables/{table}/log?lang=de", ann)
    assert any("legt eine" in line["text"] for line in log)

    booking = wait_for(lambda: booked(house, ann, table))
    winner = end["current"]["result"]["places"].index(1)
    assert booking["game"] == "toygame" and booking["seats"][winner]["points"] == 30
    board = house.call("GET", "/api/ledger/leaderboards/toygame?period=all", ann)
    assert board["top"][0]["points"] == 30


def booked(house: House, token: str, table: str) -> dict | None:
    """The game's booking, or None while the ledger answers 202 ``{"booked": false}``."""
    booking = house.client(token).request("GET", f"/api/ledger/tables/{table}/games/1")
    return booking if booking.get("booked", True) else None


def test_the_fourth_game_in_the_browser(toy_house, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=toy_house.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto("/")
    sign_in(page, unique_name("Toy"))
    page.click("[data-game=toygame]")
    expect(page.locator("#opt-hand")).to_be_visible()
    page.select_option("#opt-hand", "3")
    page.check("#mode-solo")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("toy-hand")).to_be_visible()
    playable = "[data-testid=toy-card]:enabled, [data-testid=toy-draw]:enabled"
    deadline = time.monotonic() + 120
    while page.locator(".table-screen[data-status=playing]").count():
        assert time.monotonic() < deadline, "the toy game did not end"
        # my turn (something to click) or the end, whichever comes first
        page.wait_for_function(
            "(playable) => document.querySelector(playable)"
            " || document.querySelector('.table-screen')?.dataset.status !== 'playing'",
            arg=playable,
        )
        before = version(page)
        if page.locator(playable).count():
            page.locator(playable).first.click()
            wait_moved(page, before)
    expect(page.locator(".table-screen")).to_have_attribute("data-status", "over")
    page.goto(f"{page.url}/1")
    expect(page.get_by_test_id("replay-board")).to_contain_text("Oben")
    context.close()
