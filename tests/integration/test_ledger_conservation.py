"""No Taler is created or lost: over 200 random staked games (the sum of all wallets plus all
open pots stays what the opened wallets brought, and every journal adds up to its balance),
and while players join, leave and start staked tables at once over real HTTP (then also: the
pot of every game holds the stakes of exactly the humans dealt in, and no pot is without its
game)."""

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from services.ledger.bookings import book_game
from shared import keys, store
from shared.wallets import (
    START_BALANCE,
    InsufficientFunds,
    balance,
    confirm_stakes,
    release_stakes,
    reserve_stakes,
)
from tests.over_http import HttpHouse
from tests.races import assert_money_follows_the_games, total_money

PLAYERS = [f"player{number}" for number in range(8)]
SEATS = {"speedlaunch": (2, 6), "speedtower": (2, 4), "speedone": (2, 6)}


@pytest.fixture
def r(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def random_places(rng, count):
    """Competition ranking of random scores: ties share a place, the next place skips."""
    scores = [rng.randint(0, 3) for _ in range(count)]
    return [1 + sum(other < own for other in scores) for own in scores]


def random_result(rng, game, places):
    count = len(places)
    if game == "speedlaunch":
        rounds = []
        for _ in range(rng.choice([1, count])):
            winner = rng.randrange(count)
            remaining = [0 if seat == winner else rng.randint(1, 40) for seat in range(count)]
            rounds.append({"winner": winner, "first": 0, "remaining": remaining})
        return {"places": places, "rounds": rounds}
    if game == "speedtower":
        left = [rng.randint(0, 20) for _ in range(count)]
        winner = places.index(1) if rng.random() < 0.8 and places.count(1) == 1 else None
        if winner is not None:
            left[winner] = 0
        return {
            "places": places,
            "winner": winner,
            "stock_left": left,
            "stock_built": [20 - cards for cards in left],
        }
    return {"places": places, "rounds_won": [rng.randint(0, 5) for _ in range(count)]}


def random_booking(rng, number, game, humans):
    count = rng.randint(max(len(humans), SEATS[game][0]), SEATS[game][1])
    seat_kinds = ["human"] * len(humans) + ["computer"] * (count - len(humans))
    rng.shuffle(seat_kinds)
    players = iter(humans)
    seats = []
    for seat, kind in enumerate(seat_kinds):
        player = next(players) if kind == "human" else None
        left = kind == "human" and rng.random() < 0.2
        seats.append({"seat": seat, "kind": kind, "player": player, "name": "", "left": left})
    started = 1_700_000_000.0 + number * 1000
    return {
        "game_id": f"t{number}-1",
        "table": f"t{number}",
        "game": game,
        "started_at": started,
        "ended_at": started + rng.choice([30.0, 100.0, 400.0]),
        "stake": 0,
        "seats": seats,
        "result": random_result(rng, game, random_places(rng, count)),
    }


def test_two_hundred_random_staked_games_keep_every_taler(r):
    rng = random.Random(20240331)
    expected = START_BALANCE * len(PLAYERS)
    refused = 0
    for number in range(200):
        game = rng.choice(list(SEATS))
        humans = rng.sample(PLAYERS, rng.randint(1, min(4, SEATS[game][1])))
        booking = random_booking(rng, number, game, humans)
        booking["stake"] = rng.choice([1, 7, 50, 333, 900])
        table_id, game_id = booking["table"], booking["game_id"]
        try:
            reserve_stakes(r, table_id, game_id, 0, humans, booking["stake"], 0.0)
        except InsufficientFunds:
            refused += 1
            continue
        assert total_money(r, PLAYERS) == expected
        if rng.random() < 0.1:
            release_stakes(r, table_id, game_id, 0)  # its start was never committed
        else:
            if rng.random() < 0.8:  # (else the start died before settling: booked all the same)
                confirm_stakes(r, table_id, game_id, 0)
            for _ in range(rng.choice([1, 2])):
                book_game(booking, r)
        assert total_money(r, PLAYERS) == expected
        assert r.hlen(keys.POTS) == 0
    assert 0 < refused < 100
    for player in PLAYERS:
        journal = r.xrange(keys.wallet_journal(player))
        if journal:
            assert sum(int(fields["amount"]) for _, fields in journal) == balance(r, player)
    movements = [fields for _, fields in r.xrange(keys.JOURNAL)]
    opened = r.hlen(keys.BALANCES)
    assert sum(int(fields["amount"]) for fields in movements) == START_BALANCE * opened
    assert r.zcard(keys.STAKES_PENDING) == 0


# --- races over HTTP -------------------------------------------------------------------------
RACE_ROUNDS = 40
STAKE = 10


def test_joins_and_leaves_racing_the_start_pay_exactly_for_who_plays(serve, r):
    """The opener starts while others sit down and stand up, at once, many times; each game's
    pot holds the stakes of exactly the humans it dealt in, and a start that was not
    committed leaves no pot behind."""
    house = HttpHouse(serve(QUOTA_TABLES=0, QUOTA_SOLO_GAMES_PER_MINUTE=0))
    ann, bob, cid, dan = (house.guest(name) for name in ("Ann", "Bob", "Cid", "Dan"))
    players = [player.id for player in (ann, bob, cid, dan)]
    rng = random.Random(2606)
    started = 0
    with ThreadPoolExecutor(max_workers=7) as pool:  # as many as a round has calls
        for _ in range(RACE_ROUNDS):
            table_id = house.open(ann, "speedone", 4, stakes=STAKE, fill="computer")["id"]
            lobby = f"/api/lobby/tables/{table_id}"
            for player in rng.sample([bob, cid, dan], rng.randint(0, 2)):
                house.ok(player, "POST", f"{lobby}/seats", json={})
            calls = [(ann, "POST", f"{lobby}/start", None)]
            for player in (bob, cid, dan):
                kind = rng.choice(["join", "leave", "join", "both"])
                if kind in ("join", "both"):
                    calls.append((player, "POST", f"{lobby}/seats", {}))
                if kind in ("leave", "both"):
                    calls.append((player, "POST", f"/api/table/tables/{table_id}/leave", None))
            rng.shuffle(calls)
            gate = threading.Barrier(len(calls))

            def call(entry, gate=gate):
                player, method, path, body = entry
                gate.wait(timeout=60)
                return house.call(player, method, path, json=body).status_code

            statuses = list(pool.map(call, calls))
            assert all(status < 500 for status in statuses), statuses
            started += store.load(r, table_id)["status"] == "playing"
            assert_money_follows_the_games(r, players, STAKE)
    assert started > RACE_ROUNDS // 2
    house.close()
