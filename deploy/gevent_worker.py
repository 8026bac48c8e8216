"""gunicorn's gevent worker with gevent's own WSGI server (gevent_pywsgi), and a deadline on a
request's head.

gevent's server waits for a request line and headers as long as a client cares to trickle
them, so every unfinished request would hold a connection (and its greenlet) for good; behind
nginx its client_header_timeout cuts such clients off, but `make run` has no nginx. Here:

* a new connection sends its first byte within HEADER_TIMEOUT seconds, a kept-alive one the
  first byte of its next request within gunicorn's ``keepalive`` seconds;
* from that first byte, the request line and every header arrive within HEADER_TIMEOUT
  seconds (default 15, as the edge nginx allows).

A connection that is silent too long, or whose request line does not come in time, is closed;
one whose headers are not complete in time gets 408 Request Timeout and is closed. The body
and the answer are not timed here (a body is bounded by MAX_BODY_BYTES; an event stream is
meant to stay open).

    worker_class = "deploy.gevent_worker.TimedPyWSGIWorker"

Each open event stream holds a connection, so a worker raises its soft limit of open files to
the hard one as it starts (the usual soft limit, 1,024, would stop it far below its
``worker_connections``).

redis-py asks whether a connection has data before it lends it out of the pool and before it
reads a pub/sub message, with ``select.poll`` and a timeout of 0. Under gevent's patching each
such poll builds, starts and tears down a watcher per socket and a timeout that expires at
once — about a tenth of a web worker's CPU at a human pace (docs/performance.md). A poll with
no timeout cannot block, so the worker gives those checks the native poll
(:func:`native_zero_polls`); a poll that waits stays gevent's.

A request's header fields are read by :class:`deploy.request_head.RequestHead` instead of the
email package's parser, which gevent's server uses.
"""

from __future__ import annotations

import os
import resource
import select
import time
import types

import gevent
from gevent import monkey
from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler

from deploy.request_head import RequestHead

HEADER_TIMEOUT = float(os.environ.get("HEADER_TIMEOUT", "15"))
REQUEST_TIMEOUT = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class HeadTooSlow(OSError):
    """A request's head did not arrive in time (an OSError: gevent then drops the connection
    as it does when a client goes away)."""


class TimedHandler(PyWSGIHandler):
    """The handler of one connection: each request's head within its deadline."""

    keepalive = 2.0  # seconds a kept-alive connection may wait for its next request
    head_deadline: float | None = None  # when the head being read must be complete

    def read_requestline(self):
        idle = HEADER_TIMEOUT if self.head_deadline is None else self.keepalive
        with gevent.Timeout(idle, HeadTooSlow("no request came")):
            self.rfile.peek(1)  # the first byte of the request (or the end of the connection)
        self.head_deadline = time.monotonic() + HEADER_TIMEOUT
        with gevent.Timeout(HEADER_TIMEOUT, HeadTooSlow("the request line came too slowly")):
            return super().read_requestline()

    def log_request(self):
        if self.server.log.access_log_enabled:  # (gunicorn's handler builds the line first)
            super().log_request()

    def MessageClass(self, rfile, *_ignored):  # noqa: N802 - gevent's name for it
        return RequestHead.read(rfile)

    def read_request(self, raw_requestline):
        left = max(self.head_deadline - time.monotonic(), 0.001)
        with gevent.Timeout(left, HeadTooSlow("the headers came too slowly")):
            return super().read_request(raw_requestline)

    def _handle_client_error(self, ex):
        if isinstance(ex, HeadTooSlow):
            return ("408", REQUEST_TIMEOUT)
        return super()._handle_client_error(ex)


def native_zero_polls() -> None:
    """After gevent's patching: redis-py's readiness checks (redis._parsers.hiredis, redis-py
    pinned in pyproject.toml) poll with the native ``select.poll`` when they do not wait.
    (redis is imported here, not with this module: the arbiter imports the worker class before
    gevent patches, and redis brings ``ssl``, which must be patched before its first import.)"""
    from redis._parsers import hiredis

    if getattr(hiredis._socket_can_read, "native_zero_polls", False):
        return
    native = types.SimpleNamespace(**{name: getattr(select, name) for name in dir(select)
                                      if name.startswith("POLL")})  # fmt: skip
    native.poll = monkey.get_original("select", "poll")
    namespace = {**vars(hiredis), "select": native}
    cooperative = hiredis._socket_can_read
    at_once = types.FunctionType(cooperative.__code__, namespace)

    def socket_can_read(sock, timeout):
        return at_once(sock, 0) if timeout == 0 else cooperative(sock, timeout)

    socket_can_read.native_zero_polls = True  # type: ignore[attr-defined]
    hiredis._socket_can_read = socket_can_read
    hiredis._socket_is_closed = types.FunctionType(hiredis._socket_is_closed.__code__, namespace)


class TimedPyWSGIWorker(GeventPyWSGIWorker):
    wsgi_handler = TimedHandler

    def patch(self):
        super().patch()
        native_zero_polls()

    def init_process(self):
        TimedHandler.keepalive = float(self.cfg.keepalive)
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        super().init_process()
