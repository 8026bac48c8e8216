"""A stranger who cannot pay the stake cannot block a staked table: refused at sit-down (and
left waiting when the waiting list fills the seats), and the opener may free the seat of a
human who sits and waits for the start. Over real HTTP."""

from __future__ import annotations

from shared import keys, store
from tests.over_http import problem_of

STAKE = 100


def make_broke(r, player, taler: int = 5) -> None:
    """The player lost nearly everything elsewhere (the scene, written into the ledger)."""
    r.hset(keys.BALANCES, player.id, taler)


def test_who_cannot_pay_the_stake_does_not_sit_down(http, house_r):
    ann, mal = http.guest("Ann"), http.guest("Mal")
    make_broke(house_r, mal)
    table_id = http.open(ann, "speedone", 3, stakes=STAKE, fill="empty")["id"]
    before = store.load(house_r, table_id)["version"]
    answer = http.call(mal, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    problem = problem_of(answer, 409, "stake_unaffordable")
    assert (problem["stake"], problem["balance"], problem["names"]) == (STAKE, 5, ["Mal"])
    assert store.load(house_r, table_id)["version"] == before
    assert http.ok(mal, "GET", "/api/lobby/me/tables") == []
    # nor by accepting an invitation
    http.ok(ann, "POST", "/api/lobby/invitations", json={"to": "Mal", "table": table_id})
    (invitation,) = http.ok(mal, "GET", "/api/lobby/invitations")["invitations"]
    accepted = http.call(mal, "POST", f"/api/lobby/invitations/{invitation['id']}/accept")
    problem_of(accepted, 409, "stake_unaffordable")
    assert store.load(house_r, table_id)["version"] == before
    # whoever can pay sits down, and the start goes ahead
    bob = http.guest("Bob")
    http.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    assert http.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")["status"] == "playing"


def test_the_waiting_list_seats_only_who_can_pay(http, house_r):
    ann, bob, cid, mal = (http.guest(name) for name in ("Ann", "Bob", "Cid", "Mal"))
    table_id = http.open(ann, "speedone", 3, stakes=STAKE, fill="computer")["id"]
    http.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={"seat": 1})
    http.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")
    for player in (mal, cid):  # a game runs: they wait for the next
        http.ok(player, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    make_broke(house_r, mal)
    doc = store.load(house_r, table_id)
    doc["status"] = "over"  # as if the game had ended
    store.commit(house_r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    http.ok(ann, "POST", f"/api/table/tables/{table_id}/rematch")
    again = http.ok(bob, "POST", f"/api/table/tables/{table_id}/rematch")
    assert again["status"] == "playing"
    assert [seat["name"] for seat in again["seats"]] == ["Ann", "Bob", "Cid"]
    assert again["waiting"] == ["Mal"]
    game_id = store.load(house_r, table_id)["current"]["id"]
    assert house_r.hgetall(keys.pot(game_id)) == {p.id: str(STAKE) for p in (ann, bob, cid)}


def test_the_opener_frees_the_seat_of_a_human_waiting_for_the_start(http, house_r):
    ann, bob, mal = http.guest("Ann"), http.guest("Bob"), http.guest("Mal")
    table_id = http.open(ann, "speedone", 2, stakes=STAKE, fill="empty")["id"]
    http.ok(mal, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    make_broke(house_r, mal)  # sat down while he could pay; now the start would fail
    problem_of(http.call(ann, "POST", f"/api/lobby/tables/{table_id}/start"), 409,
               "stake_unaffordable")  # fmt: skip
    seat = f"/api/lobby/tables/{table_id}/seats/1"
    problem_of(http.call(mal, "PUT", f"/api/lobby/tables/{table_id}/seats/0",
                          json={"kind": "empty"}), 403, "not_opener")  # fmt: skip
    problem_of(http.call(ann, "PUT", f"/api/lobby/tables/{table_id}/seats/0",
                          json={"kind": "empty"}), 409, "seat_taken")  # fmt: skip
    problem_of(http.call(ann, "PUT", seat, json={"kind": "computer"}), 409, "seat_taken")
    freed = http.ok(ann, "PUT", seat, json={"kind": "empty"})
    assert freed["seats"][1]["kind"] == "empty"
    entry = house_r.xrevrange(keys.table_events(table_id), count=1)[0][1]
    assert '"table.freed"' in entry["e"] and '"Mal"' in entry["e"]
    assert http.ok(mal, "GET", "/api/lobby/me/tables") == []
    http.ok(bob, "POST", f"/api/lobby/tables/{table_id}/seats", json={})
    assert http.ok(ann, "POST", f"/api/lobby/tables/{table_id}/start")["status"] == "playing"
    problem_of(http.call(ann, "PUT", seat, json={"kind": "empty"}), 409, "wrong_table_status")
