"""Clocks: the deadline is state, the job only a prompt; stale jobs do nothing; the watchdog
finds lost work."""

from __future__ import annotations

import threading
import time

import pytest
from rq.job import Job
from rq.serializers import JSONSerializer

from services.bots import jobs as bot_jobs
from shared import keys, store
from shared.games import get_game
from shared.tables import lifecycle
from shared.tables.errors import Conflict
from shared.tables.jobs import Jobs, queue
from shared.tables.referee import turn_of
from shared.tables.transaction import Context, change
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
    assert store.due_at(house.r, table_id) == pytest.approx(game["deadline"])


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


def test_clock_and_human_at_the_same_moment_apply_one_decision(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    seat = get_game("speedone").to_move(doc["current"]["state"])
    legal = house.get(players[seat], table_id)["current"]["legal"]
    deadline, turn = doc["current"]["deadline"], turn_of(doc)
    # the human's request in the last moment before the deadline
    monkeypatch.setattr("shared.web.time.time", lambda: deadline - 0.001)
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
    bots.empty()  # the worker died with the job, which had taken the decision off the list
    house.queue_redis.delete(keys.COMPUTERS_READY)
    before = store.load(house.r, table_id)
    assert bot_jobs.watchdog(slack=5.0) == 0  # not overdue yet
    due = store.due_at(house.r, table_id)
    monkeypatch.setattr("services.bots.jobs.time.time", lambda: due + 10)
    assert bot_jobs.watchdog(slack=5.0) == 1
    assert len(bots) == 1
    house.run_computers()
    after = store.load(house.r, table_id)
    assert after["status"] == "over" and after["version"] > before["version"]
    assert store.due_at(house.r, table_id) is None
    assert JSONSerializer  # jobs carry JSON arguments only


def clock_prompts(house):
    """The scheduled clock prompts as (table id, turn, fire time in whole seconds): a job per
    second, and the prompts of that second beside it; each also names the deadline it is for,
    which is never later than it fires."""
    registry = queue(house.queue_redis, "clocks").scheduled_job_registry
    jobs = Job.fetch_many(registry.get_job_ids(), connection=house.queue_redis,
                          serializer=JSONSerializer)  # fmt: skip
    prompts = []
    for job in jobs:
        (second,) = job.args
        assert int(registry.get_scheduled_time(job).timestamp()) == second
        for entry in house.queue_redis.smembers(keys.clock_prompts(second)):
            table_id, turn, deadline = entry.decode().split(" ")
            assert second >= float(deadline)
            prompts.append((table_id, turn, second))
    return sorted(prompts)


def human_moves(house, players, table_id, at, monkeypatch):
    """The player to move makes a legal move at the time ``at``; returns the table after."""
    monkeypatch.setattr("shared.web.time.time", lambda: at)
    doc = store.load(house.r, table_id)
    seat = get_game("speedone").to_move(doc["current"]["state"])
    mine = house.get(players[seat], table_id)
    answer = house.move(players[seat], table_id, mine["current"]["legal"][0], mine["version"])
    assert answer.status_code == 200, answer.json
    return store.load(house.r, table_id)


def test_a_decision_with_a_later_deadline_enqueues_no_new_prompt(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    first = store.load(house.r, table_id)["current"]
    assert clock_prompts(house) == [(table_id, "1:0", int(first["deadline"]))]
    after = human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    assert after["current"]["deadline"] == pytest.approx(first["deadline"] + 5, abs=1e-3)
    assert clock_prompts(house) == [(table_id, "1:0", int(first["deadline"]))]  # still one
    assert float(house.r.get(keys.table_clock(table_id))) == first["deadline"]


def test_an_early_prompt_arms_again_for_the_current_deadline_and_moves_nothing(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    first = store.load(house.r, table_id)["current"]
    after = human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    deadline = after["current"]["deadline"]
    lifecycle.clock_expiry(context(house, first["deadline"]), table_id, "1:0")
    assert store.load(house.r, table_id)["version"] == after["version"]  # nothing moved
    assert (table_id, turn_of(after), int(deadline)) in clock_prompts(house)
    assert float(house.r.get(keys.table_clock(table_id))) == deadline
    lifecycle.clock_expiry(context(house, first["deadline"] + 1), table_id, "1:0")
    assert len(clock_prompts(house)) == 2  # a second early prompt arms nothing more


def test_a_prompt_after_the_deadline_makes_exactly_one_move(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    first = store.load(house.r, table_id)["current"]
    after = human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    deadline, turn = after["current"]["deadline"], turn_of(after)
    waiting_seat = get_game("speedone").to_move(after["current"]["state"])
    for _ in range(2):  # fired twice (e.g. the armed prompt and the watchdog's)
        lifecycle.clock_expiry(context(house, deadline + 1), table_id, turn)
    decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
    assert [m["by"] for m in decisions] == ["human", "clock"]
    assert decisions[-1]["seat"] == waiting_seat
    settled = store.load(house.r, table_id)
    assert settled["version"] == after["version"] + 1
    next_deadline = settled["current"]["deadline"]
    assert (table_id, turn_of(settled), int(next_deadline)) in clock_prompts(house)
    assert store.due_at(house.r, table_id) == pytest.approx(next_deadline, abs=1e-3)


def test_a_lost_prompt_does_not_keep_later_decisions_from_arming_one(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    first = store.load(house.r, table_id)["current"]
    human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    queue(house.queue_redis, "clocks").scheduled_job_registry.remove(
        scheduled_clock_jobs(house)[0]
    )  # the armed prompt is lost and its time passes
    after = human_moves(house, players, table_id, first["deadline"] + 1, monkeypatch)
    assert clock_prompts(house) == [(table_id, turn_of(after), int(after["current"]["deadline"]))]


def test_a_commit_that_loses_the_race_leaves_the_due_index_as_the_table_is(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    stale = store.load(house.r, table_id)
    first = stale["current"]
    after = human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    reads = [stale]  # the first read is from before the human's move
    load_or_answer = store.load_or_answer

    def read(r, table_id, request_key, guard_key=None, limit=None):
        if reads:
            return store.FirstRead(None, reads.pop(), None, None)
        return load_or_answer(r, table_id, request_key, guard_key, limit)

    monkeypatch.setattr(store, "load_or_answer", read)
    # The stale read's deadline is overdue: its clock decision loses the compare-and-set
    # (its due time went out with it); the fresh read has nothing to settle.
    lifecycle.clock_expiry(context(house, first["deadline"] + 1), table_id, "1:0")
    assert store.load(house.r, table_id)["version"] == after["version"]
    assert store.due_at(house.r, table_id) == pytest.approx(after["current"]["deadline"], abs=1e-3)


def test_a_refused_change_whose_clock_decision_loses_the_race_is_judged_afresh(house, monkeypatch):
    table_id, players = start_two_player_game(house, clock=30)
    stale = store.load(house.r, table_id)
    first = stale["current"]
    after = human_moves(house, players, table_id, first["started_at"] + 5, monkeypatch)
    reads = [stale]
    load_or_answer = store.load_or_answer

    def read(r, table_id, request_key, guard_key=None, limit=None):
        if reads:
            return store.FirstRead(None, reads.pop(), None, None)
        return load_or_answer(r, table_id, request_key, guard_key, limit)

    def refused(doc, pending):
        raise Conflict("not now")

    monkeypatch.setattr(store, "load_or_answer", read)
    # The stale read settles its overdue clock, the operation is refused, and keeping the
    # clock's decision loses the compare-and-set: the fresh read answers the refusal.
    with pytest.raises(Conflict):
        change(context(house, first["deadline"] + 1), table_id, refused)
    assert store.load(house.r, table_id)["version"] == after["version"]


def test_deadlines_fall_on_whole_seconds_and_their_prompt_is_never_early(house):
    table_id, _ = start_two_player_game(house, clock=30)
    deadline = store.load(house.r, table_id)["current"]["deadline"]
    assert deadline == int(deadline)
    assert clock_prompts(house) == [(table_id, "1:0", int(deadline))]


def test_a_prompt_that_runs_before_its_own_deadline_arms_itself_again(house):
    table_id, _ = start_two_player_game(house, clock=30)
    doc = store.load(house.r, table_id)
    deadline, turn = doc["current"]["deadline"], turn_of(doc)
    lifecycle.clock_expiry(context(house, deadline - 0.4), table_id, turn, deadline)
    assert store.load(house.r, table_id)["version"] == doc["version"]  # too early: no move
    assert clock_prompts(house) == [(table_id, turn, int(deadline))]  # the same prompt, once
    lifecycle.clock_expiry(context(house, deadline + 0.1), table_id, turn, deadline)
    decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
    assert [m["by"] for m in decisions] == ["clock"]


def test_the_clock_prompts_of_one_second_are_one_job_that_makes_them_all(house, monkeypatch):
    tables = [start_two_player_game(house, clock=30)[0] for _ in range(3)]
    seconds = {int(store.load(house.r, t)["current"]["deadline"]) for t in tables}
    assert len(scheduled_clock_jobs(house)) == len(seconds)  # a job per second, not per table
    assert sorted(table_id for table_id, *_ in clock_prompts(house)) == sorted(tables)
    after = max(seconds) + 0.5
    monkeypatch.setattr(bot_jobs, "context", lambda now=None: context(house, after))
    clocks = queue(house.queue_redis, "clocks")
    for job in Job.fetch_many(scheduled_clock_jobs(house), connection=house.queue_redis,
                              serializer=JSONSerializer):  # fmt: skip
        clocks.scheduled_job_registry.remove(job)
        clocks.enqueue_job(job)  # as RQ's scheduler does when the second comes
    assert house.run_computers(("clocks",)) == len(seconds)
    for table_id in tables:
        decisions = [m for m in store.game_moves(house.r, table_id, 1) if m["kind"] == "move"]
        assert [m["by"] for m in decisions] == ["clock"]
    assert not any(house.queue_redis.exists(keys.clock_prompts(s)) for s in seconds)


def test_a_prompt_armed_after_its_seconds_job_took_the_others_gets_a_job_of_its_own(house):
    jobs = Jobs(house.queue_redis)
    second = int(time.time()) + 100
    jobs.clock_expiry("a", "1:0", second - 0.5)
    jobs.clock_expiry("b", "1:0", second)
    assert len(scheduled_clock_jobs(house)) == 1
    assert sorted(jobs.clock_prompts(second)) == [("a", "1:0", second - 0.5), ("b", "1:0", second)]
    assert jobs.clock_prompts(second) == []  # taken once
    jobs.clock_expiry("c", "1:0", second)
    assert len(scheduled_clock_jobs(house)) == 2
    assert jobs.clock_prompts(second) == [("c", "1:0", second)]
