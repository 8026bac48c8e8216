"""Capacity at a human pace: how many live two-seat tables one box carries.

    .venv/bin/python bench/human_pace.py [--tables 500 1000 2000 4000] [--duration 300]
        [--warmup 20] [--target single|cluster] [--think 2,6]
        [--reconnects-per-minute 0.01] [--profile SECONDS] [--json FILE]

For each N (a fresh house each time: ``single`` is the `make run` setup on a free port,
``cluster`` is `make cluster` through nginx — bench/load.py's target classes): N Speedone
tables of two players, both seats' event streams open, driven by bench/house_loadclient.mjs
--mode human (Node, one event loop): a seat moves a random 2–6 s after its turn came, and
each stream is dropped and opened again with Last-Event-ID at 1 % a minute. The house runs
with its production limits (rate limits, quotas and stream leases as configured), except the
quota of tables per player, since every player here opens one table after another.

A N holds when, over ``--duration`` seconds (5 minutes by default) after the warm-up, move
p99 ≤ 100 ms and fan-out p99 ≤ 100 ms (the mover's answer read → the other seat's update
read), with no stall or error. Printed per N: moves/s, the latencies, the house's CPU (cores,
per process group), its memory (RSS of the web tier and of the worker, per table), Redis'
used memory per table (after the tables were set up and played, against an empty house),
the load client's own CPU, reconnects and the time until they were open, and the largest N
that held. ``--profile S``: py-spy records the busiest web worker for S seconds in the
middle of the window (py-spy from PY_SPY or the PATH), as a flame graph beside the JSON.

The machine may be shared: the figures say what else was running (the load average).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT))

# (bench/load.py monkey-patches this process for gevent: before redis is imported)
from load import Cluster, Single  # noqa: E402, I001
from moves_peers import house_pids, machine, run_node, ticks  # noqa: E402, I001
import redis  # noqa: E402, I001
from itsdangerous import URLSafeTimedSerializer  # noqa: E402, I001

from shared.auth import SALT  # noqa: E402

HOUSE_CLIENT = BENCH / "house_loadclient.mjs"
NODE = os.environ.get("NODE", "node")
LIMIT_MS = 100.0
# Each player opens one table after another (a finished game is replaced): no quota on the
# tables a player holds. Every other limit stays as the house is configured.
SETUP = {"QUOTA_TABLES": "0"}
SET_UP = "streams open and started"  # what the load client logs once its tables are set up


def start_target(name: str):
    os.environ.update(SETUP)
    if name == "single":
        return Single(env_extra=SETUP)
    return Cluster(start=True)


def redis_memory(target) -> int:
    client = redis.Redis.from_url(target.redis_url)
    try:
        return int(client.info("memory")["used_memory"])
    finally:
        client.close()


def rss_mb(pids: list[tuple[str, int]]) -> dict[str, float]:
    """Resident memory per process group, in MB."""
    groups: dict[str, float] = {}
    for group, pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        kb = next((int(line.split()[1]) for line in status.splitlines()
                   if line.startswith("VmRSS:")), 0)  # fmt: skip
        groups[group] = groups.get(group, 0.0) + kb / 1024
    return groups


def profile(pids: list[tuple[str, int]], seconds: float, out: Path) -> None:
    """py-spy on the web worker that burned the most CPU over a second (a flame graph)."""
    spy = os.environ.get("PY_SPY") or shutil.which("py-spy")
    web = [pid for group, pid in pids if group == "web"]
    if not spy or not web:
        print("  (no py-spy, or no web worker: not profiled)", flush=True)
        return
    before = {pid: ticks(pid) or 0 for pid in web}
    time.sleep(1)
    busiest = max(web, key=lambda pid: (ticks(pid) or 0) - before[pid])
    command = [spy, "record", "--pid", str(busiest), "--duration", str(int(seconds)),
               "--rate", "50", "--output", str(out), "--nonblocking"]  # fmt: skip
    subprocess.run(command, capture_output=True)  # noqa: S603


def measure(target, tables: int, args, empty_redis: int) -> dict:
    serializer = URLSafeTimedSerializer(target.secret, salt=SALT)
    run_no = int(time.time())
    tokens = [
        serializer.dumps({"id": f"hp-{run_no}-{i}", "name": f"Hp{run_no}x{i}", "guest": False})
        for i in range(2 * tables)
    ]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(tokens, handle)
    pids = house_pids(target)
    folder = Path(args.json).parent if args.json else Path(tempfile.gettempdir())
    folder.mkdir(parents=True, exist_ok=True)
    flame = folder / f"human_pace_N{tables}.svg"

    def on_log(line: str) -> None:
        """The client's tables are set up: profile the middle of the window that follows."""
        if args.profile and SET_UP in line:
            wait = args.warmup + args.duration / 2 - args.profile / 2
            threading.Timer(max(0.0, wait), profile, (pids, args.profile, flame)).start()

    try:
        result = run_node(
            [NODE, str(HOUSE_CLIENT), "--server", f"http://{target.host}:{target.port}",
             "--tables", str(tables), "--tokens", handle.name, "--duration", str(args.duration),
             "--warmup", str(args.warmup), "--label", f"human-N{tables}", "--mode", "human",
             "--think", args.think, "--reconnects-per-minute", str(args.reconnects_per_minute),
             "--server-pids", ",".join(f"{g}:{p}" for g, p in pids)],
            ROOT,
            timeout=120 + tables * 0.6 + args.duration + args.warmup,
            on_log=on_log,
        )  # fmt: skip
        memory = rss_mb(pids)
        redis_used = redis_memory(target)
    finally:
        os.unlink(handle.name)
    result["rss_mb"] = memory
    result["redis_bytes_per_table"] = (redis_used - empty_redis) / tables
    result["profile"] = str(flame) if args.profile and flame.exists() else None
    return result


