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
"""

from __future__ import annotations

import os
import resource
import time

import gevent
from gunicorn.workers.ggevent import GeventPyWSGIWorker, PyWSGIHandler

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

    def read_request(self, raw_requestline):
        left = max(self.head_deadline - time.monotonic(), 0.001)
        with gevent.Timeout(left, HeadTooSlow("the headers came too slowly")):
            return super().read_request(raw_requestline)

    def _handle_client_error(self, ex):
        if isinstance(ex, HeadTooSlow):
            return ("408", REQUEST_TIMEOUT)
        return super()._handle_client_error(ex)


class TimedPyWSGIWorker(GeventPyWSGIWorker):
    wsgi_handler = TimedHandler

    def init_process(self):
        TimedHandler.keepalive = float(self.cfg.keepalive)
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        super().init_process()
