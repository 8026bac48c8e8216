"""A small driver for integration tests: the lobby and table apps on the test Redis, players
with tokens, and the computer players run by an RQ worker in this process."""

from __future__ import annotations

import random

from rq import Queue
from rq.serializers import JSONSerializer

from services.bots import jobs as bot_jobs
from shared import connection, keys, store
from shared.auth import issue_token
from shared.problems import CODES
from shared.tables.jobs import queue
from shared.web import make_app

TEST_CONFIG = {"TESTING": True, "SECRET_KEY": "test-secret", "BOT_PACE": "off",
               "MOVE_RATE_LIMIT": 0, "ACTION_RATE_LIMIT": 0}  # fmt: skip


def assert_problem(response, status: int, code: str | None = None) -> dict:
    """A problem+json body with the given status and a catalogued code (``code``, if given)
    whose status it is; returns the body."""
    assert response.status_code == status, (response.status_code, response.get_data()[:300])
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"] and body["type"]
    assert body["code"] in CODES and CODES[body["code"]].status in (status, None), body
    assert code is None or body["code"] == code, body
    return body


class House:
    def __init__(self, redis_url: str, monkeypatch, queue_url: str | None = None):
        from services.lobby.tables import blp as tables_blueprint
        from services.table.app import create_app as table_app

        queue_url = queue_url or redis_url  # a cluster at redis_url needs a queue Redis
        monkeypatch.setenv("REDIS_URL", redis_url)
        monkeypatch.setenv("QUEUE_REDIS_URL", queue_url)
        monkeypatch.setenv("REDIS_WAIT_REPLICAS", "0")  # the test cluster has no replicas
        monkeypatch.setenv("BOT_PACE", "off")
        monkeypatch.setenv("SECRET_KEY", TEST_CONFIG["SECRET_KEY"])
        bot_jobs._connections.cache_clear()
        config = {**TEST_CONFIG, "REDIS_URL": redis_url, "QUEUE_REDIS_URL": queue_url,
                  "REDIS_WAIT_REPLICAS": 0}  # fmt: skip
        # The tables blueprint alone: these tests make tokens themselves, not accounts.
        self.lobby_app = make_app("lobby", "Speedgamez lobby", [tables_blueprint], config)
        self.table_app = table_app(config)
        self.lobby = self.lobby_app.test_client()
        self.table = self.table_app.test_client()
        self.r = connection.connect(redis_url)
        self.queue_redis = connection.connect_queue(queue_url)

    def player(self, name: str) -> dict:
        """A guest with an account (a guest's token is good while its account exists)."""
        player = {"id": f"p-{name.lower()}", "name": name, "guest": True}
        self.r.hset(keys.account(player["id"]), mapping={**player, "guest": "1"})
        with self.table_app.app_context():
            player["token"] = issue_token(player)
        return player

    @staticmethod
    def auth(player: dict | None) -> dict:
        return {"Authorization": f"Bearer {player['token']}"} if player else {}

    def open(self, player, game, seats, options=None, **settings):
        body = {"game": game, "seats": seats, "options": options or {}, "settings": settings}
        response = self.lobby.post("/tables", json=body, headers=self.auth(player))
        assert response.status_code == 201, response.json
        return response.json

    def get(self, player, table_id):
        response = self.table.get(f"/tables/{table_id}", headers=self.auth(player))
        assert response.status_code == 200, response.json
        return response.json

    def move(self, player, table_id, move, version=None, key=None):
        body = {"move": move}
        if version is not None:
            body["version"] = version
        if key is not None:
            body["key"] = key
        return self.table.post(f"/tables/{table_id}/moves", json=body, headers=self.auth(player))

    def guide(self, player, table_id, is_open):
        return self.table.post(f"/tables/{table_id}/guide", json={"open": is_open},
                               headers=self.auth(player))  # fmt: skip

    def run_computers(self, names=("bots",)) -> int:
        """Run every queued job of the named queues (and what they enqueue) right here, the
        way a worker would call them. Returns how many ran."""
        queues = [queue(self.queue_redis, name) for name in names]
        ran = 0
        while found := Queue.dequeue_any(
            queues, None, connection=self.queue_redis, serializer=JSONSerializer
        ):
            found[0].perform()
            ran += 1
        return ran

    def play_out(self, players: dict, table_id: str, rng: random.Random, limit=None):
        """Play a running game to its end (or ``limit`` human moves): humans pick random legal
        moves, computers move through their jobs. Returns the table as the first player sees
        it then."""
        for _ in range(limit or 20_000):
            self.run_computers()
            view = self.get(next(iter(players.values())), table_id)
            current = view["current"]
            if view["status"] != "playing":
                return view
            seat = current["to_move"]
            player = players.get(seat)
            assert player is not None, f"seat {seat} waits but no computer moved"
            mine = self.get(player, table_id)
            move = rng.choice(mine["current"]["legal"])
            response = self.move(player, table_id, move, mine["version"])
            assert response.status_code == 200, response.json
        if limit:
            return view
        raise AssertionError("the game did not end")


def start_two_player_game(house, game="speedone", options=None, **settings):
    """Ann opens, Bob joins, Ann starts. Returns (table id, {seat: player})."""
    ann, bob = house.player("Ann"), house.player("Bob")
    settings.setdefault("fill", "empty")
    table_id = house.open(ann, game, 2, options, **settings)["id"]
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    started = house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    assert started.status_code == 200, started.json
    return table_id, {0: ann, 1: bob}


CLOCK = 30


def solo_table_to_move(house, name="Ann", limit=20):
    """A solo Speedone table on a 30 s clock where the human moves first. It opens tables
    until the deal lets the human begin — more than QUOTA_SOLO_GAMES_PER_MINUTE allows one
    player in a minute one time in 32 — so the quota is lifted while it looks."""
    player = house.player(name)
    config = house.lobby_app.config
    quota = config["QUOTA_SOLO_GAMES_PER_MINUTE"]
    config["QUOTA_SOLO_GAMES_PER_MINUTE"] = 0
    try:
        for _ in range(limit):
            view = house.open(player, "speedone", 2, solo=True, clock=CLOCK)
            if view["current"]["to_move"] == 0:
                return player, view
            left = house.table.post(f"/tables/{view['id']}/leave", headers=house.auth(player))
            assert left.status_code == 200, left.json  # (its place is free: QUOTA_TABLES)
    finally:
        config["QUOTA_SOLO_GAMES_PER_MINUTE"] = quota
    raise AssertionError("the human never moved first")


def mover_of(house, table_id, players):
    """(the player to move, the table as that player sees it)."""
    view = house.get(players[0], table_id)
    mover = players[view["current"]["to_move"]]
    return mover, house.get(mover, table_id)


def assert_a_repeat_applies_once(house, table_id, players, key="abc-1"):
    """A move sent twice with the same idempotency key (no version) is applied once, and the
    repeat is answered like the first."""
    mover, view = mover_of(house, table_id, players)
    move = view["current"]["legal"][0]
    first = house.move(mover, table_id, move, key=key)
    again = house.move(mover, table_id, move, key=key)
    assert first.status_code == again.status_code == 200
    assert first.json == again.json
    assert store.load(house.r, table_id)["version"] == view["version"] + 1
