"""`make run` as a black box: ``python -m services.run`` in a subprocess on a free port, with
the settings a test gives it, and the helpers to watch its processes."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import redis

from shared.embedded_redis import free_port

ROOT = Path(__file__).resolve().parents[2]
STARTUP_LIMIT = 60.0


def get_json(url: str, timeout: float = 2.0) -> tuple[int, dict]:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.status, json.loads(response.read())


def request(
    url: str,
    method: str = "GET",
    body: dict | None = None,
    headers=None,
    timeout: float = 10.0,
    source: str | None = None,
) -> tuple[int, dict, dict]:
    """(status, JSON body or {}, headers) of one request, sent from the loopback address
    ``source`` (127.0.0.1 unless given: any 127.x.y.z is another client address)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=timeout, source_address=(source, 0) if source else None
    )
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json"} if data is not None else {}
    sent.update(headers or {})
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw, status, answer_headers = response.read(), response.status, dict(response.headers)
    finally:
        connection.close()
    try:
        parsed = json.loads(raw) if raw else {}
    except ValueError:
        parsed = {"raw": raw.decode(errors="replace")}
    return status, parsed, answer_headers


def bearer(auth: dict) -> dict:
    """Only the Authorization header of a guest's ``auth``."""
    return {"Authorization": auth["Authorization"]}


def descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True).stdout
    children: dict[int, list[int]] = {}
    for line in out.splitlines():
        child, parent = map(int, line.split())
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


class RunningHouse:
    """``python -m services.run`` with ``env`` over this process's environment (REDIS_URL
    unset unless given: then the house starts its own Redis in var/redis), from the code at
    ``root`` (this checkout unless given)."""

    def __init__(self, log: Path, root: Path = ROOT, **env: str):
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        self.env.update(PORT=str(self.port), WEB_WORKERS="1", **env)
        self.process: subprocess.Popen | None = None

    def start(self) -> RunningHouse:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "services.run"],
                cwd=self.root, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        self.wait_for_health()
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for_health(self, service: str = "ledger", limit: float = STARTUP_LIMIT) -> dict:
        deadline = time.monotonic() + limit
        url = f"{self.url}/api/{service}/healthz"
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the house exited:\n{self.output()[-3000:]}"
            try:
                return get_json(url)[1]
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the house did not answer within {limit:.0f} s")

    def guest(self, name: str) -> dict:
        """A new guest's bearer header (the house must answer 201)."""
        status, session, _ = request(f"{self.url}/api/lobby/accounts/guest", "POST",
                                     {"name": name})  # fmt: skip
        assert status == 201, session
        return {"Authorization": f"Bearer {session['token']}", "id": session["player"]["id"]}

    def solo_table(self, auth: dict) -> str:
        """The URL of a new solo Speedone table against a computer, opened with ``auth``."""
        body = {"game": "speedone", "seats": 2, "settings": {"solo": True}}
        status, table, _ = request(f"{self.url}/api/lobby/tables", "POST", body, bearer(auth))
        assert status == 201, table
        return f"{self.url}/api/table/tables/{table['id']}"

    def processes(self, marker: str) -> list[int]:
        """The house's processes whose command line contains ``marker``."""
        return [pid for pid in descendants(self.process.pid) if marker in command_line(pid)]

    def stop(self, sig: int = signal.SIGINT, timeout: float = 60.0) -> int:
        """Stop the house as Ctrl-C does; its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@contextlib.contextmanager
def house_on_database(redis_server: str, db: int, log: Path, root: Path = ROOT, **env: str):
    """A started house whose tables, streams and queues are database ``db`` of the test Redis
    at ``redis_server`` (emptied before and after; other tests flush database 0); its
    ``r`` is a client of that database."""
    url = redis_server.rsplit("/", 1)[0] + f"/{db}"
    r = redis.Redis.from_url(url, decode_responses=True)
    r.flushdb()
    running = RunningHouse(log, root=root, REDIS_URL=url, QUEUE_REDIS_URL=url, **env)
    running.r = r
    try:
        yield running.start()
    finally:
        running.stop()
        r.flushdb()
        r.close()
