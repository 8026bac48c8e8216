"""Bots through the Python client over HTTP: two queue for quick play and land at one started
table; one leaves, the game is booked and rated, and both read their ratings."""

from __future__ import annotations

import asyncio
import threading

import pytest
import redis
from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer
from speedgamez_client import AsyncClient, Client

pytestmark = pytest.mark.timeout(120)


def test_two_bots_meet_by_quick_play_and_are_rated(serve, redis_url):
    url = serve()
    ann, bob = Client(url), Client(url)
    try:
        ann.guest("AnnBot")
        bob.guest("BobBot")
        tables = {}
        waiting = ann.quick_play("speedone", seats=2, clock=0)
        assert waiting.state == "waiting" and waiting.rating == 1500 and waiting.window == 100
        ann.leave_quick_play()
        assert ann.quick_play_status().state == "idle"
        thread = threading.Thread(
            target=lambda: tables.update(ann=ann.quick_table("speedone", 2, 0, every=0.2))
        )
        thread.start()
        tables["bob"] = asyncio.run(_quick(url, bob.token))
        thread.join(30)
        assert tables["ann"].id == tables["bob"].id and tables["ann"].status == "playing"
        ann.leave(tables["ann"])  # two players: the game ends, Ann placed last
        connection = redis.Redis.from_url(redis_url)  # RQ wants bytes
        queue = Queue("ledger", connection=connection, serializer=JSONSerializer)
        SimpleWorker([queue], connection=connection, serializer=JSONSerializer).work(burst=True)
        connection.close()
        rated = {one.name: one for one in bob.ratings("speedone", ["AnnBot", "BobBot"])}
        assert rated["BobBot"].rating > 1500 > rated["AnnBot"].rating
        assert rated["AnnBot"].games == 1 and rated["AnnBot"].provisional
        history = bob.player_ratings("BobBot")["games"]
        speedone = next(game for game in history if game["game"] == "speedone")
        assert speedone["history"][0]["table"] == tables["bob"].id
        assert bob.rating_board("speedone")["me"]["rank"] is None  # provisional: not listed
    finally:
        ann.close()
        bob.close()


async def _quick(url, token):
    async with AsyncClient(url, token) as client:
        return await client.quick_table("speedone", 2, 0, every=0.2)
