"""A gevent web worker's Redis readiness checks (deploy/gevent_worker.py native_zero_polls):
a check that does not wait uses the native poll, one that waits still lets other greenlets
run, and the answers are what they were."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import json, sys, time
    import gevent, gevent.select, redis
    from deploy.gevent_worker import native_zero_polls

    native_zero_polls()
    native_zero_polls()  # (a second call changes nothing)
    made = []
    original = gevent.select.poll.__init__
    gevent.select.poll.__init__ = lambda self: made.append(1) or original(self)
    r = redis.Redis.from_url(sys.argv[1], decode_responses=True)
    pubsub = r.pubsub()
    pubsub.subscribe("polls")
    assert pubsub.get_message(timeout=1)["type"] == "subscribe"  # (waits)
    made.clear()
    for i in range(20):  # each lends a connection out of the pool: a check of no wait
        pipe = r.pipeline(transaction=False)
        pipe.set("polls", i)
        pipe.get("polls")
        assert pipe.execute() == [True, str(i)]
    r.publish("polls", "hello")
    deadline = time.monotonic() + 5
    message = None
    while message is None and time.monotonic() < deadline:
        message = pubsub.get_message(timeout=0)
    drained = pubsub.get_message(timeout=0)
    without_wait = len(made)
    ticks = []
    ticker = gevent.spawn(lambda: [ticks.append(gevent.sleep(0.01)) for _ in range(10)])
    quiet = pubsub.get_message(timeout=0.3)  # waits: the ticker runs meanwhile
    ticker.join()
    print(json.dumps({"message": message["data"], "drained": drained, "quiet": quiet,
                      "without_wait": without_wait, "waiting": len(made) - without_wait,
                      "ticks": len(ticks)}))
""")


def test_checks_that_do_not_wait_use_the_native_poll(redis_url):
    done = subprocess.run([sys.executable, "-c", SCRIPT, redis_url], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["message"] == "hello" and seen["drained"] is None and seen["quiet"] is None
    assert seen["without_wait"] == 0, "no gevent poll for a check that does not wait"
    assert seen["waiting"] >= 1, "a check that waits stays gevent's"
    assert seen["ticks"] == 10, "other greenlets ran while it waited"


def test_the_worker_module_imports_nothing_gevent_must_patch_first():
    """gunicorn's arbiter imports the worker class before gevent patches (in the worker)."""
    script = "import deploy.gevent_worker\nfrom gevent import monkey\nmonkey.patch_all()"
    done = subprocess.run([sys.executable, "-W", "always", "-c", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "MonkeyPatchWarning" not in done.stderr, done.stderr
