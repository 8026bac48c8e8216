"""gunicorn settings for the embedded house (`make run`): one origin on 127.0.0.1:$PORT.

gevent workers, because Server-Sent Events keep connections open for a long time; gevent's own
WSGI server in them (gevent_pywsgi), which sends an answer's head and body in one write —
a move costs less CPU than with gunicorn's HTTP writer (docs/performance.md) — with a deadline
on every request's head (deploy/gevent_worker.py: HEADER_TIMEOUT, and KEEPALIVE for an idle
kept-alive connection), since no nginx stands in front of make run.
"""

import os

# No start without the key that signs the tokens (make run makes one, var/secret_key): the
# arbiter stops here with one line, before any worker is forked.
if not os.environ.get("SECRET_KEY"):
    raise SystemExit(
        "SECRET_KEY is not set: every process of the house needs the same secret key (it "
        "signs the tokens), e.g. SECRET_KEY=$(openssl rand -hex 32) (docs/operations.md)"
    )

bind = f"127.0.0.1:{os.environ.get('PORT', '8080')}"
worker_class = "deploy.gevent_worker.TimedPyWSGIWorker"
workers = int(os.environ.get("WEB_WORKERS", "2"))
# An open event stream holds a connection for as long as its player watches: thousands of
# live tables need more than gunicorn's 1,000 per worker (docs/operations.md, "Sizing").
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))
graceful_timeout = 5
timeout = 30
keepalive = int(os.environ.get("KEEPALIVE", "75"))
accesslog = None
control_socket_disable = True  # several gunicorns on one machine must not share ~/.gunicorn


def post_worker_init(worker):
    from shared.web import settle_worker_memory

    settle_worker_memory()
