"""Stakes are checked where they are set: a stake above the opener's balance is refused when
the table is opened (or its stake raised), and a start that someone cannot pay names them."""

from __future__ import annotations

import time

import pytest

from shared import keys
from shared.tables import lifecycle, stakes, transaction
from shared.tables.jobs import Jobs
from shared.tables.stakes import Stakes
from shared.tables.transaction import Context
from shared.wallets import balance
from tests.integration.harness import assert_problem
from tests.stakes import pay_in


def _open(house, player, stake):
    body = {"game": "speedone", "seats": 2, "settings": {"stakes": stake, "fill": "empty"}}
    return house.lobby.post("/tables", json=body, headers=house.auth(player))


def test_a_stake_above_the_openers_balance_is_refused_at_opening(house):
    ann = house.player("Ann")
    body = assert_problem(_open(house, ann, 5000), 409, "stake_unaffordable")
    assert (body["stake"], body["balance"]) == (5000, 1000)
    assert house.r.zcard(keys.OPEN_TABLES) == 0 and not house.r.keys("{t:*")
    solo = {"game": "speedone", "seats": 2, "settings": {"stakes": 1001, "solo": True}}
    refused = house.lobby.post("/tables", json=solo, headers=house.auth(ann))
    assert assert_problem(refused, 409, "stake_unaffordable")["balance"] == 1000
    assert _open(house, ann, 1000).status_code == 201


def test_raising_the_stake_above_the_openers_balance_is_refused(house):
    ann = house.player("Ann")
    table_id = house.open(ann, "speedone", 2, stakes=10, fill="empty")["id"]
    url = f"/tables/{table_id}/settings"
    raised = house.lobby.patch(url, json={"settings": {"stakes": 1500}}, headers=house.auth(ann))
    assert assert_problem(raised, 409, "stake_unaffordable")["stake"] == 1500
    assert house.get(ann, table_id)["settings"]["stakes"] == 10


def test_a_start_someone_cannot_pay_names_them(house):
    ann, bob = house.player("Ann"), house.player("Bob")
    table_id = house.open(ann, "speedone", 2, stakes=500, fill="empty")["id"]
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    pay_in(house.r, "elsewhere-1", [bob["id"]], 900)  # Bob has 100 Taler left
    started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    body = assert_problem(started, 409, "stake_unaffordable")
    assert (body["name"], body["names"], body["stake"]) == ("Bob", ["Bob"], 500)
    assert body["detail"] == "The game cannot start: Bob cannot pay the stake of 500 Taler."
    assert bob["id"] not in started.get_data(as_text=True)
    assert house.get(ann, table_id)["status"] == "open"
    assert (balance(house.r, ann["id"]), balance(house.r, bob["id"])) == (1000, 100)


def house_context(house) -> Context:
    return Context(r=house.r, jobs=Jobs(house.queue_redis), now=time.time())


def _staked_table_with_bob(house, stake=100):
    ann, bob = house.player("Ann"), house.player("Bob")
    table_id = house.open(ann, "speedone", 2, stakes=stake, fill="empty")["id"]
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    return table_id, ann, bob


def test_stakes_a_start_left_unsettled_are_settled_by_the_watchdog(house, monkeypatch):
    """A start whose process dies between its commit and settling its stakes: the watchdog
    finds the game dealt and keeps the pot; one that dies before its commit: given back
    once the table has moved on."""
    table_id, ann, bob = _staked_table_with_bob(house)
    monkeypatch.setattr(Stakes, "settle", lambda self, doc=None: None)  # dies after the commit
    assert house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann)).status_code == 200
    game_id = f"{table_id}-1"
    assert house.r.get(keys.stakes_collected(game_id)) == "pending:2"
    assert stakes.settle_stale(house.r, time.time()) == 0  # not yet: its start may settle it
    assert stakes.settle_stale(house.r, time.time() + stakes.SETTLE_AFTER + 1) == 1
    assert house.r.get(keys.stakes_collected(game_id)) == "collected"
    assert house.r.hget(keys.POTS, game_id) == "200"

    other, cid, dan = house.open(ann, "speedone", 3, stakes=50, fill="empty")["id"], *(
        house.player(name) for name in ("Cid", "Dan"))  # fmt: skip
    house.lobby.post(f"/tables/{other}/seats", json={}, headers=house.auth(cid))

    def dies_before_the_commit(*args, **kwargs):
        raise RuntimeError("the process dies")

    monkeypatch.setattr(transaction, "commit", dies_before_the_commit)
    with pytest.raises(RuntimeError):
        lifecycle.start(house_context(house), other, ann)
    monkeypatch.undo()
    assert balance(house.r, cid["id"]) == 950  # reserved, the game never dealt
    later = time.time() + stakes.SETTLE_AFTER + 1
    assert stakes.settle_stale(house.r, later) == 0  # the table is where it was: undecided
    house.lobby.post(f"/tables/{other}/seats", json={}, headers=house.auth(dan))  # it moves on
    assert stakes.settle_stale(house.r, later) == 1
    assert balance(house.r, cid["id"]) == 1000 and house.r.hget(keys.POTS, f"{other}-1") is None
    assert house.r.zcard(keys.STAKES_PENDING) == 0
