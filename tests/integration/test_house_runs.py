"""`make run`: the whole house answers on one origin and stops cleanly on SIGINT."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from shared.embedded_redis import free_port

ROOT = Path(__file__).resolve().parents[2]
STARTUP_LIMIT = 60.0


def get_json(url):
    with urllib.request.urlopen(url, timeout=2) as response:
        return response.status, json.loads(response.read())


def wait_for_health(port, process):
    deadline = time.monotonic() + STARTUP_LIMIT
    url = f"http://127.0.0.1:{port}/api/ledger/healthz"
    while time.monotonic() < deadline:
        assert process.poll() is None, "the house exited while starting"
        try:
            return get_json(url)
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the house did not answer within 60 s")


def descendants(pid):
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True).stdout
    children = {}
    for line in out.splitlines():
        child, parent = map(int, line.split())
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def alive(pid):
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.timeout(120)
def test_house_serves_every_service_and_stops_on_sigint(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(PORT=str(port), WEB_WORKERS="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "services.run"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        wait_for_health(port, process)
        for service in ("lobby", "table", "ledger"):
            status, body = get_json(f"http://127.0.0.1:{port}/api/{service}/healthz")
            assert (status, body["status"], body["service"]) == (200, "ok", service)
        children = descendants(process.pid)
        assert children, "the house runs its processes as children"
    finally:
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    assert f"http://127.0.0.1:{port}/" in output
    left = [pid for pid in children if alive(pid)]
    assert not left, f"processes left behind: {left}"
