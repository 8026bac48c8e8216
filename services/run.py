"""`make run`: the whole house on one machine.

Starts an embedded Redis (data in var/redis, AOF on, a free port) unless REDIS_URL is set,
then the processes of deploy/Procfile under the house's supervisor (services/supervisor.py)
with REDIS_URL pointing at it: a process that dies is started again (with backoff); Ctrl-C
(SIGINT) or SIGTERM stops the processes first, then Redis; nothing is left behind.

The tokens are signed with SECRET_KEY if it is set, else with a random key made on the first
start and kept in var/secret_key (mode 0600), so tokens survive a restart; every other way of
starting the house refuses to run without SECRET_KEY.
"""

from __future__ import annotations

import os
import secrets
import signal
import sys
from pathlib import Path

from services.supervisor import Supervisor
from shared.embedded_redis import EmbeddedRedis

ROOT = Path(__file__).resolve().parent.parent
PROCFILE = ROOT / "deploy" / "Procfile"
SECRET_FILE = ROOT / "var" / "secret_key"


def local_secret_key(path: Path = SECRET_FILE) -> str:
    """The key kept in ``path``, made (random, 256 bits, readable by the owner only) on the
    first call."""
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # empty, or made meanwhile by another start
        key = path.read_text().strip()
        if not key:
            raise SystemExit(f"{path} is empty: delete it and start again") from None
        return key
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    return key


def main() -> int:
    env = dict(os.environ)
    env.setdefault("PORT", "8080")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    if not env.get("SECRET_KEY"):
        env["SECRET_KEY"] = local_secret_key()
        print(f"Tokens are signed with the key in {SECRET_FILE.relative_to(ROOT)}", flush=True)
    embedded = None
    if not env.get("REDIS_URL"):
        embedded = EmbeddedRedis(ROOT / "var" / "redis").start()
        env["REDIS_URL"] = embedded.url
        print(f"Embedded Redis on {embedded.url} (data in var/redis)", flush=True)
    env.setdefault("QUEUE_REDIS_URL", env["REDIS_URL"])
    print(f"Speedgamez runs on http://127.0.0.1:{env['PORT']}/  (Ctrl-C stops it)", flush=True)

    supervisor = Supervisor(PROCFILE, env, ROOT)
    signal.signal(signal.SIGINT, lambda _signum, _frame: supervisor.stop())
    signal.signal(signal.SIGTERM, lambda _signum, _frame: supervisor.stop())
    try:
        code = supervisor.run()
    finally:
        if embedded:
            embedded.stop()
    print("Speedgamez stopped.", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
