"""`make cluster` end to end, behind nginx: nothing is lost when a part of the house dies.

The cluster (deploy/cluster.py: nginx, two instances each of lobby, table and ledger, two bot
workers, a clock worker, a ledger worker, Redis with its AOF) runs 20 tables of computer
players with scripted human clients. Every human and a spectator per table hold an SSE stream;
the humans play from what their stream shows them, think a little before each move, and send
some moves twice. Mid-game one table instance and one bot worker are killed with SIGKILL.
Then:

* every game finishes;
* no move is lost or applied twice: each table's record replays through its engine, and every
  move a human was told was applied sits in the record exactly once, where it was made;
* every SSE client saw each commit once, in order, with no gap (consecutive versions), the
  engine's events exactly as the record has them (cut for its seat), and ends holding exactly
  the table the server shows it;
* every game is booked by the ledger once.

Then Redis is killed and comes back from its AOF, and a game that waited for its humans goes
on where it was, to its end.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from shared.embedded_redis import free_port
from shared.games import get_game
from shared.games.base import redact_event
from tests.integration.running_house import alive as process_alive

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SOLO_SPEEDLAUNCH, SOLO_SPEEDTOWER, SHARED_SPEEDLAUNCH = 12, 4, 4  # 20 tables
# Three rounds each: the computers play well, and most games must still run at the kill.
LONG_SPEEDLAUNCH = {"game": "speedlaunch", "seats": 3, "options": {"rounds": "everyone"}}
HEARTBEAT = 2  # SSE_HEARTBEAT of the cluster, seconds
READ_TIMEOUT = 5 * HEARTBEAT
RESTART_DELAY = 5.0  # CLUSTER_RESTART_DELAY: how long a killed process stays dead
GAME_LIMIT = 300.0
RETRIED = (502, 503, 504)


# --- the cluster -------------------------------------------------------------------------
def cluster_command(command: str, env: dict, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "deploy.cluster", command], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


class Cluster:
    def __init__(self, var: Path, port: int):
        self.var = var
        self.base = f"http://127.0.0.1:{port}"
        self.host, self.port = "127.0.0.1", port

    @property
    def state(self) -> dict:
        return json.loads((self.var / "state.json").read_text())

    def process(self, name: str) -> dict:
        return self.state["processes"][name]

    def kill(self, name: str) -> int:
        """SIGKILL a process and everything in its process group (gunicorn's workers, RQ's
        work horse and scheduler): the machine it ran on is gone."""
        pid = self.process(name)["pid"]
        os.killpg(pid, signal.SIGKILL)
        return pid

    def wait_restarted(self, name: str, old_pid: int, limit: float = 60) -> dict:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            process = self.process(name)
            if process["pid"] != old_pid and process_alive(process["pid"]):
                return process
            time.sleep(0.1)
        raise AssertionError(f"the supervisor did not start {name} again")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        if os.environ.get("CI"):
            pytest.fail("nginx is missing (.ci/run installs Debian's package)")
        pytest.skip("nginx is not installed (make cluster installs it)")
    var = tmp_path_factory.mktemp("cluster")
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "QUEUE_REDIS_URL", "PROMETHEUS_MULTIPROC_DIR")}  # fmt: skip
    env.update(
        CLUSTER_VAR=str(var), CLUSTER_PORT=str(port), CLUSTER_RESTART_DELAY=str(RESTART_DELAY),
        BOT_PACE="off", SECRET_KEY="cluster-test-secret", SSE_HEARTBEAT=str(HEARTBEAT),
        WEB_WORKERS="1",
    )  # fmt: skip
    started = cluster_command("start", env)
    if started.returncode != 0:
        logs = "".join(
            f"\n--- {log.name}\n" + "".join(log.read_text(errors="replace").splitlines(True)[-15:])
            for log in sorted((var / "logs").glob("*.log"))
        )
        pytest.fail(f"make cluster failed:\n{started.stdout}{started.stderr}{logs}")
    running = Cluster(var, port)
    pids = [p["pid"] for p in running.state["processes"].values()]
    try:
        yield running
    finally:
        pids += [p["pid"] for p in running.state["processes"].values()]
        stopped = cluster_command("stop", env)
    assert stopped.returncode == 0, stopped.stdout + stopped.stderr
    assert not (var / "state.json").exists()
    left = [pid for pid in set(pids) if process_alive(pid)]
    assert not left, f"make cluster-stop left processes behind: {left}"


# --- HTTP through nginx ------------------------------------------------------------------
def request(base: str, method: str, path: str, body=None, token=None, timeout=10.0):
    """(status, JSON body); transport errors raise OSError."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw) if raw else None
        except ValueError:
            return error.code, {"raw": raw.decode(errors="replace")}


