"""A move at the speed of boardgame.io: the house's human-versus-human move path beside the
boardgame.io peer (../shared/peers/boardgameio), the same closed loop, in one run.

    .venv/bin/python bench/moves_peers.py --peer-dir "${TMPDIR:-/tmp}/speedgamez-bgio"
        [--tables 1 10 50 200] [--duration 15] [--warmup 3] [--rounds 1]
        [--targets single cluster] [--peers memory flatfile postgres] [--json FILE]

`make bench-peers` installs the peer (npm, outside the project's tree, with bgio-postgres)
and runs this.

The peer runs in three storages (``--peers``): ``memory`` (boardgame.io's default, which
keeps nothing when it restarts), ``flatfile`` (its own FlatFile storage, FLATFILE_DIR in a
temporary folder) and ``postgres`` (bgio-postgres on a PostgreSQL of the bench's own,
bench/postgres.py: Debian's binaries, initdb in a temporary folder, a free port, stopped
afterwards; the server is bench/bgio_postgres_server.js). The durable ones are what the
house, whose every move is durable before its answer, compares with like for like; the
in-memory one stays the stretch goal. The house's Redis keeps an append-only file, as
`make run`'s does (appendfsync everysec; PostgreSQL fsyncs every commit, FlatFile writes a
file per change). The PostgreSQL server's own CPU is not in the peer's server CPU figure (its
node process only).

For each house target (``single``: the `make run` setup on a free port; ``cluster``:
`make cluster` through nginx — both started here by bench/load.py's target classes, with
MOVE_RATE_LIMIT=0) and each M, the peer and the house take turns: the boardgame.io server
(server.js, in-memory, started fresh for each measurement) with its own raw socket.io client
(loadclient.js --mode raw), then the house with bench/house_loadclient.mjs (Node, plain http
with keep-alive, its own SSE parser). Both: M tables of two players, closed loop, one move in
flight per table, the player to move sends its move the moment an update says it is its turn.

Per measurement: moves/s; move latency p50/p95/p99 (the house: POST sent → answer read; the
peer: move sent → the server's update at the mover); fan-out p50/p99 (the house: the mover's
answer read → the other seat's SSE update of that version read; the peer's client does not
time it); server CPU per move (utime+stime from /proc over the measuring window, of every
process of the house — gunicorn masters and workers, RQ workers and their children,
redis-server, nginx and its workers, the worker-metrics exporter — or of the peer's node
server, divided by the moves of the window); the load client's own CPU (ms per move, cores);
and the house/peer ratio of moves/s. After each house measurement the same M runs as solo
tables at Turbo (house_loadclient.mjs --mode solo: a human's move and the computer's answer
from an RQ worker), printed as human moves/s against the human-versus-human moves/s, with
the computer's reply time. It ends with a verdict per target against issue #15's targets.
With ``--rounds R`` each M is measured R times, the sides taking turns at going first, and
the verdict takes the median of each figure over the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT))

from itsdangerous import URLSafeTimedSerializer  # noqa: E402

# The target classes of the load bench (importing it monkey-patches this process for gevent,
# which changes nothing here: subprocesses, files and sleeps).
from load import Cluster, Single, free_port  # noqa: E402, I001
from postgres import Postgres  # noqa: E402

from shared.auth import SALT  # noqa: E402

HOUSE_CLIENT = BENCH / "house_loadclient.mjs"
NODE = os.environ.get("NODE", "node")
TARGETS = ("single", "cluster")
PEERS = ("memory", "flatfile", "postgres")  # the peer's storages; the goals' ratio: memory
# Issue #15: at M = 50 … (each goal: its name, its figure of a round's pair, limit, sense)
GOALS_50 = (
    ("moves/s ratio house/peer in memory ≥ 0.5",
     lambda pair: ratio(pair["house"], pair["peers"].get("memory")), 0.5, ">="),
    ("server CPU ≤ 1.0 ms per move", lambda pair: pair["house"]["server_cpu_ms_per_move"], 1.0,
     "<="),
    ("move p99 ≤ 50 ms", lambda pair: pair["house"]["lat_ms"]["p99"], 50.0, "<="),
    ("fan-out p99 ≤ 50 ms", lambda pair: pair["house"]["fanout_ms"]["p99"], 50.0, "<="),
    ("human+computer cycles/s ≥ half the human-vs-human moves/s",
     lambda pair: cycle_ratio(pair), 0.5, ">="),
)  # fmt: skip
# … and at M = 200
GOALS_200 = (("fan-out p99 ≤ 200 ms", lambda pair: pair["house"]["fanout_ms"]["p99"], 200.0, "<="),)


def cycle_ratio(pair: dict) -> float | None:
    """Solo tables at Turbo (a human's move and the computer's answer) per second, against
    the human-versus-human moves per second of the same M."""
    solo, house = pair.get("solo"), pair["house"]
    if not solo or "failed" in solo or not house.get("moves_per_s"):
        return None
    return solo["moves_per_s"] / house["moves_per_s"]


def ratio(house: dict, peer: dict) -> float | None:
    if not house or not peer or not peer.get("moves_per_s"):
        return None
    return house["moves_per_s"] / peer["moves_per_s"]


# --- processes of a target ----------------------------------------------------------------
def children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def with_descendants(roots: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """(group, pid) of each root and of every process below it, in the root's group."""
    kids, seen, out = children_map(), set(), []
    stack = list(roots)
    while stack:
        group, pid = stack.pop()
        if pid in seen or not pid:
            continue
        seen.add(pid)
        out.append((group, pid))
        stack.extend((group, child) for child in kids.get(pid, []))
    return sorted(out, key=lambda item: (item[0], item[1]))


