"""Load: moves/s, move and event latency, the trivial-endpoint ratio, Redis round trips per
move and the memory of idle event streams — the figures of docs/performance.md.

    .venv/bin/python bench/load.py [--tables 50 200 500] [--seconds 20] [--target auto]

Target (``--target``):
  * a URL (e.g. http://127.0.0.1:8000, the `make cluster` stack's nginx, started by the
    operator with `python -m deploy.cluster start`): driven as it is;
  * ``cluster``: the bench starts `python -m deploy.cluster start` itself (CLUSTER_VAR in a
    temporary folder, CLUSTER_PORT free) and stops it afterwards;
  * ``single`` (the fallback of ``auto`` when no cluster answers on CLUSTER_PORT): the
    `make run` setup on a free port — an embedded Redis, gunicorn with
    deploy/gunicorn_house.py (gevent, WEB_WORKERS=2) serving services.house, and one worker
    (services.bots.worker bots clocks ledger).
The figures say which one they came from.

Each table is a solo table at Turbo: one scripted human (seat 0, Speedone, 2 seats) against a
computer, with an SSE connection (opened with a stream ticket). The humans are clients of the
house's Python library (clients/python), on gevent, with registered players' tokens signed by
the bench (they need no account, as a guest's would). The human moves as soon as its SSE stream
says it is its turn (a random legal move, with the version and an idempotency key); a finished
game is replaced by a new table.
Per N, all N tables are set up first (opened, which starts a solo table; Turbo; the stream
connected and its first event read; the time this took is printed); only then do the humans
start to move and the phases start: closed loop (every human moves at once: the maximum
sustained move rate), then open loop at half that rate (moves are released on a fixed
global schedule) for the latency figures. Tables of an earlier N are left as they are
(their clocks let the computer move for the idle human now and then: about one move per
table every 130 s).
Move latency: POST sent → answer read. Event latency: the commit's stream id (Redis'
clock, same machine) → the SSE update read by the client. The trivial endpoint is GET
/api/table/healthz (one Redis PING) with as many concurrent clients, closed loop.
Redis round trips per move: INFO commandstats calls over the open-loop phase divided by
human moves (everything: web, worker's computer moves, SSE fan-out), and, in process, the
round trips of the web request alone (redis-py's sends counted).
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import contextlib  # noqa: E402
import http.client  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
import gevent.event  # noqa: E402
import gevent.pool  # noqa: E402
import httpx  # noqa: E402
from itsdangerous import URLSafeTimedSerializer  # noqa: E402
from speedgamez_client import Client, ProblemError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared import connection  # noqa: E402
from shared.auth import SALT  # noqa: E402
from shared.config import DEV_SECRET  # noqa: E402

PY = sys.executable
GAME, SEATS, OPTIONS = "speedone", 2, {"target": 500}
SETUP_CONCURRENCY = 25  # tables set up at once before a phase
FAILURES = (OSError, httpx.HTTPError, ProblemError, AssertionError, StopIteration)


def pct(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_http(host, port, path, deadline=60.0) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        with contextlib.suppress(OSError, http.client.HTTPException):
            connection = http.client.HTTPConnection(host, port, timeout=2)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"nothing answers on {host}:{port}{path}")


# --- targets -----------------------------------------------------------------------------
class Single:
    """The `make run` setup on a free port, with a Redis of its own."""

    name = "single origin (make run setup: gunicorn gevent ×2 workers + 1 RQ worker)"

    def __init__(self, web_workers=2, env_extra=None, appendonly=False):
        from shared.embedded_redis import EmbeddedRedis

        self.tmp = Path(tempfile.mkdtemp(prefix="speedgamez-load-"))
        self.redis = EmbeddedRedis(self.tmp / "redis", appendonly=appendonly).start()
        self.port = free_port()
        env = dict(
            os.environ,
            REDIS_URL=self.redis.url,
            PORT=str(self.port),
            WEB_WORKERS=str(web_workers),
            SECRET_KEY=DEV_SECRET,
            **(env_extra or {}),
        )
        env["PATH"] = f"{Path(PY).parent}{os.pathsep}{env.get('PATH', '')}"
        self.env = env
        log = open(self.tmp / "web.log", "w")  # noqa: SIM115
        self.procs = [
            subprocess.Popen([PY, "-m", "gunicorn", "--config", "deploy/gunicorn_house.py",
                              "services.house:create_house()"], cwd=ROOT, env=env,
                             stdout=log, stderr=log),
            subprocess.Popen([PY, "-m", "services.bots.worker", "bots", "clocks", "ledger"],
                             cwd=ROOT, env=env, stdout=log, stderr=log),
        ]  # fmt: skip
        wait_http("127.0.0.1", self.port, "/api/table/healthz")
        self.host, self.redis_url, self.secret = "127.0.0.1", self.redis.url, DEV_SECRET
        self.queue_url = self.redis.url

    def stop(self):
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        self.redis.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)


class Cluster:
    """`make cluster` (deploy/cluster.py) through nginx: started here or found running."""

    def __init__(self, url=None, start=False):
        self.started = None
        if start:
            self.var = Path(tempfile.mkdtemp(prefix="speedgamez-cluster-"))
            port = free_port()
            env = dict(os.environ, CLUSTER_VAR=str(self.var), CLUSTER_PORT=str(port),
                       SECRET_KEY=os.environ.get("SECRET_KEY", DEV_SECRET))  # fmt: skip
            subprocess.run([PY, "-m", "deploy.cluster", "start"], cwd=ROOT, env=env, check=True)
            self.started, url = env, f"http://127.0.0.1:{port}"
        else:
            self.var = Path(os.environ.get("CLUSTER_VAR") or ROOT / "var" / "cluster")
        state = json.loads((self.var / "state.json").read_text())
        self.redis_url = os.environ.get("REDIS_URL") or state.get("redis_url") or state.get(
            "redis", {}).get("url")  # fmt: skip
        self.queue_url = os.environ.get("QUEUE_REDIS_URL") or state.get("queue_redis_url")
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port or 80)
        self.secret = os.environ.get("SECRET_KEY", DEV_SECRET)
        self.name = f"make cluster through nginx at {url}"
        wait_http(self.host, self.port, "/api/table/healthz")

    def stop(self):
        if self.started:
            subprocess.run([PY, "-m", "deploy.cluster", "stop"], cwd=ROOT, env=self.started)
            shutil.rmtree(self.var, ignore_errors=True)


def pick_target(arg: str):
    if arg == "single":
        return Single()
    if arg == "cluster":
        return Cluster(start=True)
    if arg.startswith("http"):
        return Cluster(url=arg)
    port = int(os.environ.get("CLUSTER_PORT", "8000"))
    state = Path(os.environ.get("CLUSTER_VAR") or ROOT / "var" / "cluster") / "state.json"
    if state.exists():
        with contextlib.suppress(Exception):
            return Cluster(url=f"http://127.0.0.1:{port}")
    return Single()


# --- clients -----------------------------------------------------------------------------
class Stats:
    def __init__(self):
        self.reset()

    def reset(self):
        self.move_ms, self.event_ms, self.moves, self.errors = [], [], 0, {}
        self.started = time.monotonic()


class Pacer:
    """None: closed loop. Otherwise releases moves at ``rate`` per second, globally."""

    def __init__(self):
        self.rate, self.next = None, 0.0

    def wait(self):
        if not self.rate:
            return
        now = time.monotonic()
        slot = max(now, self.next)
        self.next = slot + 1.0 / self.rate
        if slot > now:
            gevent.sleep(slot - now)


class Human:
    """One scripted player at a solo table: seat 0, a random legal move whenever its event
    stream says it is its turn. It talks to the house through the Python client
    (clients/python), whose sync client runs on gevent's patched sockets here."""

    def __init__(self, target, number, stats, pacer):
        self.t, self.no, self.stats, self.pacer = target, number, stats, pacer
        player = {"id": f"load-{number}", "name": f"Load{number}", "guest": False}
        token = URLSafeTimedSerializer(target.secret, salt=SALT).dumps(player)
        self.client = Client(f"http://{target.host}:{target.port}", token, timeout=60)
        self.rng = random.Random(number)
        self.running = True
        self.table = self.stream = self.feed = None

    def set_up(self) -> None:
        """A new solo table (opening it starts it), at Turbo, with its event stream connected
        and the stream's first event (the table's state) read."""
        table = self.client.open_table(GAME, SEATS, OPTIONS, solo=True)
        assert table.status == "playing", table
        self.client.turbo(table)
        self.stream = self.client.events(table)
        self.feed = itertools.chain([next(self.stream)], self.stream)
        self.table = table

    def failed(self, error) -> None:
        name = type(error).__name__
        self.stats.errors[name] = self.stats.errors.get(name, 0) + 1
        self.close()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        self.table = self.stream = self.feed = None

    def prepare(self, attempts=3) -> None:
        """Set up before the clock starts (run() sets up again if this failed)."""
        for _ in range(attempts):
            try:
                self.set_up()
                return
            except FAILURES as error:
                self.failed(error)

    def run(self, go):
        """Wait for ``go``, then play; a finished game is replaced by a new table."""
        go.wait()
        while self.running:
            try:
                if self.table is None:
                    self.set_up()
                self.play()
            except FAILURES as error:
                self.failed(error)
                gevent.sleep(0.5)
        self.close()

    def play(self):
        for event in self.feed:
            if event.kind == "update":  # the id is the commit's Redis Stream id: its ms first
                self.stats.event_ms.append(time.time() * 1000 - int(event.id.split("-")[0]))
            view = event.table
            if view is None:
                continue
            if view.status != "playing" or not self.running:
                break
            if not view.my_turn:
                continue
            self.pacer.wait()
            move = self.rng.choice(view.current.legal)
            sent = time.monotonic()
            try:
                self.client.play(view, move)
            except ProblemError as error:
                self.stats.errors[error.status] = self.stats.errors.get(error.status, 0) + 1
            else:
                self.stats.move_ms.append((time.monotonic() - sent) * 1000)
                self.stats.moves += 1
        self.close()


