"""The supervisor of `make run`: the processes of deploy/Procfile, each started again when it
dies, all of them stopped on Ctrl-C (SIGINT) or SIGTERM, and only then.

Why a loop of our own: honcho's manager, which ran them before, stops every process as soon as
one exits — a worker that crashed took the whole house down. supervisord and circus restart
what dies, but each is a daemon with a configuration of its own beside the Procfile, for what
is a short loop here. What is kept from honcho: it parses the Procfile
(``honcho.environ.parse_procfile``) and prints the output (``honcho.printer.Printer``), so
`make run` reads as before (``HH:MM:SS web    | …``).

The restart policy is make cluster's (deploy/cluster.py): a process that exits is started again
after RESTART_DELAY seconds, doubled for every death in a row up to MAX_DELAY, and the count
starts afresh once a process ran STABLE_AFTER seconds. Each process runs in a session of its
own; when one dies, whatever it left in its group (gunicorn's workers, an RQ work horse) is
killed before it starts again. Stopping sends SIGTERM to every group (gunicorn and RQ stop
gracefully), waits STOP_GRACE seconds and kills what is left.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from honcho.colour import get_colours
from honcho.environ import parse_procfile
from honcho.printer import Message, Printer

RESTART_DELAY = 1.0
MAX_DELAY = 30.0
STABLE_AFTER = 30.0
STOP_GRACE = 10.0
POLL = 0.2


@dataclass
class Child:
    name: str
    argv: list[str]
    colour: str
    popen: subprocess.Popen | None = None
    started_at: float = 0.0
    failures: int = 0  # deaths in a row
    restart_at: float | None = None  # when it is started again (None: it runs)


def _kill_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(pid, sig)


class Supervisor:
    """Runs the processes of a Procfile with ``env`` in ``cwd`` until :meth:`stop`."""

    def __init__(self, procfile: Path, env: dict, cwd: Path, output=sys.stdout):
        processes = parse_procfile(procfile.read_text()).processes
        colours = get_colours()
        self.children = [Child(name, shlex.split(command), next(colours))
                         for name, command in processes.items()]  # fmt: skip
        self.env, self.cwd = env, cwd
        self.printer = Printer(
            output, width=max(len("system"), *(len(c.name) for c in self.children))
        )
        self.printing = threading.Lock()
        self.stopping = threading.Event()

    # -- output ----------------------------------------------------------------------------
    def say(self, line: str, child: Child | None = None) -> None:
        name, colour = (child.name, child.colour) if child else ("system", None)
        message = Message("line", line, datetime.datetime.now(), name, colour)
        with self.printing:
            self.printer.write(message)

    def _relay(self, child: Child, popen: subprocess.Popen) -> None:
        for line in iter(popen.stdout.readline, b""):
            self.say(line.decode("utf-8", "replace"), child)
        popen.stdout.close()

    # -- one process -----------------------------------------------------------------------
    def launch(self, child: Child) -> None:
        child.popen = subprocess.Popen(
            child.argv, env=self.env, cwd=self.cwd, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        child.started_at, child.restart_at = time.monotonic(), None
        threading.Thread(target=self._relay, args=(child, child.popen), daemon=True).start()
        self.say(f"{child.name} started (pid={child.popen.pid})")

    def _check(self, child: Child, now: float) -> None:
        """Notice a death and schedule the restart, or restart when it is due."""
        if child.restart_at is None and child.popen.poll() is not None:
            _kill_group(child.popen.pid, signal.SIGKILL)  # what it left behind
            if now - child.started_at > STABLE_AFTER:
                child.failures = 0
            delay = min(MAX_DELAY, RESTART_DELAY * 2**child.failures)
            child.failures += 1
            child.restart_at = now + delay
            self.say(f"{child.name} exited with {child.popen.returncode}; "
                     f"starting it again in {delay:.0f} s")  # fmt: skip
        elif child.restart_at is not None and now >= child.restart_at:
            self.launch(child)

    # -- all of them -----------------------------------------------------------------------
    def run(self) -> int:
        """Start every process and keep them running until :meth:`stop`; then stop them."""
        for child in self.children:
            self.launch(child)
        while not self.stopping.wait(POLL):
            now = time.monotonic()
            for child in self.children:
                self._check(child, now)
        self._stop_all()
        return 0

    def stop(self) -> None:
        """Ask :meth:`run` to stop everything (safe in a signal handler)."""
        self.stopping.set()

    def _stop_all(self) -> None:
        running = [c.popen for c in self.children if c.popen and c.popen.poll() is None]
        for popen in running:
            self.say(f"stopping pid {popen.pid}")
            _kill_group(popen.pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE
        for popen in running:
            try:
                popen.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.say(f"pid {popen.pid} did not stop in {STOP_GRACE:.0f} s: killed")
        for child in self.children:
            if child.popen is not None:
                _kill_group(child.popen.pid, signal.SIGKILL)
                child.popen.wait()