def house_pids(target) -> list[tuple[str, int]]:
    if isinstance(target, Single):
        roots = [
            ("web", target.procs[0].pid),
            ("worker", target.procs[1].pid),
            ("redis", target.redis.process.pid),
        ]
    else:
        state = json.loads((target.var / "state.json").read_text())
        names = {
            "web": "web",
            "worker": "worker",
            "metrics": "metrics",
            "edge": "nginx",
            "redis": "redis",
        }
        roots = [(names.get(p["kind"], p["kind"]), p["pid"]) for p in state["processes"].values()]
    return with_descendants(roots)


def ticks(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def idle_cores(target, seconds: float = 3.0) -> float:
    """What the house burns with nobody playing (pollers, heartbeats), in cores."""
    before = {pid: ticks(pid) for _, pid in house_pids(target)}
    time.sleep(seconds)
    used = sum((ticks(pid) or start) - start for pid, start in before.items() if start is not None)
    return used / os.sysconf("SC_CLK_TCK") / seconds


def house_log_problems(target) -> list[str]:
    """Tracebacks and error lines the house's processes logged (before the logs go)."""
    folder = target.tmp if isinstance(target, Single) else target.var / "logs"
    found = []
    for path in sorted(Path(folder).glob("*.log")):
        for line in path.read_text(errors="replace").splitlines():
            if "Traceback" in line or " ERROR" in line or "[CRITICAL]" in line:
                found.append(f"{path.name}: {line.strip()[:160]}")
    return found


# No rate limits, and no quotas on solo games and tables per player (the solo loop opens a
# new table for every game that ends)
UNLIMITED = {"MOVE_RATE_LIMIT": "0", "ACTION_RATE_LIMIT": "0", "QUOTA_SOLO_GAMES_PER_MINUTE": "0",
             "QUOTA_TABLES": "0"}  # fmt: skip


def start_target(name: str):
    os.environ.update(UNLIMITED)  # the house processes inherit it (Cluster copies it)
    if name == "single":
        return Single(env_extra=UNLIMITED, appendonly=True)  # as `make run` keeps its Redis
    if name == "cluster":
        return Cluster(start=True)
    raise SystemExit(f"unknown target {name!r} (single or cluster)")


# --- one measurement ------------------------------------------------------------------------
def run_node(
    argv: list[str], cwd: Path, timeout: float, on_log: Callable[[str], None] | None = None
) -> dict:
    """Run a Node load client; its last JSON line on stdout is the result. ``on_log`` is
    called with each line it logs (stderr) as it comes."""
    logged: list[str] = []
    printed: list[str] = []
    with subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as child:  # fmt: skip

        def read_log() -> None:
            for line in child.stderr:
                logged.append(line.rstrip("\n"))
                if on_log:
                    on_log(line)

        readers = [
            threading.Thread(target=read_log, daemon=True),
            threading.Thread(target=lambda: printed.extend(child.stdout), daemon=True),
        ]
        for reader in readers:
            reader.start()
        try:
            child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            return {"failed": f"no answer in {timeout:.0f} s"}
        for reader in readers:
            reader.join(timeout=5)
    stdout = "".join(printed)
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if child.returncode != 0 or not lines:
        errors = [line for line in logged if "failed" in line or "Error" in line]
        tail = " / ".join((errors or [line for line in logged if line.strip()])[:2])
        return {"failed": f"exit {child.returncode}: {tail}"}
    result = json.loads(lines[-1])
    result["log"] = [line for line in logged if "stalled" in line][:3]
    return result


def measure_house(target, tables: int, args, run_no: int, mode: str = "versus") -> dict:
    serializer = URLSafeTimedSerializer(target.secret, salt=SALT)
    tokens = [
        serializer.dumps({"id": f"bgio-{run_no}-{i}", "name": f"Bgio{run_no}x{i}", "guest": False})
        for i in range(2 * tables)
    ]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(tokens, handle)
    pids = house_pids(target)
    try:
        result = run_node(
            [
                NODE,
                str(HOUSE_CLIENT),
                "--server",
                f"http://{target.host}:{target.port}",
                "--tables",
                str(tables),
                "--tokens",
                handle.name,
                "--duration",
                str(args.duration),
                "--warmup",
                str(args.warmup),
                "--label",
                f"house-{mode}-M{tables}",
                "--mode",
                mode,
                "--server-pids",
                ",".join(f"{g}:{p}" for g, p in pids),
            ],
            ROOT,
            timeout=120 + tables + args.duration + args.warmup,
        )
    finally:
        os.unlink(handle.name)
    result["processes"] = len(pids)
    return result


def measure_peer(peer_dir: Path, tables: int, args, storage: str) -> dict:
    """The peer's server on a fresh storage of its kind, for this measurement alone."""
    with tempfile.TemporaryDirectory(prefix="speedgamez-bgio-flatfile-") as folder:
        if storage == "memory":
            return peer_run(peer_dir, tables, args, "server.js", {})
        if storage == "flatfile":
            return peer_run(peer_dir, tables, args, "server.js", {"FLATFILE_DIR": folder})
    with Postgres(free_port()) as database:
        return peer_run(
            peer_dir, tables, args, "bgio_postgres_server.js", {"DATABASE_URL": database.url}
        )


def peer_run(peer_dir: Path, tables: int, args, script: str, env_extra: dict) -> dict:
    port = free_port()
    env = dict(os.environ, NODE_ENV="production", HOST="127.0.0.1", PORT=str(port), **env_extra)
    server = subprocess.Popen(
        [NODE, script],
        cwd=peer_dir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = server.stdout.readline()
        if "listening" not in line:
            return {"failed": f"the peer's server did not start: {line.strip()}"}
        result = run_node(
            [
                NODE,
                "loadclient.js",
                "--mode",
                "raw",
                "--matches",
                str(tables),
                "--duration",
                str(args.duration),
                "--warmup",
                str(args.warmup),
                "--server",
                f"http://127.0.0.1:{port}",
                "--server-pid",
                str(server.pid),
            ],
            peer_dir,
            timeout=120 + tables + args.duration + args.warmup,
        )
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    if "failed" not in result:
        cores = result["client_cpu_pct"] / 100
        result["client_cpu_cores"] = cores
        result["client_cpu_ms_per_move"] = cores * 1000 / max(1e-9, result["moves_per_s"])
        result["fanout_ms"] = None
    return result


# --- printing -------------------------------------------------------------------------------
def num(value, digits=1) -> str:
    if value is None:
        return "—"
    return f"{value:,.{digits}f}"


HEAD = (
    "| target | M | side | moves/s | move p50 / p95 / p99 ms | fan-out p50 / p99 ms "
    "| server CPU ms/move | client CPU ms/move (cores) | house/peer moves/s "
    "(memory / flatfile / postgres) | errors |"
)


def shares(house: dict, peers: dict) -> str:
    return " / ".join(num(ratio(house, peers.get(storage)), 2) for storage in PEERS)


def pair_rows(target: str, label, pair: dict) -> list[str]:
    """The peer's rows (one per storage) and the house's, of one round."""
    lines = [row(target, label, f"peer {s}", f) for s, f in pair["peers"].items()]
    return [*lines, row(target, label, "house", pair["house"], pair["peers"])]


def row(target: str, tables, side: str, figures: dict, peers: dict | None = None) -> str:
    if "failed" in figures:
        return f"| {target} | {tables} | {side} | failed: {figures['failed'][:120]} |"
    lat, fan = figures["lat_ms"], figures.get("fanout_ms")
    fanout = f"{num(fan['p50'])} / {num(fan['p99'])}" if fan else "— (not timed by its client)"
    client = f"{num(figures['client_cpu_ms_per_move'], 2)} ({num(figures['client_cpu_cores'], 2)})"
    share = shares(figures, peers) if peers is not None else ""
    errors = dict(figures.get("errors") or {})
    errors["stalls"] = figures.get("stalls", 0)  # the house: a seat never told of its turn
    errors["unconfirmed"] = figures.get("unconfirmed_after_drain", 0)
    errors = ", ".join(f"{k} {v}" for k, v in errors.items() if v) or "0"
    return (
        f"| {target} | {tables} | {side} | {num(figures['moves_per_s'], 0)} "
        f"| {num(lat['p50'])} / {num(lat['p95'])} / {num(lat['p99'])} | {fanout} "
        f"| {num(figures['server_cpu_ms_per_move'], 2)} | {client} | {share} | {errors} |"
    )


def detail(target: str, tables: int, house: dict) -> str:
    """What the table's row of the house leaves out."""
    if "failed" in house:
        return ""
    groups = ", ".join(f"{g} {v:.2f}" for g, v in house["server_cpu_ms_per_move_by_group"].items())
    fan = house["fanout_ms"]
    return (
        f"  {target} M={tables} house: server CPU ms/move by process ({house['processes']} "
        f"processes): {groups}; server {house['server_cpu_cores']:.2f} cores; "
        f"fan-out p95 {num(fan['p95'])} ms, {fan['before_answer']} of {fan['n']} updates "
        f"read before the mover's answer (counted 0); {house['tables_opened']} tables "
        f"opened, games finished: {house['games_finished']}; machine "
        f"{house['machine_cpu_busy_pct']:.0f} % busy"
    ) + "".join(f"\n    {line}" for line in house.get("log", []))


def solo_line(target: str, tables, pair: dict) -> str:
    """The human-plus-computer cycle of the round (solo tables at Turbo)."""
    solo = pair.get("solo") or {"failed": "not measured"}
    if "failed" in solo:
        return f"  {target} M={tables} solo: {solo['failed']}"
    reply = solo["fanout_ms"]
    return (
        f"  {target} M={tables} solo at Turbo: {num(solo['moves_per_s'], 0)} human moves/s, each "
        f"answered by the computer ({num(cycle_ratio(pair), 2)} × the human-vs-human moves/s); "
        f"the computer's reply p50 / p99 {num(reply['p50'])} / {num(reply['p99'])} ms; server "
        f"CPU {num(solo['server_cpu_ms_per_move'], 2)} ms per human move; games finished: "
        f"{solo['games_finished']}"
    )


def verdict(target: str, runs: dict) -> list[str]:
    """Issue #15's targets against the figures (the median over the rounds, if several)."""
    lines = []
    for tables, goals in ((50, GOALS_50), (200, GOALS_200)):
        pairs = [
            p
            for p in runs.get(tables, [])
            if "failed" not in p["house"] and "failed" not in p["peers"].get("memory", {})
        ]
        if tables in runs and not pairs:
            lines.append(f"{target}, M={tables}: not measured (a side failed)")
        if not pairs:
            continue
        parts = []
        for name, get, limit, sense in goals:
            values = [v for v in map(get, pairs) if v is not None]
            value = statistics.median(values) if values else None
            met = value is not None and (value >= limit if sense == ">=" else value <= limit)
            parts.append(f"{name}: {'met' if met else 'NOT met'} ({num(value, 2)})")
        lines.append(f"verdict {target}, M={tables}: " + "; ".join(parts))
    lines.extend(durable_ratios(target, runs))
    clients = [
        p["house"]["client_cpu_cores"] for p in runs.get(50, []) if "failed" not in p["house"]
    ]
    if clients:
        cores = max(clients)
        lines.append(
            f"{target}, M=50: the house's load client used {cores:.2f} cores "
            f"({'within' if cores <= 0.5 else 'OVER'} half a core)"
        )
    return lines


def durable_ratios(target: str, runs: dict) -> list[str]:
    """The house's moves/s against each storage of the peer (median over the rounds)."""
    lines = []
    for tables, pairs in runs.items():
        parts = []
        for storage in PEERS:
            values = [v for p in pairs if (v := ratio(p["house"], p["peers"].get(storage)))]
            if values:
                parts.append(f"{storage} {statistics.median(values):.2f}")
        if parts:
            lines.append(
                f"{target}, M={tables}: house/peer moves/s by the peer's storage: "
                + ", ".join(parts)
            )
    return lines


def rounds(runs: dict):
    """(M, its label, pair) of every round."""
    for tables, pairs in runs.items():
        for number, pair in enumerate(pairs, 1):
            yield tables, tables if len(pairs) == 1 else f"{tables} (round {number})", pair


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = subprocess.run([NODE, "--version"], capture_output=True, text=True).stdout.strip()
    return (
        f"{os.cpu_count()} cores ({model}), {platform.machine()}, Python "
        f"{platform.python_version()}, Node {node}, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--peer-dir",
        type=Path,
        default=Path(os.environ.get("TMPDIR") or "/tmp") / "speedgamez-bgio",
        help="where the boardgame.io peer is installed (its README's steps)",
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50, 200])
    parser.add_argument("--duration", type=float, default=15, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=3, help="seconds before measuring")
    parser.add_argument(
        "--rounds", type=int, default=1, help="peer and house pairs per M (verdict: median)"
    )
    parser.add_argument("--targets", nargs="+", default=list(TARGETS), choices=TARGETS)
    parser.add_argument("--peers", nargs="+", default=list(PEERS), choices=PEERS)
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    if not (args.peer_dir / "node_modules" / "boardgame.io").is_dir():
        raise SystemExit(
            f"the boardgame.io peer is not installed in {args.peer_dir} "
            "(make bench-peers installs it)"
        )
    if shutil.which(NODE) is None:
        raise SystemExit("node is missing (Node 20)")
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    print(f"{started}; {machine()}", flush=True)
    print(
        f"{args.duration:g} s measured after {args.warmup:g} s warm-up; peer and house take "
        "turns at each M",
        flush=True,
    )
    figures = {
        "date": started,
        "machine": machine(),
        "args": vars(args) | {"peer_dir": str(args.peer_dir)},
        "runs": {},
    }
    run_no = int(time.time())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the target on the way out
    for name in args.targets:
        began = time.monotonic()
        target = start_target(name)
        idle = idle_cores(target)
        print(
            f"\n{name}: {target.name} (ready in {time.monotonic() - began:.0f} s; idle, its "
            f"{len(house_pids(target))} processes use {idle:.2f} cores)",
            flush=True,
        )
        runs = {}
        figures["runs"][name] = {"target": target.name, "idle_cores": idle, "tables": runs}
        try:
            for tables in args.tables:
                for round_no in range(args.rounds):
                    pair: dict = {"peers": {}}
                    # the sides take turns at going first, one place on in each round
                    sides = [*args.peers, "house"]
                    shift = round_no % len(sides)
                    for side in sides[shift:] + sides[:shift]:
                        if side != "house":
                            pair["peers"][side] = measure_peer(args.peer_dir, tables, args, side)
                        else:
                            run_no += 1
                            pair["house"] = measure_house(target, tables, args, run_no)
                            run_no += 1
                            pair["solo"] = measure_house(target, tables, args, run_no, "solo")
                    pair["peers"] = {s: pair["peers"][s] for s in args.peers}
                    label = tables if args.rounds == 1 else f"{tables} (round {round_no + 1})"
                    for line in pair_rows(name, label, pair):
                        print(line, flush=True)
                    print(detail(name, label, pair["house"]), flush=True)
                    print(solo_line(name, label, pair), flush=True)
                    runs.setdefault(tables, []).append(pair)
        finally:
            problems = house_log_problems(target)
            figures["runs"][name]["log_problems"] = problems
            print(f"{name}: the house logged {len(problems)} tracebacks or errors", flush=True)
            for line in problems[:5]:
                print(f"  {line}", flush=True)
            target.stop()
    print("\n" + HEAD)
    print("|" + " --- |" * (HEAD.count("|") - 1))
    for name in args.targets:
        for _, label, pair in rounds(figures["runs"][name]["tables"]):
            for line in pair_rows(name, label, pair):
                print(line)
    print()
    for name in args.targets:
        for _, label, pair in rounds(figures["runs"][name]["tables"]):
            if detail(name, label, pair["house"]):
                print(detail(name, label, pair["house"]))
            print(solo_line(name, label, pair))
    print()
    for name in args.targets:
        for line in verdict(name, figures["runs"][name]["tables"]):
            print(line)
        problems = figures["runs"][name]["log_problems"]
        print(f"{name}: the house logged {len(problems)} tracebacks or errors during the run")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