def trivial(target, clients, seconds) -> float:
    count = [0]
    end = time.monotonic() + seconds

    def loop():
        with Client(f"http://{target.host}:{target.port}", timeout=30) as client:
            while time.monotonic() < end:
                try:
                    client.request("GET", "/api/table/healthz")
                except ProblemError:
                    continue
                count[0] += 1

    gevent.joinall([gevent.spawn(loop) for _ in range(clients)])
    return count[0] / seconds


def _nodes(r) -> list:
    """The Redis (one, or each primary of a cluster) behind a client of the house."""
    if connection.is_cluster(r):
        return [r.get_redis_connection(node) for node in r.get_primaries()]
    return [r]


def commandstats(r) -> int:
    return sum(
        v["calls"]
        for node in _nodes(r)
        for k, v in node.info("commandstats").items()
        if k != "cmdstat_info"
    )


def round_trips_in_process(redis_url, moves=200, queue_url=None) -> float:
    """Round trips of one POST …/moves in the table app itself (redis-py sends counted)."""
    from redis.connection import Connection

    from services.table.app import create_app
    from shared.auth import issue_token

    urls = {"REDIS_URL": redis_url, "QUEUE_REDIS_URL": queue_url, "SECRET_KEY": DEV_SECRET,
            "QUOTA_SOLO_GAMES_PER_MINUTE": 0, "QUOTA_TABLES": 0}  # fmt: skip
    app = create_app({**urls, "BOT_PACE": "off", "MOVE_RATE_LIMIT": 0})
    from services.lobby.app import create_app as lobby_app

    lobby = lobby_app(urls).test_client()
    with app.app_context():
        token = issue_token({"id": "rt-1", "name": "RT", "guest": False})
    headers = {"Authorization": f"Bearer {token}"}
    client = app.test_client()
    sends = [0]
    original = Connection.send_packed_command

    def counted(self, command, check_health=True):
        sends[0] += 1
        return original(self, command, check_health)

    done, total = 0, 0
    rng = random.Random(1)
    while done < moves:
        body = {"game": GAME, "seats": 2, "options": OPTIONS, "settings": {"fill": "empty"}}
        table_id = lobby.post("/tables", json=body, headers=headers).json["id"]
        other = {"id": "rt-2", "name": "RT2", "guest": False}
        with app.app_context():
            other_headers = {"Authorization": f"Bearer {issue_token(other)}"}
        lobby.post(f"/tables/{table_id}/seats", json={}, headers=other_headers)
        lobby.post(f"/tables/{table_id}/start", headers=headers)
        while done < moves:
            view = client.get(f"/tables/{table_id}", headers=headers).json
            if view["status"] != "playing":
                break
            mover = headers if view["current"]["to_move"] == 0 else other_headers
            mine = client.get(f"/tables/{table_id}", headers=mover).json
            move = rng.choice(mine["current"]["legal"])
            Connection.send_packed_command = counted
            sends[0] = 0
            response = client.post(f"/tables/{table_id}/moves", headers=mover,
                                   json={"move": move, "version": mine["version"]})  # fmt: skip
            Connection.send_packed_command = original
            assert response.status_code == 200, response.json
            total += sends[0]
            done += 1
    return total / done