def call(base, method, path, body=None, token=None, limit=30.0):
    """A request repeated while the house is briefly away (transport error, 502/503/504).
    Repeating is safe: moves carry their version and key, everything else is a read or is
    only repeated when it never reached an instance."""
    deadline = time.monotonic() + limit
    while True:
        try:
            status, answer = request(base, method, path, body, token)
            if status not in RETRIED:
                return status, answer
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{method} {path} did not get through in {limit:.0f} s")
        time.sleep(0.2)


def guest(base: str, name: str) -> dict:
    status, answer = call(base, "POST", "/api/lobby/accounts/guest", {"name": name})
    assert status == 201, answer
    return {**answer["player"], "token": answer["token"]}


def without_clock(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "server_time"}


# --- SSE clients ---------------------------------------------------------------------------
class Watcher(threading.Thread):
    """One SSE client of a table: keeps what it was sent, reconnects with Last-Event-ID,
    and — for a human — plays its seat from what the stream shows."""

    def __init__(self, cluster: Cluster, table_id: str, player: dict, plays: bool,
                 think: tuple[float, float] = (0.0, 0.0), seed: int = 0):  # fmt: skip
        super().__init__(daemon=True, name=f"watch-{table_id}-{player['name']}")
        self.cluster, self.table_id, self.player = cluster, table_id, player
        self.plays, self.think, self.rng = plays, think, random.Random(seed)
        self.paused = threading.Event()
        self.stopping = threading.Event()
        self.connected = threading.Event()
        self.done = threading.Event()
        self.last_id: str | None = None
        self.version: int | None = None
        self.view: dict | None = None
        self.base_moves: int | None = None  # moves of the game when the first state came
        self.updates: list[tuple[str, int, list]] = []
        self.states = 0
        self.gaps: list[tuple[int, int]] = []
        self.reconnects = 0
        self.posted: set[int] = set()
        self.applied: list[dict] = []  # moves the house answered 200 to
        self.duplicates: list[tuple[dict, dict]] = []  # (first answer, repeated answer)
        self.refused: list[tuple[int, str]] = []  # (version, code) of each move refused 409
        self.problems: list[str] = []
        self.first_state: tuple[str | None, int] | None = None
        self.finished_at: float | None = None

    # the stream
    def run(self):
        deadline = time.monotonic() + GAME_LIMIT + 60
        while not (self.done.is_set() or self.stopping.is_set()):
            if time.monotonic() > deadline:
                self.problems.append("the watcher ran out of time")
                return
            with contextlib.suppress(OSError, http.client.HTTPException, ValueError):
                self.listen()
            if not (self.done.is_set() or self.stopping.is_set()):
                self.reconnects += 1
                time.sleep(0.2)

    def listen(self):
        connection = http.client.HTTPConnection(
            self.cluster.host, self.cluster.port, timeout=READ_TIMEOUT
        )
        headers = {"Accept": "text/event-stream"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        tickets = f"/api/table/tables/{self.table_id}/stream-tickets"  # as a browser does
        status, answer = request(self.cluster.base, "POST", tickets, token=self.player["token"])
        if status != 201:
            return
        path = f"/api/table/tables/{self.table_id}/events?ticket={answer['ticket']}"
        try:
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            if response.status != 200:
                response.read()
                time.sleep(0.2)
                return
            self.connected.set()
            fields: dict[str, str] = {}
            while not self.stopping.is_set():
                line = response.readline()
                if not line:
                    return  # the instance went away
                line = line.decode().rstrip("\r\n")
                if line:
                    name, _, value = line.partition(":")
                    if name:
                        fields[name] = value[1:] if value.startswith(" ") else value
                    continue
                if "data" in fields:
                    self.receive(fields.get("event", "message"), fields.get("id"),
                                 json.loads(fields["data"]))  # fmt: skip
                fields = {}
                if self.done.is_set():
                    return
                self.maybe_move()
        finally:
            connection.close()

    def receive(self, kind: str, event_id: str | None, data: dict) -> None:
        if kind == "state":
            self.states += 1
            if self.states > 1:
                self.problems.append(f"a full state in mid-stream at {event_id}")
            self.first_state = (event_id, data["version"])
            current = data["table"]["current"]
            self.base_moves = current["moves"] if current else 0
            self.version = data["version"]
        elif kind == "update":
            if event_id in {entry[0] for entry in self.updates[-50:]}:
                self.problems.append(f"event {event_id} came twice")
            if data["version"] != self.version + 1:
                self.gaps.append((self.version, data["version"]))
            self.version = data["version"]
            self.updates.append((event_id, data["version"], data["events"]))
        else:
            self.problems.append(f"unexpected event {kind}: {data}")
            return
        self.last_id = event_id
        if "table" in data:
            self.view = data["table"]
        if self.view and self.view["status"] == "over" and self.view["version"] == self.version:
            self.finished_at = time.monotonic()
            self.done.set()

    # the player
    def maybe_move(self) -> None:
        view = self.view
        if not self.plays or self.paused.is_set() or view is None or view["status"] != "playing":
            return
        current = view["current"]
        if current["to_move"] != view["you"] or view["version"] in self.posted:
            return
        self.posted.add(view["version"])
        time.sleep(self.rng.uniform(*self.think))
        move = self.rng.choice(current["legal"])
        body = {"move": move, "version": view["version"], "key": f"m{view['version']}"}
        path = f"/api/table/tables/{self.table_id}/moves"
        status, answer = call(self.cluster.base, "POST", path, body, self.player["token"])
        while status == 429:  # over the move rate limit: a client waits as told, then repeats
            time.sleep(answer["retry_after"])
            status, answer = call(self.cluster.base, "POST", path, body, self.player["token"])
        if status == 200:
            self.applied.append({"move": move, "index": current["moves"], "seat": view["you"]})
            if len(self.applied) % 7 == 0:  # the same request again: answered, not applied
                again = call(self.cluster.base, "POST", path, body, self.player["token"])
                self.duplicates.append((answer, again))
        elif status == 409:  # the table moved on meanwhile (a clock, say)
            self.refused.append((view["version"], answer.get("code")))
        else:
            self.problems.append(f"move {move} at version {view['version']}: {status} {answer}")

    # what it saw
    def engine_events(self) -> list[dict]:
        return [event for _, _, events in self.updates for event in events
                if not event["type"].startswith("table.")]  # fmt: skip


def watch(cluster, table_id, player, plays, think=(0.0, 0.0), seed=0) -> Watcher:
    watcher = Watcher(cluster, table_id, player, plays, think, seed)
    watcher.start()
    assert watcher.connected.wait(30), f"no event stream for {player['name']} at {table_id}"
    return watcher


def scrape(port: int) -> dict:
    """An instance's figures as {(sample name, label values…): value}, labels summed over
    those not named (status, service)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    figures: dict = {}
    order = ("route", "method", "service", "game", "by", "job", "outcome", "queue", "state")
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = sample.labels
            if sample.name == "speedgamez_sse_connections":
                key = (sample.name, labels["service"])
            else:
                key = (sample.name, *(labels[k] for k in order if k in labels and k != "service"))
            figures[key] = figures.get(key, 0) + sample.value
    return figures


# --- checks --------------------------------------------------------------------------------
def get_table(cluster, table_id, player) -> dict:
    status, view = call(cluster.base, "GET", f"/api/table/tables/{table_id}", token=player["token"])
    assert status == 200, view
    return view


def check_table(cluster, table_id: str, watchers: list[Watcher]) -> dict:
    """The record replays, the humans' moves are in it once each, and every watcher saw the
    whole game after it joined, in order, and holds the final table."""
    anyone = watchers[0].player
    final = get_table(cluster, table_id, anyone)
    assert final["status"] == "over", (table_id, final["status"])
    status, record = call(cluster.base, "GET", f"/api/table/tables/{table_id}/games/1/record",
                          token=anyone["token"])  # fmt: skip
    assert status == 200, record
    moves = [entry for entry in record["moves"] if entry["kind"] == "move"]
    assert len(moves) == len(record["moves"]) == final["current"]["moves"]

    engine = get_game(record["game"])
    state = engine.new(record["options"], len(record["seats"]), record["seed"], record["first"])
    assert engine.snapshot(state) == record["initial"]
    for number, entry in enumerate(moves):
        assert engine.to_move(state) == entry["seat"], (table_id, number)
        assert engine.apply(state, entry["seat"], entry["move"]) == entry["events"], number
    assert engine.to_move(state) is None
    assert engine.result(state) == record["result"] == final["current"]["result"]

    for watcher in watchers:
        name = f"{table_id}/{watcher.player['name']}"
        assert watcher.done.is_set(), f"{name} did not see the end"
        assert not watcher.problems, (name, watcher.problems)
        assert watcher.gaps == [], (name, watcher.gaps, "first state", watcher.first_state)
        ids = [entry[0] for entry in watcher.updates]
        assert len(set(ids)) == len(ids), f"{name} got an event twice"
        order = [tuple(map(int, event_id.split("-"))) for event_id in ids]
        assert order == sorted(order), f"{name} got events out of order"
        seat = watcher.view["you"]
        seen = moves[watcher.base_moves :]
        expected = [redact_event(event, seat) for entry in seen for event in entry["events"]]
        assert watcher.engine_events() == expected, f"{name} saw other events than were played"
        server = get_table(cluster, table_id, watcher.player)
        assert without_clock(watcher.view) == without_clock(server), f"{name} ended elsewhere"
        for applied in watcher.applied:
            entry = moves[applied["index"]]
            assert (entry["seat"], entry["move"], entry["by"]) == (
                applied["seat"], applied["move"], "human"), (name, applied)  # fmt: skip
        humans = [entry for entry in moves if entry["by"] == "human" and entry["seat"] == seat]
        if watcher.plays:
            assert len(humans) == len(watcher.applied), (
                f"{name}: moves lost or doubled; refused with 409 (version, code): "
                f"{watcher.refused}; applied at {[a['index'] for a in watcher.applied]}, "
                f"recorded at {[i for i, e in enumerate(moves) if e in humans]}")  # fmt: skip
        for first, again in watcher.duplicates:  # (the table is cut again for a repeat)
            status, answer = again
            alike = (status, answer["version"], answer["events"])
            assert alike == (200, first["version"], first["events"]), (
                f"{name}: a repeated move was not answered alike")  # fmt: skip
            assert answer["table"]["version"] >= first["table"]["version"], name
    return record


def stuck(cluster, table_id: str, watcher: Watcher) -> str:
    """What a watcher and the server say of a game that did not finish."""
    server = get_table(cluster, table_id, watcher.player)
    current = server["current"] or {}
    return (f"{table_id} did not finish: the server is at version {server['version']} "
            f"({server['status']}, seat {current.get('to_move')} to move, deadline "
            f"{current.get('deadline')}); the watcher saw version {watcher.version}, posted at "
            f"{sorted(watcher.posted)[-3:]}, reconnected {watcher.reconnects} times, problems "
            f"{watcher.problems}; its last table: {watcher.view}")  # fmt: skip


# --- the test ------------------------------------------------------------------------------
@pytest.mark.timeout(900)
def test_nothing_is_lost_when_an_instance_a_worker_and_redis_die(cluster):
    started = time.monotonic()
    base = cluster.base
    assert request(base, "GET", "/api/table/healthz")[0] == 200
    tables: dict[str, list[Watcher]] = {}
    seed = 0

    def open_table(opener, body):
        status, view = call(base, "POST", "/api/lobby/tables", body, opener["token"])
        assert status == 201, view
        return view["id"]

    # 20 tables: solo tables against computers, and tables of two humans and a computer.
    for number in range(SOLO_SPEEDLAUNCH + SOLO_SPEEDTOWER):
        speedtower = number >= SOLO_SPEEDLAUNCH
        human, spectator = guest(base, f"Solo{number:02d}"), guest(base, f"Zusch{number:02d}")
        body = ({"game": "speedtower", "seats": 2, "options": {"stock": 10}} if speedtower
                else LONG_SPEEDLAUNCH)  # fmt: skip
        table_id = open_table(human, {**body, "settings": {"solo": True}})
        think = (0.02, 0.06) if speedtower else (0.1, 0.25)
        seed += 1
        tables[table_id] = [watch(cluster, table_id, human, True, think, seed),
                            watch(cluster, table_id, spectator, False)]  # fmt: skip
    for number in range(SHARED_SPEEDLAUNCH):
        ann, bob = guest(base, f"Anna{number:02d}"), guest(base, f"Bert{number:02d}")
        spectator = guest(base, f"Gast{number:02d}")
        table_id = open_table(ann, LONG_SPEEDLAUNCH)
        status, joined = call(base, "POST", f"/api/lobby/tables/{table_id}/seats", {},
                              bob["token"])  # fmt: skip
        assert status == 200, joined
        watchers = []
        for player, plays in ((ann, True), (bob, True), (spectator, False)):
            seed += 1
            watchers.append(watch(cluster, table_id, player, plays, (0.1, 0.25), seed))
        status, view = call(base, "POST", f"/api/lobby/tables/{table_id}/start", None,
                            ann["token"])  # fmt: skip
        assert status == 200, view
        tables[table_id] = watchers
    assert len(tables) == 20

    # Mid-game: one table instance and one bot worker die at once.
    time.sleep(4)
    versions = {t: ws[0].version for t, ws in tables.items()}
    running = [t for t, ws in tables.items() if not ws[0].done.is_set()]
    assert len(running) >= 15, "most games should still run when the kill comes"
    killed_table = cluster.kill("table-1")
    killed_bots = cluster.kill("bots-1")
    time.sleep(RESTART_DELAY / 2)
    moved_meanwhile = [t for t, ws in tables.items() if ws[0].version != versions[t]]
    assert moved_meanwhile, "nothing moved while table-1 and bots-1 were away"
    cluster.wait_restarted("table-1", killed_table)
    cluster.wait_restarted("bots-1", killed_bots)

    # Every game finishes; every check of the docstring holds.
    deadline = time.monotonic() + GAME_LIMIT
    for table_id, watchers in tables.items():
        for watcher in watchers:
            left = max(0.1, deadline - time.monotonic())
            assert watcher.done.wait(left), stuck(cluster, table_id, watcher)
    for table_id, watchers in tables.items():
        first = watchers[0]
        print(f"{table_id} {first.view['game']:<12} {first.view['current']['moves']:>4} moves, "
              f"over after {first.finished_at - started:5.1f} s, reconnects "
              f"{[w.reconnects for w in watchers]}")  # fmt: skip
    assert sum(w.reconnects for ws in tables.values() for w in ws) > 0, "no stream was cut"
    records, failures = {}, []
    for table_id, watchers in tables.items():
        try:
            records[table_id] = check_table(cluster, table_id, watchers)
        except AssertionError as failure:
            failures.append(f"{table_id}: {failure}")
    assert not failures, "\n".join(failures)
    by = {entry["by"] for record in records.values() for entry in record["moves"]}
    assert {"human", "computer"} <= by

    # The ledger books every game once.
    r = redis.Redis.from_url(cluster.state["redis_url"], decode_responses=True)
    booked_deadline = time.monotonic() + 60
    games = [f"{table_id}-1" for table_id in tables]
    while not all(r.exists(f"{{ledger}}:booked:{game}") for game in games):
        assert time.monotonic() < booked_deadline, "the ledger did not book every game"
        time.sleep(0.2)

    # Every instance shows its figures at /metrics, the workers' exporter theirs.
    table_2 = scrape(cluster.process("table-2")["port"])
    assert table_2[("speedgamez_http_requests_total", "/tables/<table_id>/moves", "POST")] > 0
    assert ("speedgamez_sse_connections", "table") in table_2
    assert table_2[("speedgamez_moves_applied_total", "speedlaunch", "human")] > 0
    workers = scrape(cluster.process("worker-metrics")["port"])
    made = [
        workers.get(("speedgamez_job_duration_seconds_count", job, "done"), 0)
        for job in ("computer_turn", "computer_turns")
    ]  # paced, and due at once
    assert sum(made) > 0
    assert ("speedgamez_queue_jobs", "bots", "queued") in workers
    assert ("speedgamez_queue_jobs", "bots", "ready") in workers
    print(f"20 games in {time.monotonic() - started:.0f} s")

    # Redis dies and comes back from its AOF; a game that waits for its humans goes on.
    ann, bob, spectator = guest(base, "Carla"), guest(base, "Detlef"), guest(base, "Emma")
    table_id = open_table(ann, {**LONG_SPEEDLAUNCH, "settings": {"clock": 0}})
    assert call(base, "POST", f"/api/lobby/tables/{table_id}/seats", {}, bob["token"])[0] == 200
    watchers = [watch(cluster, table_id, ann, True, (0.05, 0.1), 101),
                watch(cluster, table_id, bob, True, (0.05, 0.1), 102),
                watch(cluster, table_id, spectator, False)]  # fmt: skip
    assert call(base, "POST", f"/api/lobby/tables/{table_id}/start", None, ann["token"])[0] == 200
    wait_deadline = time.monotonic() + 60
    while (watchers[2].view is None or watchers[2].view["current"] is None
           or watchers[2].view["current"]["moves"] < 6):  # fmt: skip
        assert not watchers[2].done.is_set(), "the game ended before Redis was restarted"
        assert time.monotonic() < wait_deadline, "the game does not move"
        time.sleep(0.05)
    for watcher in watchers[:2]:
        watcher.paused.set()
    time.sleep(1.5)  # the computers finish what they may do; the humans wait
    before = {p["name"]: without_clock(get_table(cluster, table_id, p)) for p in (ann, bob)}
    assert before["Carla"]["status"] == "playing"
    assert before["Carla"]["current"]["to_move"] in (0, 1), "a human's turn is awaited"
    time.sleep(1.5)
    assert without_clock(get_table(cluster, table_id, ann)) == before["Carla"], "not quiet"

    killed_redis = cluster.kill("redis")
    cluster.wait_restarted("redis", killed_redis)
    after = {p["name"]: without_clock(get_table(cluster, table_id, p)) for p in (ann, bob)}
    assert after == before, "the table is not where it was before Redis went down"
    for watcher in watchers[:2]:  # they move again at the next heartbeat of their stream
        watcher.paused.clear()
    for watcher in watchers:
        assert watcher.done.wait(GAME_LIMIT), "the game after the Redis restart did not end"
    check_table(cluster, table_id, watchers)
    assert (Path(cluster.state["var"]) / "redis" / "appendonly.aof").exists()


def test_a_tables_requests_go_to_one_table_instance(cluster):
    """The edge hashes a table's routes by the table id (deploy/nginx/house.conf.template), so
    its moves meet the instance whose hub hears its commits."""
    player = guest(cluster.base, "Treue")
    status, view = call(cluster.base, "POST", "/api/lobby/tables",
                        {"game": "speedone", "seats": 2}, player["token"])  # fmt: skip
    assert status == 201, view
    key = ("speedgamez_http_requests_total", "/tables/<table_id>", "GET")

    def served() -> list[float]:
        ports = [cluster.process(name)["port"] for name in ("table-1", "table-2")]
        return [scrape(port).get(key, 0) for port in ports]

    before = served()
    for _ in range(8):
        get_table(cluster, view["id"], player)
    grown = [after - first for after, first in zip(served(), before, strict=True)]
    assert sorted(grown) == [0, 8], grown