def holds(figures: dict) -> bool:
    if "failed" in figures:
        return False
    errors = sum((figures.get("errors") or {}).values()) + figures.get("stalls", 0)
    return (
        figures["lat_ms"]["p99"] is not None
        and figures["lat_ms"]["p99"] <= LIMIT_MS
        and (figures["fanout_ms"]["p99"] or 0) <= LIMIT_MS
        and errors == 0
    )


def report(tables: int, f: dict) -> str:
    if "failed" in f:
        return f"N={tables}: failed: {f['failed'][:200]}"
    lat, fan, rec = f["lat_ms"], f["fanout_ms"], f["reconnect_ms"]
    loop = f.get("client_loop_delay_ms") or {"p99": "?", "max": "?"}
    groups = ", ".join(f"{g} {v:.2f}" for g, v in f["server_cpu_ms_per_move_by_group"].items())
    cores = f["server_cpu_cores"]
    rss = ", ".join(f"{g} {v:,.0f} MB" for g, v in f["rss_mb"].items())
    web_kb = f["rss_mb"].get("web", 0) * 1024 / tables
    errors = ", ".join(f"{k} {v}" for k, v in (f.get("errors") or {}).items()) or "none"
    return (
        f"N={tables} ({f['open_streams']} streams open at the end): "
        f"{'HOLDS' if holds(f) else 'does NOT hold'}; {f['moves_per_s']:,.0f} moves/s; move "
        f"p50 / p99 {lat['p50']} / {lat['p99']} ms; fan-out p50 / p99 {fan['p50']} / "
        f"{fan['p99']} ms\n"
        f"  house CPU {cores:.2f} cores ({f['server_cpu_ms_per_move']:.2f} ms per move: "
        f"{groups}); machine {f['machine_cpu_busy_pct']:.0f} % busy\n"
        f"  memory: {rss}; web {web_kb:,.0f} KB per table; Redis "
        f"{f['redis_bytes_per_table'] / 1024:,.1f} KB per table\n"
        f"  load client {f['client_cpu_cores']:.2f} cores, its event loop late p99 / max "
        f"{loop['p99']} / {loop['max']} ms; reconnects {f['reconnects']} "
        f"(open p50 / p99 {rec['p50']} / {rec['p99']} ms); stalls {f['stalls']}; "
        f"errors {errors}; set up in {f['setup_ms'] / 1000:.0f} s"
        + (f"\n  profile: {f['profile']}" if f.get("profile") else "")
        + "".join(f"\n    {line}" for line in f.get("log", []))
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[500, 1000, 2000, 4000])
    parser.add_argument("--duration", type=float, default=300, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=20, help="seconds before measuring")
    parser.add_argument("--target", default="single", choices=("single", "cluster"))
    parser.add_argument("--think", default="2,6", help="a seat's thinking time, min,max s")
    parser.add_argument("--reconnects-per-minute", type=float, default=0.01)
    parser.add_argument("--profile", type=float, default=0, help="py-spy seconds per N")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    if shutil.which(NODE) is None:
        raise SystemExit("node is missing (Node 20)")
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {machine()}", flush=True)
    print(f"think {args.think} s, reconnects {args.reconnects_per_minute:.0%} of streams a "
          f"minute; {args.duration:g} s measured after {args.warmup:g} s", flush=True)  # fmt: skip
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    figures: dict = {"machine": machine(), "args": vars(args), "runs": {}}
    for tables in args.tables:
        target = start_target(args.target)
        try:
            empty = redis_memory(target)
            result = measure(target, tables, args, empty)
        finally:
            target.stop()
        figures["runs"][tables] = result
        print(report(tables, result), flush=True)
        print(f"  load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    held = [n for n, f in figures["runs"].items() if holds(f)]
    print(f"\nlargest N that held ({args.target}): {max(held) if held else 'none'} "
          f"(move and fan-out p99 ≤ {LIMIT_MS:g} ms for {args.duration:g} s)")  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