def phase(stats, seconds, warmup=3.0):
    gevent.sleep(warmup)
    stats.reset()
    gevent.sleep(seconds)
    elapsed = time.monotonic() - stats.started
    return {
        "moves_per_s": stats.moves / elapsed,
        "move_p50": pct(stats.move_ms, 50), "move_p95": pct(stats.move_ms, 95),
        "move_p99": pct(stats.move_ms, 99),
        "event_p50": pct(stats.event_ms, 50), "event_p99": pct(stats.event_ms, 99),
        "errors": dict(stats.errors), "moves": stats.moves,
    }  # fmt: skip


def run_n(target, n, seconds, r) -> dict:
    """Set up N tables (open, start, Turbo, event stream connected), then time the closed
    and the open loop."""
    stats, pacer = Stats(), Pacer()
    humans = [Human(target, i, stats, pacer) for i in range(n)]
    began = time.monotonic()
    gevent.pool.Pool(SETUP_CONCURRENCY).map(Human.prepare, humans)
    setup = {"seconds": time.monotonic() - began,
             "tables": sum(h.table is not None for h in humans),
             "errors": dict(stats.errors)}  # fmt: skip
    print(f"N={n}: {setup['tables']} tables set up in {setup['seconds']:.1f} s "
          f"(errors {setup['errors']})", flush=True)  # fmt: skip
    go = gevent.event.Event()
    greenlets = [gevent.spawn(h.run, go) for h in humans]
    go.set()
    closed = phase(stats, seconds)
    pacer.rate, pacer.next = closed["moves_per_s"] / 2, time.monotonic()
    calls = commandstats(r)
    opened = phase(stats, seconds)
    opened["redis_calls_per_move"] = (commandstats(r) - calls) / max(1, opened["moves"])
    for h in humans:
        h.running = False
    gevent.joinall(greenlets, timeout=15)
    gevent.killall(greenlets, timeout=5)
    return {"setup": setup, "closed": closed, "open": opened}


