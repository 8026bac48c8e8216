"""The asyncio client: the same routes as :class:`~speedgamez_client.Client`, each method a
coroutine (``await client.table(id)``), the events an async iterator
(``async for event in client.events(id)``). Each method here is the sync one's twin."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import httpx

from speedgamez_client.calls import Call, answer, headers
from speedgamez_client.models import Event, Table
from speedgamez_client.patience import Patience
from speedgamez_client.problems import NotYourTurn, ProblemError, StaleVersion
from speedgamez_client.routes import Routes
from speedgamez_client.sse import Feed
from speedgamez_client.turns import Choose, Turns


class AsyncClient(Routes):
    """A player at the house at ``url``, for asyncio; see :class:`~speedgamez_client.Client`
    for the parameters. Use it as an async context manager, or ``await client.aclose()``."""

    _http = httpx.AsyncClient

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_exc) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.http.aclose()

    async def _call(self, call: Call):
        patience = Patience(self.max_wait, call.repeatable)
        while True:
            try:
                return await self._once(call)
            except (ProblemError, httpx.TransportError) as error:
                await asyncio.sleep(patience.wait_after(error))

    async def _once(self, call: Call):
        return call.parse(answer(await self.http.request(**call.request(headers(self.token)))))

    async def events(
        self, table: Table | str, last_event_id: str | None = None
    ) -> AsyncIterator[Event]:
        """The table's events; see :meth:`speedgamez_client.Client.events`."""
        feed = Feed(last_event_id, self.max_wait)
        while not feed.closed:
            try:
                ticket = await self._once(self._ticket_call(table))  # retried with the stream
                async with self.http.stream(
                    "GET", self._events_path(table), **feed.connection(ticket)
                ) as stream:
                    if stream.is_error:
                        await stream.aread()
                        answer(stream)
                    feed.opened()
                    async for line in stream.aiter_lines():
                        for event in feed.line(line):
                            yield event
                        if feed.closed:
                            return
                raise feed.ended()
            except (ProblemError, httpx.TransportError) as error:
                await asyncio.sleep(feed.dropped(error))

    async def quick_table(
        self,
        game: str,
        seats: int | None = None,
        clock: int = 120,
        computers_after: int | None = None,
        every: float = 1.0,
    ) -> Table:
        """Quick play until the table has started; see
        :meth:`speedgamez_client.Client.quick_table`."""
        status = await self.quick_play(game, seats, clock, computers_after)
        while status.state != "matched":
            if status.state == "idle":
                status = await self.quick_play(game, seats, clock, computers_after)
                continue
            await asyncio.sleep(every)
            status = await self.quick_play_status()
        return await self.table(status.table)

    async def play_game(self, table: Table | str, choose: Choose) -> Table:
        """Play the caller's seat; see :meth:`speedgamez_client.Client.play_game`."""
        turns = Turns(choose)
        async with contextlib.aclosing(self.events(table)) as events:
            async for event in events:
                move = turns.move_for(event.table)
                with contextlib.suppress(StaleVersion, NotYourTurn):
                    if move is not None:
                        await self.play(turns.table, move)
                if turns.over:
                    return turns.table
        return await self.table(table)
