"""Nochmal: solo at once; with people when all are back; held seats free up after 2 minutes."""

from __future__ import annotations

from shared import store
from shared.tables import lifecycle
from shared.tables.jobs import Jobs
from shared.tables.transaction import Context
from tests.integration.harness import start_two_player_game


def finish_by_leaving(house, table_id, player):
    """End a two-player Speedone game at once: the other player leaves."""
    left = house.table.post(f"/tables/{table_id}/leave", headers=house.auth(player))
    assert left.status_code == 200, left.json
    return left.json


def test_solo_rematch_starts_at_once_with_the_same_settings(house):
    ann = house.player("Ann")
    opened = house.open(ann, "speedtower", 2, {"stock": 10}, solo=True, clock=60)
    table_id = opened["id"]
    doc = store.load(house.r, table_id)
    doc["status"] = "over"  # as if the game had ended
    store.commit(house.r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    again = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(ann))
    assert again.status_code == 200, again.json
    assert again.json["status"] == "playing" and again.json["current"]["no"] == 2
    assert again.json["options"] == {"stock": 10} and again.json["settings"]["clock"] == 60
    assert again.json["current"]["first"] == (opened["current"]["first"] + 1) % 2  # rotates


def test_rematch_when_the_others_left_opens_the_table_again(house):
    ann, bob, cid = (house.player(n) for n in ("Ann", "Bob", "Cid"))
    table_id = house.open(ann, "speedone", 3, fill="empty")["id"]
    for player in (bob, cid):
        house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(player))
    house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    finish_by_leaving(house, table_id, cid)  # Speedone: Cid is out, the round is dealt again
    view = finish_by_leaving(house, table_id, bob)  # one player left: the game ends
    assert view["status"] == "over"

    assert house.table.post(f"/tables/{table_id}/rematch",
                            headers=house.auth(bob)).status_code == 403  # fmt: skip
    back = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(ann)).json
    # Nobody else can come back and one is too few: the table opens for others again.
    assert back["status"] == "open" and back["held_until"] is None
    assert [s["kind"] for s in back["seats"]] == ["human", "empty", "empty"]


def test_held_seats_are_freed_when_the_hold_runs_out(house):
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    ann, bob = players[0], players[1]
    doc = store.load(house.r, table_id)
    doc["status"] = "over"
    store.commit(house.r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    waiting = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(ann)).json
    assert waiting["status"] == "over" and [s["back"] for s in waiting["seats"]] == [True, False]

    ctx = Context(r=house.r, jobs=Jobs(house.queue_redis), now=waiting["held_until"] - 1)
    lifecycle.hold_expiry(ctx, table_id, 1)
    assert store.load(house.r, table_id)["status"] == "over"  # not yet
    ctx.now = waiting["held_until"] + 1
    lifecycle.hold_expiry(ctx, table_id, 1)
    lifecycle.hold_expiry(ctx, table_id, 1)  # a second prompt changes nothing
    after = house.get(ann, table_id)
    assert after["status"] == "open"
    assert [s["kind"] for s in after["seats"]] == ["human", "empty"]
    alone = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    assert alone.status_code == 409  # free seats stay empty at this table: one is too few
    cid = house.player("Cid")
    assert house.lobby.post(f"/tables/{table_id}/seats", json={},
                            headers=house.auth(cid)).json["you"] == 1  # fmt: skip
    restarted = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    assert restarted.status_code == 200 and restarted.json["status"] == "playing"
    assert [s["name"] for s in restarted.json["seats"]] == ["Ann", "Cid"]
    assert house.get(bob, table_id)["you"] is None


def test_both_back_start_the_next_game_by_itself(house):
    table_id, players = start_two_player_game(house, "speedtower", {"stock": 10})
    doc = store.load(house.r, table_id)
    doc["status"] = "over"
    store.commit(house.r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
    house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(players[1]))
    both = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(players[0])).json
    assert both["status"] == "playing" and both["current"]["no"] == 2


def test_partners_play_again_reseated_by_name_and_a_leavers_seat_taken_or_left_free(house):
    """Partner mode (DECISIONS Speedone §3): every game seats the four by name, so a rematch
    seats them again; a leaver's seat goes to a computer (fill) or stays free, and then the
    three who came back cannot start: the table opens for a fourth."""
    for fill in ("computer", "empty"):
        zed, amy, bob, cid = (house.player(n) for n in ("zed", "Amy", "bob", "Cid"))
        table_id = house.open(zed, "speedone", 4, {"partners": True}, fill=fill)["id"]
        for player in (amy, bob, cid):
            house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(player))
        started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(zed)).json
        assert [s["name"] for s in started["seats"]] == ["Amy", "Cid", "bob", "zed"]
        finish_by_leaving(house, table_id, cid)  # Cid (seat 1) is out; the team plays on
        over = finish_by_leaving(house, table_id, zed)  # seat 3: team 1 is out, the game ends
        assert over["status"] == "over"
        assert over["current"]["result"]["places"] == [1, 3, 1, 2], "who left after who stayed"
        for player in (amy, bob):
            back = house.table.post(f"/tables/{table_id}/rematch", headers=house.auth(player))
            assert back.status_code == 200, back.json
        if fill == "computer":
            assert back.json["status"] == "playing"
            names = [s["name"] for s in back.json["seats"]]
            assert names == sorted(names) and {"Amy", "bob"} <= set(names)
            assert [s["kind"] for s in back.json["seats"]].count("computer") == 2
        else:
            assert back.json["status"] == "open", "two cannot play partner mode"
            assert sorted(s["name"] for s in back.json["seats"] if s["name"]) == ["Amy", "bob"]
