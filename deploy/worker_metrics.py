"""The RQ workers' metrics exporter: their figures and the queue lengths at /metrics.

    python -m deploy.worker_metrics --bind 127.0.0.1:9400

RQ workers serve no HTTP themselves, and every job runs in a forked work horse. They write
their figures into PROMETHEUS_MULTIPROC_DIR (shared.metrics); this process, beside them on the
same directory (the cluster's var/cluster/metrics/workers, a pod's shared emptyDir, a
compose volume with one subdirectory per container), serves them, with the lengths of the
queues read from QUEUE_REDIS_URL (or REDIS_URL) at every scrape. /healthz answers "ok".
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from wsgiref.simple_server import WSGIRequestHandler, make_server

import redis
from prometheus_client import make_wsgi_app

from shared import config, metrics


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def application(queue_url: str | None):
    """The exporter's WSGI app."""
    connection = redis.Redis.from_url(queue_url) if queue_url else None
    figures = make_wsgi_app(metrics.registry(connection))

    def app(environ, start_response):
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok\n"]
        return figures(environ, start_response)

    return app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The RQ workers' metrics exporter")
    parser.add_argument("--bind", default=os.environ.get("METRICS_BIND", "0.0.0.0:9400"))
    args = parser.parse_args(argv)
    if not metrics.multiprocess_dir():
        print("PROMETHEUS_MULTIPROC_DIR is not set: there are no worker figures to serve",
              file=sys.stderr)  # fmt: skip
        return 2
    settings = config.settings()
    host, _, port = args.bind.rpartition(":")
    app = application(settings["QUEUE_REDIS_URL"] or settings["REDIS_URL"])
    # --bind ":9400" listens everywhere on purpose: the scraper reaches the container
    server = make_server(host or "0.0.0.0", int(port), app, handler_class=_QuietHandler)  # nosec B104

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"worker metrics on http://{args.bind}/metrics", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
