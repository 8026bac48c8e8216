"""shared/offload.py: work handed off a gevent event loop runs in another OS thread at the
lowest CPU priority while the loop goes on; without gevent it runs where it is called."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from shared import offload

ROOT = Path(__file__).resolve().parents[2]

ON_GEVENT = """
from gevent import monkey; monkey.patch_all()
import os, threading, time
import gevent
from shared import offload

from argon2 import PasswordHasher

def hashing():
    PasswordHasher().hash("the house's own profile: 64 MiB, 3 passes, 4 lanes")
    return threading.get_native_id(), os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

ticks = []
ticker = gevent.spawn(lambda: [ticks.append(gevent.sleep(0.005)) for _ in range(1000)])
worker, nice = offload.call(hashing)
print(worker != threading.get_native_id(), nice, len(ticks))
"""


def test_on_gevent_the_work_runs_in_a_low_priority_thread_while_the_loop_goes_on():
    ran = subprocess.run([sys.executable, "-c", ON_GEVENT], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    other_thread, nice, ticks = ran.stdout.split()
    assert other_thread == "True" and int(nice) == offload.NICE
    assert int(ticks) >= 3, "the loop went on while the hash ran (0: it was held)"


def test_without_gevent_the_work_runs_in_the_calling_thread():
    assert offload.call(threading.get_native_id) == threading.get_native_id()
