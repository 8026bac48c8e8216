"""A tiny Server-Sent Events client and a real HTTP server for the SSE tests."""

from __future__ import annotations

import http.client
import json
import threading

from flask import Flask
from werkzeug.serving import make_server

from services.table.events import close_hub


class Server:
    """A WSGI app on a real socket (threaded), stopped by ``close``."""

    def __init__(self, app):
        self.app = app
        self.httpd = make_server("127.0.0.1", 0, app, threaded=True)
        self.port = self.httpd.server_port
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        mounted = getattr(self.app, "mounts", {}).values()  # a whole house (services.house)
        for app in (self.app, *mounted):
            if isinstance(app, Flask) and app.name == "table":
                close_hub(app)


class EventStream:
    """One SSE connection; ``next()`` returns (event, id, data) or raises on timeout."""

    def __init__(self, port, path, token=None, last_id=None, timeout=10):
        """``token`` None: no Authorization header (the path carries a ticket)."""
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if last_id:
            headers["Last-Event-ID"] = last_id
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()

    def next(self):
        event, event_id, data = "message", None, []
        while True:
            line = self.response.fp.readline().decode()
            if line == "":
                raise EOFError("stream closed")
            line = line.rstrip("\n")
            if line == "":
                if data:
                    return event, event_id, json.loads("\n".join(data))
                event, event_id, data = "message", None, []
            elif line.startswith(":") or line.startswith("retry:"):
                continue
            else:
                field, _, value = line.partition(": ")
                if field == "event":
                    event = value
                elif field == "id":
                    event_id = value
                elif field == "data":
                    data.append(value)

    def close(self):
        self.connection.close()