def sse_memory(connections=2000) -> dict:
    """RSS of one table-service instance (one gevent worker) before/after idle streams."""
    from shared.embedded_redis import EmbeddedRedis

    tmp = Path(tempfile.mkdtemp(prefix="speedgamez-sse-"))
    server = EmbeddedRedis(tmp / "redis", appendonly=False).start()
    port = free_port()
    env = dict(os.environ, REDIS_URL=server.url, SERVICE="table", BIND=f"127.0.0.1:{port}",
               WEB_WORKERS="1", WORKER_CONNECTIONS=str(connections + 100),
               SECRET_KEY=DEV_SECRET)  # fmt: skip
    env["PATH"] = f"{Path(PY).parent}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.Popen([PY, "-m", "gunicorn", "-c", "deploy/gunicorn_service.py",
                             "--worker-connections", str(connections + 100),
                             "services.table.app:create_app()"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        wait_http("127.0.0.1", port, "/healthz")
        from services.lobby.app import create_app as lobby_app

        lobby = lobby_app({"REDIS_URL": server.url, "SECRET_KEY": DEV_SECRET}).test_client()
        token = URLSafeTimedSerializer(DEV_SECRET, salt=SALT).dumps(
            {"id": "idle", "name": "Idle", "guest": False})  # fmt: skip
        headers = {"Authorization": f"Bearer {token}"}
        tables = []
        for _ in range(50):
            body = {"game": GAME, "seats": 2, "options": OPTIONS, "settings": {"fill": "empty"}}
            tables.append(lobby.post("/tables", json=body, headers=headers).json["id"])
        workers = [c for c in _children(proc.pid)]

        def rss():
            return sum(_rss(pid) for pid in [proc.pid, *workers]) / 1e6

        before = rss()
        streams, failed = [], {}

        def open_one(i):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", f"/tables/{tables[i % 50]}/events", headers=headers)
            response = conn.getresponse()
            if response.status != 200:
                failed[response.status] = failed.get(response.status, 0) + 1
                return
            response.fp.readline()
            streams.append(conn)

        for start in range(0, connections, 200):
            gevent.joinall([gevent.spawn(open_one, i) for i in range(start, start + 200)])
        gevent.sleep(2)
        after = rss()
        worker_after = sum(_rss(pid) for pid in workers) / 1e6
        held = len(streams)
        if failed:
            print(f"SSE connections refused: {failed}", flush=True)
        for conn in streams:
            conn.close()
        return {"connections": held, "rss_before_mb": before, "rss_after_mb": after,
                "worker_rss_after_mb": worker_after,
                "per_connection_kb": (after - before) * 1000 / max(1, held)}  # fmt: skip
    finally:
        proc.terminate()
        proc.wait(15)
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def _children(pid):
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _rss(pid) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[50, 200, 500])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--target", default="auto", help="auto, single, cluster or a URL")
    parser.add_argument("--sse", type=int, default=2000, help="idle SSE connections (0: skip)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    figures = {"machine": f"{platform.node()} {platform.processor() or platform.machine()}, "
               f"{os.cpu_count()} cores, {platform.python_version()}",
               "date": time.strftime("%Y-%m-%d %H:%M %Z"), "runs": {}}  # fmt: skip
    target = pick_target(args.target) if args.tables else None
    try:
        if target is None:
            raise SystemExit(sse_report(figures, args)) if args.sse else SystemExit(0)
        figures["target"] = target.name
        print(f"target: {target.name}", flush=True)
        r = connection.connect(target.redis_url)  # one Redis or a cluster, as the house does
        figures["round_trips_web"] = round_trips_in_process(
            target.redis_url, queue_url=target.queue_url
        )
        print(f"Redis round trips per POST …/moves (web request alone): "
              f"{figures['round_trips_web']:.2f}", flush=True)  # fmt: skip
        for n in args.tables:
            trivial_rate = trivial(target, min(n, 100), min(args.seconds, 10))
            run = run_n(target, n, args.seconds, r)
            run["trivial_per_s"] = trivial_rate
            run["ratio"] = run["closed"]["moves_per_s"] / trivial_rate
            figures["runs"][n] = run
            c, o = run["closed"], run["open"]
            print(f"N={n}: closed {c['moves_per_s']:.0f} moves/s (p50 {c['move_p50']:.1f} "
                  f"p99 {c['move_p99']:.1f} ms); open at {o['moves_per_s']:.0f}/s: move p50 "
                  f"{o['move_p50']:.1f} p95 {o['move_p95']:.1f} p99 {o['move_p99']:.1f} ms, "
                  f"event p50 {o['event_p50']:.1f} p99 {o['event_p99']:.1f} ms; trivial "
                  f"{trivial_rate:.0f}/s, ratio {run['ratio']:.2f}; Redis calls/move "
                  f"{o['redis_calls_per_move']:.1f}; errors {c['errors']} {o['errors']}",
                  flush=True)  # fmt: skip
    finally:
        if target is not None:
            target.stop()
    return sse_report(figures, args)


def sse_report(figures, args) -> int:
    if args.sse:
        figures["sse"] = sse_memory(args.sse)
        s = figures["sse"]
        print(f"SSE: {s['connections']} idle streams on one table instance (1 gevent worker):"
              f" RSS {s['rss_before_mb']:.0f} → {s['rss_after_mb']:.0f} MB "
              f"({s['per_connection_kb']:.1f} kB each)", flush=True)  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
