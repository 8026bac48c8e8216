"""A finished game reaches the ledger even when its booking job is lost: the table keeps the
booking as unbooked (in the commit that ends the game) until the ledger confirms it, and the
watchdog sends it again."""

from __future__ import annotations

from services.bots import jobs as bot_jobs
from shared import keys, store
from shared.tables.jobs import queue


def finished_solo_game(house):
    """A solo Speedlaunch table whose human left: the computers play it to the end."""
    ann = house.player("Ann")
    table_id = house.open(ann, "speedlaunch", 2, solo=True, clock=0)["id"]
    house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    house.run_computers()
    doc = store.load(house.r, table_id)
    assert doc["status"] == "over"
    return table_id, doc["current"]["id"]


def test_a_finished_game_is_unbooked_until_the_ledger_confirms_it(house):
    table_id, game_id = finished_solo_game(house)
    booking = store.unbooked(house.r, table_id, game_id)
    assert booking["game_id"] == game_id and booking["table"] == table_id
    assert house.r.zscore(keys.BOOKINGS_DUE, f"{table_id} {game_id}") is not None
    assert house.run_computers(("ledger",)) == 1
    assert house.r.exists(keys.booking(game_id))
    assert store.unbooked(house.r, table_id, game_id) is None


def test_the_watchdog_sends_a_lost_booking_again_and_the_game_is_booked_once(house, monkeypatch):
    table_id, game_id = finished_solo_game(house)
    ledger = queue(house.queue_redis, "ledger")
    ledger.empty()  # the booking job got lost
    check = f"{table_id} {game_id}"
    resend_at = house.r.zscore(keys.BOOKINGS_DUE, check)
    assert bot_jobs.watchdog(slack=5.0) == 0 and len(ledger) == 0  # not due yet
    monkeypatch.setattr("services.bots.jobs.time.time", lambda: resend_at + 1)
    assert bot_jobs.watchdog(slack=5.0) == 1
    assert len(ledger) == 1
    house.run_computers(("ledger",))
    assert house.r.exists(keys.booking(game_id))
    assert store.unbooked(house.r, table_id, game_id) is None
    # the next round finds it confirmed: the check is dropped, nothing is sent again
    later = resend_at + 1 + store.BOOKING_RESEND
    monkeypatch.setattr("services.bots.jobs.time.time", lambda: later)
    assert bot_jobs.watchdog(slack=5.0) == 0
    assert len(ledger) == 0 and house.r.zscore(keys.BOOKINGS_DUE, check) is None
