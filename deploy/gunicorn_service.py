"""gunicorn settings of one service instance in the horizontal deployment.

    SERVICE=table gunicorn -c deploy/gunicorn_service.py 'services.table.app:create_app()'

``SERVICE`` (lobby, table or ledger) picks the defaults below; the environment overrides them:

* the table service holds Server-Sent Events open for as long as a player watches a table, so
  it runs gevent workers, each holding many connections (``WORKER_CONNECTIONS``, 10,000), with
  gevent's own WSGI server (gevent_pywsgi: an answer's head and body in one write) and a
  deadline on every request's head (deploy/gevent_worker.py, HEADER_TIMEOUT);
* lobby and ledger answer short requests (the lobby hashes passwords with argon2), so they run
  threaded workers (``WEB_THREADS`` threads each);
* ``WEB_WORKERS`` processes per instance (default: one per core, at least two);
* a graceful stop (SIGTERM) lets requests finish for ``GRACEFUL_TIMEOUT`` seconds; an event
  stream never finishes, so the table service waits less: its clients reconnect with
  Last-Event-ID to another instance and miss nothing.

``BIND`` (default ``0.0.0.0:$PORT``, PORT 8000) is where the instance listens. gunicorn's
control socket is off unless ``GUNICORN_CONTROL_SOCKET`` names one for this instance (several
instances on one machine must not share ~/.gunicorn/gunicorn.ctl). ``PROMETHEUS_MULTIPROC_DIR``,
when set, must be this instance's own directory: it is emptied when the instance starts.
"""

import os
import shutil

# No start without the key that signs the tokens (make run makes one, var/secret_key): the
# arbiter stops here with one line, before any worker is forked.
if not os.environ.get("SECRET_KEY"):
    raise SystemExit(
        "SECRET_KEY is not set: every process of the house needs the same secret key (it "
        "signs the tokens), e.g. SECRET_KEY=$(openssl rand -hex 32) (docs/operations.md)"
    )

SERVICES = {
    # service: (worker class, default graceful timeout in seconds)
    "lobby": ("gthread", 30),
    "table": ("deploy.gevent_worker.TimedPyWSGIWorker", 10),
    "ledger": ("gthread", 30),
}

service = os.environ.get("SERVICE", "")
if service not in SERVICES:
    raise RuntimeError(f"set SERVICE to one of {', '.join(SERVICES)} (not {service!r})")
kind, graceful = SERVICES[service]

bind = os.environ.get("BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"
proc_name = os.environ.get("INSTANCE") or f"speedgamez-{service}"
worker_class = kind
workers = int(os.environ.get("WEB_WORKERS") or max(2, os.cpu_count() or 1))
threads = int(os.environ.get("WEB_THREADS", "4"))  # gthread workers only
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))  # gevent workers only
timeout = int(os.environ.get("WORKER_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", str(graceful)))
# Longer than nginx keeps idle upstream connections (60 s), so gunicorn never closes one
# that nginx is about to reuse.
keepalive = int(os.environ.get("KEEPALIVE", "75"))
max_requests = int(os.environ.get("MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = os.environ.get("ACCESS_LOG") or None
# The path without its query string, as nginx logs it: a stream ticket rides in the query.
access_log_format = '%(h)s - - %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s" %(M)sms'
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
pidfile = os.environ.get("GUNICORN_PIDFILE") or None

control_socket_path = os.environ.get("GUNICORN_CONTROL_SOCKET")
if control_socket_path:
    control_socket = control_socket_path
else:
    control_socket_disable = True


def on_starting(server):
    """A fresh metrics directory for this instance (figures of an earlier run are gone)."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path, exist_ok=True)


def child_exit(server, worker):
    """A worker is gone: its open event streams no longer count."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        from prometheus_client.multiprocess import mark_process_dead

        mark_process_dead(worker.pid, path)


def post_worker_init(worker):
    from shared.web import settle_worker_memory

    settle_worker_memory()
