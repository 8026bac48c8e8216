"""Server-Sent Events, read line by line (no I/O here: both clients feed it their lines),
where a dropped stream resumes (the id of the last event read), and how long to wait before
opening it again."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx

from speedgamez_client.models import Event
from speedgamez_client.patience import Patience

STREAM_TIMEOUT = 60.0  # seconds without a byte (the house sends a heartbeat every 15 s)


class Feed:
    """The events of one table across connections: parses lines into :class:`Event` and keeps
    the last event id, which the next connection sends as ``Last-Event-ID``. A house that
    answers no connection for ``max_wait`` seconds of reconnecting in a row raises; ``closed``:
    the table is gone, the stream is over."""

    def __init__(self, last_event_id: str | None = None, max_wait: float = 60.0):
        self.last_event_id = last_event_id
        self.max_wait = max_wait
        self.patience = Patience(max_wait, repeatable=True)
        self.closed = False
        self._reset()

    def _reset(self) -> None:
        self._kind, self._id, self._data = "message", None, []

    def headers(self) -> dict:
        """The headers of the next connection: where it resumes."""
        headers = {"Accept": "text/event-stream"}
        if self.last_event_id:
            headers["Last-Event-ID"] = self.last_event_id
        return headers

    def connection(self, ticket: str) -> dict:
        """The keywords of ``http.stream("GET", path, …)`` for the next connection."""
        return {"params": {"ticket": ticket}, "headers": self.headers(), "timeout": STREAM_TIMEOUT}

    def opened(self) -> None:
        """A connection was answered: the house is there, the wait for it starts anew."""
        self.patience = Patience(self.max_wait, repeatable=True)

    def dropped(self, error: Exception) -> float:
        """The connection ended with ``error``: the seconds to wait before the next one (or
        ``error`` raised). A message cut off by the drop is dropped with it."""
        self._reset()
        return self.patience.wait_after(error)

    @staticmethod
    def ended() -> httpx.TransportError:
        return httpx.RemoteProtocolError("the house ended the stream")

    def line(self, line: str) -> Iterator[Event]:
        """The event a line completes, if any (a blank line ends a message)."""
        line = line.rstrip("\r\n")
        if not line:
            if self._data:
                data = json.loads("\n".join(self._data))
                if self._id:
                    self.last_event_id = self._id
                self.closed = self._kind == "closed"
                yield Event.from_message(self._kind, self._id, data)
            self._reset()
            return
        if line.startswith(":"):
            return  # a comment: the heartbeat
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            self._kind = value
        elif name == "id":
            self._id = value
        elif name == "data":
            self._data.append(value)
