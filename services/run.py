"""`make run`: the whole house on one machine.

Starts an embedded Redis (data in var/redis, AOF on, a free port) unless REDIS_URL is set,
then the processes of deploy/Procfile under honcho with REDIS_URL pointing at it. Ctrl-C
(SIGINT) or SIGTERM stops honcho's processes first, then Redis; nothing is left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from shared.embedded_redis import EmbeddedRedis

ROOT = Path(__file__).resolve().parent.parent
PROCFILE = ROOT / "deploy" / "Procfile"


def main() -> int:
    env = dict(os.environ)
    env.setdefault("PORT", "8080")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    embedded = None
    if not env.get("REDIS_URL"):
        embedded = EmbeddedRedis(ROOT / "var" / "redis").start()
        env["REDIS_URL"] = embedded.url
        print(f"Embedded Redis on {embedded.url} (data in var/redis)", flush=True)
    env.setdefault("QUEUE_REDIS_URL", env["REDIS_URL"])
    print(f"Speedgamez runs on http://127.0.0.1:{env['PORT']}/  (Ctrl-C stops it)", flush=True)

    honcho = subprocess.Popen(
        [sys.executable, "-m", "honcho", "-f", str(PROCFILE), "-d", str(ROOT), "start"],
        env=env,
    )

    def forward(signum, _frame):
        if honcho.poll() is None:
            honcho.send_signal(signal.SIGINT if signum == signal.SIGINT else signal.SIGTERM)

    signal.signal(signal.SIGINT, forward)
    signal.signal(signal.SIGTERM, forward)
    try:
        code = honcho.wait()
    finally:
        if embedded:
            embedded.stop()
    print("Speedgamez stopped.", flush=True)
    return 0 if code in (0, -signal.SIGINT, 130) else code


if __name__ == "__main__":
    sys.exit(main())
