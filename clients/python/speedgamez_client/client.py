"""The sync client: every route of :class:`~speedgamez_client.routes.Routes`, a table's events
as an iterator that resumes after a drop, and a game played by a bot.

:class:`~speedgamez_client.aio.AsyncClient` is its asyncio twin: the same steps, awaited."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import httpx

from speedgamez_client.calls import Call, answer, headers
from speedgamez_client.models import Event, Table
from speedgamez_client.patience import Patience
from speedgamez_client.problems import NotYourTurn, ProblemError, StaleVersion
from speedgamez_client.routes import Routes
from speedgamez_client.sse import Feed
from speedgamez_client.turns import Choose, Turns


class Client(Routes):
    """A player at the house at ``url`` (default http://127.0.0.1:8080): signs in
    (:meth:`guest`, :meth:`sign_in`, or a ``token`` given here), then uses the routes. Use it
    as a context manager, or :meth:`close` it.

    ``max_wait``: how many seconds one call may spend waiting out 429 (``Retry-After``) and
    retrying before it raises (default 60). ``timeout``: seconds per request (30).
    ``transport``: an httpx transport (e.g. ``httpx.WSGITransport(app=...)`` for a house in
    this process)."""

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    def _call(self, call: Call):
        patience = Patience(self.max_wait, call.repeatable)
        while True:
            try:
                return self._once(call)
            except (ProblemError, httpx.TransportError) as error:
                time.sleep(patience.wait_after(error))

    def _once(self, call: Call):
        return call.parse(answer(self.http.request(**call.request(headers(self.token)))))

    def events(self, table: Table | str, last_event_id: str | None = None) -> Iterator[Event]:
        """The table's events as they come, for as long as the caller iterates (it ends when
        the table is gone: a ``closed`` event).

        Each connection opens with a new stream ticket. A dropped connection is opened again
        with ``Last-Event-ID``, so no event is lost or repeated across the drop; a house away
        for longer than ``max_wait`` raises. ``last_event_id`` resumes an earlier iteration
        (the ``id`` of the last event it read)."""
        feed = Feed(last_event_id, self.max_wait)
        while not feed.closed:
            try:
                ticket = self._once(self._ticket_call(table))  # retried with the stream
                with self.http.stream(
                    "GET", self._events_path(table), **feed.connection(ticket)
                ) as stream:
                    if stream.is_error:
                        stream.read()
                        answer(stream)
                    feed.opened()
                    for line in stream.iter_lines():
                        yield from feed.line(line)
                        if feed.closed:
                            return
                raise feed.ended()
            except (ProblemError, httpx.TransportError) as error:
                time.sleep(feed.dropped(error))

    def quick_table(
        self,
        game: str,
        seats: int | None = None,
        clock: int = 120,
        computers_after: int | None = None,
        every: float = 1.0,
    ) -> Table:
        """Quick play: ask for a table of ``game`` (see :meth:`quick_play`) and wait, asking
        every ``every`` seconds, until it has started; returns it."""
        status = self.quick_play(game, seats, clock, computers_after)
        while status.state != "matched":
            if status.state == "idle":  # the match fell through: ask again
                status = self.quick_play(game, seats, clock, computers_after)
                continue
            time.sleep(every)
            status = self.quick_play_status()
        return self.table(status.table)

    def play_game(self, table: Table | str, choose: Choose) -> Table:
        """Play the caller's seat with ``choose(view, legal) -> move`` until the game ends
        (waiting for its start first); returns the table at the end."""
        turns = Turns(choose)
        for event in self.events(table):
            if (move := turns.move_for(event.table)) is not None:
                with contextlib.suppress(StaleVersion, NotYourTurn):  # the events tell what now
                    self.play(turns.table, move)
            if turns.over:
                return turns.table
        return self.table(table)
