"""Capacity figures for docs/operations.md: Redis memory per table, Redis CPU per move on its
shard, what WAIT for a replica costs per move, and computer decisions per worker.

    .venv/bin/python bench/capacity.py [--tables 200] [--moves 40]

Runs in process (the lobby and table apps of the integration tests, no HTTP) on an embedded
standalone Redis and on a Redis Cluster of three primaries with a replica each (Debian's
redis-server 7); the queues on the standalone Redis.

* memory per table: ``used_memory`` before and after opening ``--tables`` two-human tables
  and playing ``--moves`` moves at each (document, event stream, move list, indexes);
* Redis CPU per move: the server's own time in the commands (INFO commandstats ``usec``) the
  human moves caused (the move with its first read, and one read of the document standing in
  for the hub's), and the Redis processes' whole CPU time (INFO cpu, network included),
  divided by the moves — one shard's single thread takes about 1e6 / the latter moves a
  second;
* WAIT: the move latency in process with and without REDIS_WAIT_REPLICAS=1 on the cluster;
* computer decisions: solo tables of four computers (the human left) played to the end by the
  jobs of the queue "bots" run one after another in this process, as a worker does.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared import connection  # noqa: E402
from shared.embedded_redis import EmbeddedCluster, EmbeddedRedis  # noqa: E402
from shared.games import names  # noqa: E402
from tests.integration.harness import House, start_two_player_game  # noqa: E402


class Env:
    """monkeypatch.setenv without pytest."""

    def setenv(self, name, value):
        import os

        os.environ[name] = value

    def delenv(self, name, raising=True):
        import os

        os.environ.pop(name, None)


def nodes(r):
    if connection.is_cluster(r):
        return [r.get_redis_connection(node) for node in r.get_primaries()]
    return [r]


def used_memory(r) -> int:
    return sum(node.info("memory")["used_memory"] for node in nodes(r))


def server_usec(r) -> float:
    return sum(
        v["usec"]
        for node in nodes(r)
        for k, v in node.info("commandstats").items()
        if k not in ("cmdstat_info", "cmdstat_flushall", "cmdstat_flushdb")
    )


def cpu_seconds(r) -> float:
    """The Redis processes' CPU time (user + system), everything included."""
    return sum(
        info["used_cpu_user"] + info["used_cpu_sys"]
        for info in (node.info("cpu") for node in nodes(r))
    )


def one_move(house, table_id, players, rng, seat) -> tuple[float, int | None]:
    """The mover reads its view (as its SSE stream would bring it: one read of the document)
    and posts a random legal move; (seconds the POST took, the next seat to move or None)."""
    mine = house.get(players[seat], table_id)
    started = time.perf_counter()
    answer = house.move(players[seat], table_id, rng.choice(mine["current"]["legal"]),
                        mine["version"])  # fmt: skip
    took = time.perf_counter() - started
    assert answer.status_code == 200, answer.json
    table = answer.json.get("table", answer.json)
    current = table.get("current") or {}
    return took, current.get("to_move") if table.get("status") == "playing" else None


def tables_and_moves(house, tables: int, moves: int) -> dict:
    rng = random.Random(7)
    r = house.r
    before = used_memory(r)
    games = [start_two_player_game(house, "speedone", {"target": 500}) for _ in range(tables)]
    opened = used_memory(r)
    seats = {t: house.get(players[0], t)["current"]["to_move"] for t, players in games}
    usec, cpu, made, latency = server_usec(r), cpu_seconds(r), 0, []
    for _ in range(moves):
        for table_id, players in games:
            if seats[table_id] is None:
                continue
            took, seats[table_id] = one_move(house, table_id, players, rng, seats[table_id])
            made += 1
            latency.append(took)
    usec, cpu = server_usec(r) - usec, cpu_seconds(r) - cpu
    after = used_memory(r)
    return {
        "tables": tables,
        "moves": made,
        "kb_per_open_table": (opened - before) / tables / 1024,
        "kb_per_table_after_moves": (after - before) / tables / 1024,
        "redis_usec_per_move": usec / max(1, made),
        "redis_cpu_usec_per_move": cpu * 1e6 / max(1, made),
        "move_ms_p50": statistics.median(latency) * 1000,
    }


def decisions(house, games: int) -> dict:
    ann = house.player("Ann")
    tables = []
    for number in range(games):
        game = sorted(names())[number % 3]
        options = {"speedone": {"target": 200}, "speedtower": {"stock": 10}}.get(game, {})
        table_id = house.open(ann, game, 4, options, solo=True, clock=0)["id"]
        house.table.post(f"/tables/{table_id}/leave", headers=house.auth(ann))
        tables.append(table_id)
    started = time.perf_counter()
    jobs = house.run_computers()
    took = time.perf_counter() - started
    from shared import store

    made = sum(store.load(house.r, t)["current"]["moves"] for t in tables)
    return {"games": games, "jobs": jobs, "decisions": made, "decisions_per_s": made / took}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--games", type=int, default=12, help="computer games for decisions/s")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    tmp = Path(tempfile.mkdtemp(prefix="speedgamez-capacity-"))
    single = EmbeddedRedis(tmp / "redis", appendonly=False).start()
    cluster = EmbeddedCluster(tmp / "cluster", primaries=3, replicas=1, appendonly=False).start()
    env = Env()
    for quota in ("QUOTA_TABLES", "QUOTA_SOLO_GAMES_PER_MINUTE"):  # Ann opens every table
        env.setenv(quota, "0")
    try:
        for kind, url, wait in (("standalone", single.url, 0), ("cluster", cluster.url, 0),
                                ("cluster + WAIT 1", cluster.url, 1)):  # fmt: skip
            house = House(url, env, queue_url=single.url)
            for client in nodes(house.r):
                client.flushall()
                client.config_resetstat()
            house.queue_redis.flushall()
            if wait:
                house.table_app.extensions["redis"].commit_wait = (1, 200)
            figures = tables_and_moves(house, args.tables, args.moves)
            print(f"{kind}: {figures}", flush=True)
        house = House(single.url, env)
        house.r.flushall()
        print(f"computer decisions, one worker: {decisions(house, args.games)}", flush=True)
    finally:
        cluster.stop()
        single.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
