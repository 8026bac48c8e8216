"""Stakes are checked where they are set: a stake above the opener's balance is refused when
the table is opened (or its stake raised), and a start that someone cannot pay names them."""

from __future__ import annotations

from shared import keys
from shared.wallets import balance, collect_stakes
from tests.integration.harness import assert_problem


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
    collect_stakes(house.r, "elsewhere-1", [bob["id"]], 900)  # Bob has 100 Taler left
    started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    body = assert_problem(started, 409, "stake_unaffordable")
    assert (body["name"], body["names"], body["stake"]) == ("Bob", ["Bob"], 500)
    assert body["detail"] == "The game cannot start: Bob cannot pay the stake of 500 Taler."
    assert bob["id"] not in started.get_data(as_text=True)
    assert house.get(ann, table_id)["status"] == "open"
    assert (balance(house.r, ann["id"]), balance(house.r, bob["id"])) == (1000, 100)
