"""When a request is sent again, and after how long (no I/O here: both clients ask it).

* 429 and 503 with ``retry_after``: after that many seconds (the house says when).
* 409 ``table_busy`` ("try again"): after a short, growing pause.
* A connection that could not be made: the request never left, so it is sent again.
* An answer lost on the way (connection dropped, read timeout): sent again only when a repeat
  is harmless — reads, and moves, which carry their idempotency key.

Everything else is raised at once, and so is a wait that would take the call past
``max_wait`` seconds of waiting in all.
"""

from __future__ import annotations

import httpx

from speedgamez_client.problems import ProblemError, TableBusy

FIRST_PAUSE, LONGEST_PAUSE = 0.1, 2.0
WAIT_OUT = (429, 503)  # statuses that come with a Retry-After to wait out


class Patience:
    """How long one call still waits for the house."""

    def __init__(self, max_wait: float, repeatable: bool):
        self.left = max_wait
        self.repeatable = repeatable
        self.failures = 0

    def pause(self) -> float:
        """The next pause of a growing series: 0.1, 0.2, 0.4 … 2 s."""
        return min(FIRST_PAUSE * 2**self.failures, LONGEST_PAUSE)

    def wait_after(self, error: Exception) -> float:
        """Seconds to wait before sending the request again; raises ``error`` when it must not
        be sent again."""
        if isinstance(error, ProblemError) and error.status in WAIT_OUT and error.retry_after:
            delay = float(error.retry_after)
        elif isinstance(error, TableBusy):
            delay = self.pause()
        elif isinstance(error, ProblemError):
            raise error
        elif isinstance(error, httpx.ConnectError | httpx.ConnectTimeout) or (
            self.repeatable and isinstance(error, httpx.TransportError)
        ):
            delay = self.pause()
        else:
            raise error
        if delay > self.left:
            raise error
        self.left -= delay
        self.failures += 1
        return delay
