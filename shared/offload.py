"""CPU-bound work (argon2 password hashes) kept off a gevent worker's event loop.

Under gunicorn's gevent workers (`make run`, the table service) every request of a process runs
in one OS thread: a hash there (argon2id with the RFC 9106 low-memory profile, tens of
milliseconds of CPU) would stop every move and event stream of the process until it is done.
:func:`call` runs such work in a small pool of real threads (gevent's own ThreadPool) while the
loop goes on; argon2-cffi's C code runs without the GIL. The pool's threads run at the lowest
CPU priority (nice 19, and the threads argon2 starts for its lanes inherit it): when hashes
fill every core, the loop's thread still gets the CPU the moment it has work, instead of a
fair share among a dozen hashing threads. Where the process is not gevent's (threaded gunicorn
workers, RQ, tests), the work runs in the calling thread, which is already one of many.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

from gevent import monkey
from gevent.threadpool import ThreadPool

# Threads per process: argon2 already spreads one hash over 4 lanes, so more hashes at once
# would only queue for the same cores; the requests that wait for one do not hold the loop.
THREADS = 2
NICE = 19  # the pool threads' CPU priority: the lowest
T = TypeVar("T")
_pools: dict[int, ThreadPool] = {}  # by process id: a forked worker makes its own


def call(function: Callable[..., T], *args) -> T:
    """``function(*args)``, off the event loop when the process runs on gevent."""
    if not monkey.is_module_patched("threading"):
        return function(*args)
    pool = _pools.get(os.getpid())
    if pool is None:
        pool = _pools[os.getpid()] = ThreadPool(THREADS)
    return pool.apply(_at_low_priority, (function, args))


def _at_low_priority(function: Callable[..., T], args: tuple) -> T:
    """In a pool thread: make its CPU priority the lowest (once is enough; it is a cheap
    system call), then run the work."""
    os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    return function(*args)
