"""Clocks: the deadline is state, the job only a prompt; stale jobs do nothing; the watchdog
finds lost work."""

from __future__ import annotations

import threading

import pytest
from rq.serializers import JSONSerializer

from services.bots import jobs as bot_jobs
from shared import keys, store
from shared.games import get_game
from shared.tables import lifecycle
from shared.tables.jobs import Jobs, queue
from shared.tables.play import Context, turn_of
from tests.integration.harness import start_two_player_game


def context(house, now):
    return Context(r=house.r, jobs=Jobs(house.queue_redis), now=now, paced=False)


def scheduled_clock_jobs(house):
    return queue(house.queue_redis, "clocks").scheduled_job_registry.get_job_ids()


def test_every_human_decision_gets_a_deadline_job(house):
    table_id, _ = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    game = doc["current"]
    assert game["deadline"] == pytest.approx(game["started_at"] + 40)
    assert len(scheduled_clock_jobs(house)) == 1
    assert house.r.zscore(keys.DUE_TABLES, table_id) == pytest.approx(game["deadline"])


def test_clock_expiry_decides_once_even_when_fired_twice(house):
    table_id, _ = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    deadline, turn = doc["current"]["deadline"], turn_of(doc)
    waiting_seat = get_game("speedone").to_move(doc["current"]["state"])
    for _ in range(2):
        lifecycle.clock_expiry(context(house, deadline), table_id, turn)
    moves = store.game_moves(house.r, table_id, 1)
    assert [(m["kind"], m.get("by"), m.get("seat")) for m in moves[1:]] == [
        ("move", "clock", waiting_seat)
    ]
    after = store.load(house.r, table_id)
    assert after["version"] == doc["version"] + 1
    assert after["seats"][waiting_seat]["kind"] == "human"  # the seat stays the player's


def test_clock_and_human_at_the_same_moment_apply_one_decision(house):
    table_id, players = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    seat = get_game("speedone").to_move(doc["current"]["state"])
    legal = house.get(players[seat], table_id)["current"]["legal"]
    deadline, turn = doc["current"]["deadline"], turn_of(doc)
    answers = []
    barrier = threading.Barrier(2)

    def human():
        client = house.table_app.test_client()
        barrier.wait()
        body = {"move": legal[0], "version": doc["version"]}
        answers.append(client.post(f"/tables/{table_id}/moves", json=body,
                                   headers=house.auth(players[seat])))  # fmt: skip

    def clock():
        barrier.wait()
        lifecycle.clock_expiry(context(house, deadline), table_id, turn)

    threads = [threading.Thread(target=human), threading.Thread(target=clock)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
    assert len(decisions) == 1 and decisions[0]["seat"] == seat
    assert answers[0].status_code == (200 if decisions[0]["by"] == "human" else 409)
    assert store.load(house.r, table_id)["version"] == doc["version"] + 1


def test_an_overdue_clock_is_applied_by_whoever_reads_the_table(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    queue(house.queue_redis, "clocks").scheduled_job_registry.remove(
        scheduled_clock_jobs(house)[0]
    )  # the scheduler lost the job
    monkeypatch.setattr("shared.web.time.time", lambda: doc["current"]["deadline"] + 0.5)
    view = house.get(players[0], table_id)
    assert view["version"] == doc["version"] + 1
    assert view["current"]["moves"] == 1


def test_a_stale_clock_job_does_nothing(house):
    table_id, players = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    lifecycle.clock_expiry(context(house, doc["current"]["started_at"] + 1), table_id, "1:0")
    lifecycle.clock_expiry(context(house, doc["current"]["deadline"] + 99), table_id, "7:7")
    after = store.load(house.r, table_id)
    assert after["current"]["moves"] == 1  # only the overdue deadline, once
    assert after["version"] == doc["version"] + 1


def test_speedtower_clock_finishes_the_whole_turn(house):
    table_id, _ = start_two_player_game(house, "speedtower", {"stock": 10}, clock=30)
    doc = store.load(house.r, table_id)
    seat = get_game("speedtower").to_move(doc["current"]["state"])
    lifecycle.clock_expiry(context(house, doc["current"]["deadline"]), table_id, turn_of(doc))
    after = store.load(house.r, table_id)
    assert get_game("speedtower").to_move(after["current"]["state"]) == 1 - seat
    decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
    assert decisions and {(m["seat"], m["by"]) for m in decisions} == {(seat, "clock")}
    assert after["current"]["deadline"] > doc["current"]["deadline"]


def test_watchdog_prompts_lost_computer_work(house, monkeypatch):
    ann = house.player("Ann")
    table_id = house.open(ann, "speedlaunch", 2, solo=True, clock=0)["id"]
    house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
    bots = queue(house.queue_redis, "bots")
    bots.empty()  # the worker died with the job
    before = store.load(house.r, table_id)
    assert bot_jobs.watchdog(repeat=False) == 0  # not overdue yet
    due = house.r.zscore(keys.DUE_TABLES, table_id)
    monkeypatch.setattr("services.bots.jobs.time.time", lambda: due + 10)
    assert bot_jobs.watchdog(repeat=False) == 1
    assert len(bots) == 1
    house.run_computers()
    after = store.load(house.r, table_id)
    assert after["status"] == "over" and after["version"] > before["version"]
    assert house.r.zscore(keys.DUE_TABLES, table_id) is None
    assert JSONSerializer  # jobs carry JSON arguments only
