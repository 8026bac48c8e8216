"""Over 200 random staked games no Taler is created or lost: the sum of all wallets plus all
open pots stays what the opened wallets brought, and every journal adds up to its balance."""

import random

import pytest
import redis

from services.ledger.bookings import book_game
from shared import keys
from shared.wallets import (
    START_BALANCE,
    InsufficientFunds,
    balance,
    collect_stakes,
    refund_pot,
)

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


def total_money(r):
    opened = r.hgetall(keys.BALANCES)
    wallets = sum(int(value) for value in opened.values())
    pots = sum(int(value) for value in r.hvals(keys.POTS))
    return wallets + pots + START_BALANCE * len(set(PLAYERS) - set(opened))


def test_two_hundred_random_staked_games_keep_every_taler(r):
    rng = random.Random(20240331)
    expected = START_BALANCE * len(PLAYERS)
    refused = 0
    for number in range(200):
        game = rng.choice(list(SEATS))
        humans = rng.sample(PLAYERS, rng.randint(1, min(4, SEATS[game][1])))
        booking = random_booking(rng, number, game, humans)
        booking["stake"] = rng.choice([1, 7, 50, 333, 900])
        try:
            collect_stakes(r, booking["game_id"], humans, booking["stake"])
        except InsufficientFunds:
            refused += 1
            continue
        assert total_money(r) == expected
        if rng.random() < 0.1:
            refund_pot(r, booking["game_id"])  # abandoned before it could be scored
        else:
            for _ in range(rng.choice([1, 2])):
                book_game(booking, r)
        assert total_money(r) == expected
        assert r.hlen(keys.POTS) == 0
    assert 0 < refused < 100
    for player in PLAYERS:
        journal = r.xrange(keys.wallet_journal(player))
        if journal:
            assert sum(int(fields["amount"]) for _, fields in journal) == balance(r, player)
    movements = [fields for _, fields in r.xrange(keys.JOURNAL)]
    opened = r.hlen(keys.BALANCES)
    assert sum(int(fields["amount"]) for fields in movements) == START_BALANCE * opened
