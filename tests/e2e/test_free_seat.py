"""The opener frees a seat in the waiting room: a stranger who sat down at Ann's staked table
and can no longer pay the stake would keep the game from starting; Ann frees his seat with
one click, Bob (in his own browser) takes it, and the game starts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import open_table, sign_in, unique_name


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_the_opener_frees_the_seat_of_a_stranger(new_page, house):
    ann, bob = new_page(), new_page()
    sign_in(ann, unique_name("Ann"))
    sign_in(bob, unique_name("Bob"))
    open_table(ann, "speedone", seats=2, solo=False, **{"set-clock": 0, "set-fill": "empty",
               "set-stakes": 10})  # fmt: skip
    table_id = re.search(r"/t/([0-9a-f]+)", ann.url).group(1)
    mal = house.guest(unique_name("Mal"))
    house.join(mal, table_id)
    stranger = ann.locator(".room-seat").nth(1)
    expect(stranger).to_contain_text("Mal")
    expect(ann.locator(".room-seat").nth(0).get_by_test_id("free-seat")).to_have_count(0)
    stranger.get_by_test_id("free-seat").click()
    expect(stranger).not_to_contain_text("Mal")  # the seat is empty on Ann's page …
    expect(stranger.get_by_test_id("free-seat")).to_have_count(0)
    assert house.client(mal).table(table_id).you is None  # … because it is in the house

    bob.reload()  # the lobby's list as it is now: a free seat at Ann's table
    bob.click("[data-game=speedone]")
    bob.locator(f".table-row[data-table='{table_id}']").get_by_test_id("join").click()
    expect(bob.locator(".room")).to_be_visible()
    expect(stranger).to_contain_text(bob.get_by_test_id("me").inner_text())
    ann.get_by_test_id("start").click()
    for page in (ann, bob):
        expect(page.locator(".table-screen")).to_have_attribute("data-status", "playing")
