"""Every lobby action at once, over real HTTP: sitting down (a seat or any), leaving, setting a
seat, changing the settings, starting, asking for a rematch and freeing a seat — by the
opener, the seated, those waiting and strangers — raced against a start, a rematch and a
leave, round after round at staked tables that are open, playing or over. After each round:
every commit changed something (no version without a change), the seats are consistent, the
Taler follow the games (conserved; each pot holds exactly its dealt humans' stakes; no pot
without its game), and nobody's list of tables names one they neither sit nor wait at."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from shared import connection, keys, store
from tests.over_http import HttpHouse, Player
from tests.races import (
    assert_every_commit_changed_something,
    assert_money_follows_the_games,
    assert_seats_are_consistent,
)

ROUNDS = 30
STAKE = 10
SEATS = 4
LOBBY, TABLE = "/api/lobby/tables", "/api/table/tables"


class Racers:
    def __init__(self, house: HttpHouse, r, rng: random.Random):
        self.house, self.r, self.rng = house, r, rng
        self.ann, *self.others = (house.guest(n) for n in ("Ann", "Bob", "Cid", "Dan", "Eve"))
        self.everyone = [self.ann, *self.others]

    def scene(self) -> str:
        """A staked table of Ann's, open (some seated), playing, or over (as if its game had
        ended), with some waiting."""
        house, rng = self.house, self.rng
        fill = rng.choice(["computer", "empty"])
        table_id = house.open(self.ann, "speedone", SEATS, stakes=STAKE, fill=fill, clock=0)["id"]
        for player in rng.sample(self.others, rng.randint(0, 3)):
            house.ok(player, "POST", f"{LOBBY}/{table_id}/seats", json={})
        kind = rng.choice(["open", "playing", "over"])
        if kind == "open" or house.call(self.ann, "POST", f"{LOBBY}/{table_id}/start").is_error:
            return table_id
        for player in rng.sample(self.others, rng.randint(0, 2)):  # sit or wait
            house.call(player, "POST", f"{LOBBY}/{table_id}/seats", json={})
        if kind == "over":
            doc = store.load(self.r, table_id)
            doc["status"] = "over"  # as if the game had ended
            store.commit(self.r, doc["version"], store.Commit(doc, [{"type": "test.over"}]))
        return table_id

    def action(self, table_id: str) -> tuple[Player, str, str, dict | None]:
        """One lobby action by anyone, valid or not."""
        rng, player = self.rng, self.rng.choice(self.everyone)
        seat = rng.randrange(SEATS)
        seat_kind = {"kind": rng.choice(["computer", "empty"]),
                     "strength": rng.choice(["leicht", "normal"])}  # fmt: skip
        settings = {"settings": {"clock": rng.choice([0, 60])},
                    "options": {"target": rng.choice([200, 500])}}  # fmt: skip
        return rng.choice([
            (player, "POST", f"{LOBBY}/{table_id}/seats", rng.choice([{}, {"seat": seat}])),
            (player, "POST", f"{TABLE}/{table_id}/leave", None),
            (player, "PUT", f"{LOBBY}/{table_id}/seats/{seat}", seat_kind),
            (player, "PATCH", f"{LOBBY}/{table_id}/settings", settings),
            (player, "POST", f"{LOBBY}/{table_id}/start", None),
            (player, "POST", f"{TABLE}/{table_id}/rematch", None),
            (self.ann, "PUT", f"{LOBBY}/{table_id}/seats/{seat}", {"kind": "empty"}),  # free it
        ])  # fmt: skip

    def round(self, pool: ThreadPoolExecutor) -> None:
        table_id = self.scene()
        before = store.load(self.r, table_id)
        after_id = store.latest_event_id(self.r, table_id)
        leaver = self.rng.choice(self.everyone)
        calls = [
            (self.ann, "POST", f"{LOBBY}/{table_id}/start", None),
            (self.rng.choice(self.everyone), "POST", f"{TABLE}/{table_id}/rematch", None),
            (leaver, "POST", f"{TABLE}/{table_id}/leave", None),
            *(self.action(table_id) for _ in range(self.rng.randint(3, 6))),
        ]
        gate = threading.Barrier(len(calls))

        def call(entry):
            player, method, path, body = entry
            gate.wait(timeout=60)
            return self.house.call(player, method, path, json=body)

        answers = list(pool.map(call, calls))
        for (_, method, path, _), answer in zip(calls, answers, strict=True):
            assert answer.status_code < 500, (method, path, answer.status_code, answer.text)
        doc = assert_every_commit_changed_something(self.r, before, after_id)
        assert_seats_are_consistent(doc)
        for player in self.everyone:
            listed = {t["id"] for t in self.house.ok(player, "GET", "/api/lobby/me/tables")}
            here = table_id in listed
            at_table = any(s["player"] == player.id and not s.get("left") for s in doc["seats"])
            waiting = player.id in [w["player"] for w in doc["waiting"]]
            assert here == ((at_table or waiting) and doc["status"] != "closed"), player.name


@pytest.mark.timeout(300)
def test_lobby_actions_racing_start_rematch_and_leave(serve, redis_url):
    house = HttpHouse(serve(QUOTA_TABLES=0, QUOTA_SOLO_GAMES_PER_MINUTE=0))
    r = connection.connect(redis_url)
    racers = Racers(house, r, random.Random(2626))
    with ThreadPoolExecutor(max_workers=9) as pool:  # as many as a round has calls
        for _ in range(ROUNDS):
            racers.round(pool)
            assert_money_follows_the_games(r, [p.id for p in racers.everyone], STAKE)
    assert r.hlen(keys.POTS) > 0  # (games were dealt and staked)
    house.close()
