"""`make cluster REDIS=cluster`: the house on a Redis Cluster of three primaries with a replica
each. In the middle of a game between two humans (with a spectator), the primary that owns
the table's slot is killed (SIGKILL): its replica takes over within seconds, the game goes on,
the event streams reconnect by themselves and every move that was answered 200 is in the
record — each commit waits for its replica (REDIS_WAIT_REPLICAS) before it is answered.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
import redis

from shared import connection
from shared.embedded_redis import SYSTEM_REDIS_SERVER, free_port
from tests.deploy.test_cluster import (
    GAME_LIMIT,
    HEARTBEAT,
    RESTART_DELAY,
    Cluster,
    call,
    check_table,
    cluster_command,
    guest,
    process_alive,
    stuck,
    watch,
)

pytestmark = pytest.mark.slow

FAILOVER_LIMIT = 20.0  # seconds the replica may take to serve the slot
MOVES_BEFORE_THE_KILL = 12


@pytest.fixture(scope="module")
def redis_cluster_house(tmp_path_factory):
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        pytest.skip("nginx is not installed (make cluster installs it)")
    if not Path(SYSTEM_REDIS_SERVER).exists():
        pytest.skip("redis-server 7 is not installed (make cluster REDIS=cluster installs it)")
    var = tmp_path_factory.mktemp("redis-cluster-house")
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "QUEUE_REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}  # fmt: skip
    env.update(
        CLUSTER_VAR=str(var), CLUSTER_PORT=str(port), CLUSTER_RESTART_DELAY=str(RESTART_DELAY),
        CLUSTER_REDIS="cluster", CLUSTER_NODE_TIMEOUT="1000", BOT_PACE="off",
        SECRET_KEY="cluster-test-secret", SSE_HEARTBEAT=str(HEARTBEAT), WEB_WORKERS="1",
        MOVE_RATE_LIMIT="0",
    )  # fmt: skip
    started = cluster_command("start", env)
    if started.returncode != 0:
        pytest.fail(f"make cluster REDIS=cluster failed:\n{started.stdout}{started.stderr}")
    running = Cluster(var, port)
    try:
        yield running
    finally:
        pids = [p["pid"] for p in running.state["processes"].values()]
        stopped = cluster_command("stop", env)
        assert stopped.returncode == 0, stopped.stdout + stopped.stderr
        left = [pid for pid in pids if process_alive(pid)]
        assert not left, f"make cluster-stop left processes behind: {left}"


def owner_port(r, table_id: str) -> int:
    """The port of the primary that serves the table's slot, as the cluster says now."""
    slot = r.keyslot(f"{{t:{table_id}}}")
    for node in r.get_primaries():
        client = r.get_redis_connection(node)
        try:
            for low, high, primary, *_ in client.execute_command("CLUSTER", "SLOTS"):
                if low <= slot <= high:
                    return int(primary[1])
        except Exception:  # a node that is down; ask the next one
            continue
    raise AssertionError("no node answers CLUSTER SLOTS")


@pytest.mark.timeout(600)
def test_a_game_goes_on_when_the_primary_of_its_slot_dies(redis_cluster_house):
    house = redis_cluster_house
    state = house.state
    assert state["redis_mode"] == "cluster"
    r = connection.connect(state["redis_url"])
    assert connection.is_cluster(r)
    primaries = {int(node.port) for node in r.get_primaries()}
    assert len(primaries) == 3 and len(r.cluster_nodes()) == 6  # and a replica each

    base = house.base
    ann, bob, carla = guest(base, "Ann"), guest(base, "Bob"), guest(base, "Carla")
    body = {"game": "speedlaunch", "seats": 2, "options": {"rounds": "everyone"},
            "settings": {"fill": "empty", "clock": 0}}  # fmt: skip
    status, view = call(base, "POST", "/api/lobby/tables", body, ann["token"])
    assert status == 201, view
    table_id = view["id"]
    status, view = call(base, "POST", f"/api/lobby/tables/{table_id}/seats", {}, bob["token"])
    assert status == 200, view
    status, view = call(base, "POST", f"/api/lobby/tables/{table_id}/start", None, ann["token"])
    assert status == 200, view
    watchers = [
        watch(house, table_id, ann, plays=True, think=(0.05, 0.15), seed=1),
        watch(house, table_id, bob, plays=True, think=(0.05, 0.15), seed=2),
        watch(house, table_id, carla, plays=False),
    ]
    deadline = time.monotonic() + 60
    while sum(len(w.applied) for w in watchers) < MOVES_BEFORE_THE_KILL:
        assert time.monotonic() < deadline, stuck(house, table_id, watchers[0])
        time.sleep(0.05)
    assert not any(w.done.is_set() for w in watchers), "the game ended before the kill"

    # The primary of the table's slot dies at once, as with a lost machine.
    victim_port = owner_port(r, table_id)
    victim = next(name for name, p in state["processes"].items() if p["port"] == victim_port)
    applied_before = sum(len(w.applied) for w in watchers)
    killed_at = time.monotonic()
    old_pid = house.kill(victim)
    while True:  # the replica serves the slot
        try:
            port = owner_port(r, table_id)
            if port != victim_port:
                break
        except AssertionError:
            pass
        assert time.monotonic() - killed_at < FAILOVER_LIMIT, "no replica took over"
        time.sleep(0.1)
    failover = time.monotonic() - killed_at
    new_primary = redis.Redis(port=port, decode_responses=True)  # that node itself
    assert new_primary.info("replication")["role"] == "master"

    for watcher in watchers:
        assert watcher.done.wait(GAME_LIMIT), stuck(house, table_id, watcher)
    applied_after = sum(len(w.applied) for w in watchers) - applied_before
    assert applied_after > 0, "no move was made after the failover"
    # every move answered 200, before and after the kill, is in the record once; every
    # stream saw the whole game with no gap and no event twice
    # (the streams stay open: the hubs behind them subscribe again where the slot lives now
    # and catch up; a stream that broke reconnected with Last-Event-ID)
    check_table(house, table_id, watchers)
    # the killed node is started again and rejoins as a replica of its old replica
    process = house.wait_restarted(victim, old_pid)
    rejoined = redis.Redis(port=process["port"], decode_responses=True)
    deadline = time.monotonic() + 30
    while rejoined.info("replication")["role"] != "slave":
        assert time.monotonic() < deadline, "the old primary did not rejoin as a replica"
        time.sleep(0.2)
    print(f"failover of {victim} in {failover:.1f} s; {applied_before} moves before, "
          f"{applied_after} after; reconnects {[w.reconnects for w in watchers]}")  # fmt: skip
