"""Computer decisions due now wait in one list that computer_turns jobs work off, many to a
job, instead of one RQ job each."""

from __future__ import annotations

from services.bots import jobs as bot_jobs
from shared import keys, store
from shared.tables.jobs import READY_PER_JOB, Jobs, queue


def computers_only(house, n):
    """n solo tables whose human left before the computers' turn was made."""
    ann = house.player("Ann")
    house.lobby_app.config["QUOTA_SOLO_GAMES_PER_MINUTE"] = 0  # many solo games on purpose
    tables = []
    for _ in range(n):
        table_id = house.open(ann, "speedlaunch", 2, solo=True, clock=0)["id"]
        house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
        tables.append(table_id)
    return tables


def test_ready_decisions_share_jobs_and_every_one_is_made(house):
    tables = computers_only(house, 2 * READY_PER_JOB + 1)
    bots = queue(house.queue_redis, "bots")
    waiting = house.queue_redis.llen(keys.COMPUTERS_READY)
    assert waiting >= len(tables)
    assert len(bots) == 1 + waiting // READY_PER_JOB  # not one job per decision
    house.run_computers()
    assert house.queue_redis.llen(keys.COMPUTERS_READY) == 0
    assert all(store.load(house.r, t)["status"] == "over" for t in tables)


def test_the_watchdog_restarts_ready_decisions_whose_job_died(house):
    (table_id,) = computers_only(house, 1)
    bots = queue(house.queue_redis, "bots")
    bots.empty()  # the job is gone; its decision still waits in the list
    assert house.queue_redis.llen(keys.COMPUTERS_READY) >= 1
    bot_jobs.watchdog(slack=5.0)
    assert len(bots) == 1
    house.run_computers()
    assert store.load(house.r, table_id)["status"] == "over"


def test_a_stale_ready_decision_does_nothing(house):
    (table_id,) = computers_only(house, 1)
    house.run_computers()
    before = store.load(house.r, table_id)
    Jobs(house.queue_redis).computer_turn(table_id, "1:0", None)
    house.run_computers()
    assert store.load(house.r, table_id)["version"] == before["version"]
