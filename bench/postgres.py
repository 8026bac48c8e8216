"""A PostgreSQL of the bench's own: Debian's server binaries, its data in a temporary folder,
a free port on loopback, stopped and removed afterwards (never the system's cluster).

PostgreSQL refuses to run as root; as root the server runs as Debian's ``postgres`` user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
DATABASE = "bgio"


class Postgres:
    """``with Postgres(port) as pg: pg.url`` — initdb, pg_ctl start, createdb; stop and rm."""

    def __init__(self, port: int):
        self.port = port
        self.tmp = Path(tempfile.mkdtemp(prefix="speedgamez-pg-"))
        self.data = self.tmp / "data"
        self.user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        self.url = f"postgresql://bench@127.0.0.1:{port}/{DATABASE}"

    def __enter__(self) -> Postgres:
        if not (BIN / "initdb").exists():
            raise SystemExit(f"PostgreSQL's binaries are missing in {BIN} (Debian: postgresql)")
        if self.user:
            os.chown(self.tmp, self.user.pw_uid, self.user.pw_gid)
        self.run("initdb", "-D", str(self.data), "-U", "bench", "--auth=trust", "-E", "UTF8")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.tmp}"
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.tmp / "log"), "-o", options,
                 "-w", "start")  # fmt: skip
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "bench", DATABASE)
        return self

    def __exit__(self, *_exc) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", check=False)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run(self, tool: str, *argv: str, check: bool = True) -> None:
        command = [str(BIN / tool), *argv]
        if self.user:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=check, capture_output=True, cwd=self.tmp)  # noqa: S603
