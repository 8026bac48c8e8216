"""The booking job: points, games played and won, the pot — exactly once."""

import threading
from datetime import UTC, datetime

import pytest
import redis
from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer

from services.ledger.bookings import book_game
from shared import keys
from shared.wallets import balance, journal_entries
from tests.seats import seats
from tests.stakes import pay_in

ENDED = datetime(2024, 3, 31, 23, 0, tzinfo=UTC).timestamp()


@pytest.fixture
def r(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def launch_booking(game_id="t1-1", places=(2, 1, 1, 4), kinds="hhhh", left=(), stake=100):
    """A one-round Speedlaunch game of five minutes; seat i is player p<i>."""
    remaining = [0 if place == 1 else 4 * place for place in places]
    return {
        "game_id": game_id,
        "table": game_id.split("-")[0],
        "game": "speedlaunch",
        "started_at": ENDED - 300,
        "ended_at": ENDED,
        "stake": stake,
        "seats": seats(kinds, left),
        "result": {
            "places": list(places),
            "minus": remaining,
            "rounds_won": [int(place == 1) for place in places],
            "rounds": [{"winner": places.index(1), "first": 0, "remaining": remaining}],
        },
    }


def money(r, players):
    wallets = sum(balance(r, player) for player in players)
    return wallets + sum(int(value) for value in r.hvals(keys.POTS))


def test_a_game_booked_twice_is_booked_once(r):
    booking = launch_booking()
    pay_in(r, "t1-1", ["p0", "p1", "p2", "p3"], 100)
    first = book_game(booking, r)
    second = book_game(booking, r)
    assert first["duplicate"] is False and second["duplicate"] is True
    assert {**first, "duplicate": True} == second
    assert first["points"] == {"p0": 12 + 15, "p1": 30 + 30, "p2": 20 + 30, "p3": 4}
    assert r.zscore(keys.leaderboard("speedlaunch", "all"), "p1") == 60
    assert r.zscore(keys.leaderboard("speedlaunch", "2024-03"), "p1") == 60
    assert r.hgetall(keys.player_stats("p1")) == {"speedlaunch:played": "1", "speedlaunch:won": "1"}
    assert r.hgetall(keys.player_stats("p0")) == {"speedlaunch:played": "1"}
    assert [balance(r, f"p{seat}") for seat in range(4)] == [900, 1100, 1100, 900]


def test_concurrent_runs_book_once(r, redis_url):
    booking = launch_booking()
    pay_in(r, "t1-1", ["p0", "p1", "p2", "p3"], 100)
    runs, start = [], threading.Barrier(8)

    def run():
        with redis.Redis.from_url(redis_url, decode_responses=True) as own:
            start.wait()
            runs.append(book_game(booking, own))

    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(run["duplicate"] for run in runs) == [False] + [True] * 7
    assert r.zscore(keys.leaderboard("speedlaunch", "all"), "p2") == 50
    assert r.hget(keys.player_stats("p2"), "speedlaunch:played") == "1"
    assert [balance(r, f"p{seat}") for seat in range(4)] == [900, 1100, 1100, 900]
    assert len([e for e in journal_entries(r, "p2", 10) if e["reason"] == "pot"]) == 1


def test_four_humans_tied_for_first_split_the_pot_and_lose_nothing(r):
    players = ["p0", "p1", "p2", "p3"]
    pay_in(r, "t1-1", players, 101)
    assert money(r, players) == 4000
    booked = book_game(launch_booking(places=(4, 1, 1, 1), stake=101), r)
    assert booked["payouts"] == {"p1": 136, "p2": 134, "p3": 134}  # 404 = 3 × 134 + 2
    assert [balance(r, player) for player in players] == [899, 1035, 1033, 1033]
    assert money(r, players) == 4000
    assert r.hlen(keys.POTS) == 0 and not r.exists(keys.pot("t1-1"))


def test_two_tied_humans_split_evenly_behind_a_computer(r):
    pay_in(r, "t1-1", ["p1", "p2", "p3"], 75)
    booked = book_game(launch_booking(places=(1, 2, 3, 2), kinds="chhh", stake=75), r)
    assert booked["payouts"] == {"p1": 113, "p3": 112}
    assert booked["won"] == []
    assert money(r, ["p1", "p2", "p3"]) == 3000


def test_a_leaver_has_no_claim_on_the_pot(r):
    pay_in(r, "t1-1", ["p0", "p1"], 200)
    booked = book_game(launch_booking(places=(1, 2), kinds="hh", left={0}, stake=200), r)
    assert booked["payouts"] == {"p1": 400}
    assert booked["points"] == {"p0": -10, "p1": 12}
    assert booked["won"] == []


def test_when_every_human_left_the_stakes_go_back(r):
    pay_in(r, "t1-1", ["p0", "p2"], 200)
    booking = launch_booking(places=(2, 1, 3), kinds="hch", left={0, 2}, stake=200)
    booked = book_game(booking, r)
    assert booked["payouts"] == {} and booked["refunds"] == {"p0": 200, "p2": 200}
    assert balance(r, "p0") == balance(r, "p2") == 1000
    assert booked["points"] == {"p0": -10, "p2": -10}


def test_a_short_speedtower_game_is_not_scored_but_its_pot_is_paid(r):
    pay_in(r, "t2-1", ["ann", "bo"], 10)
    booking = {
        "game_id": "t2-1",
        "table": "t2",
        "game": "speedtower",
        "started_at": ENDED - 60,
        "ended_at": ENDED,
        "stake": 10,
        "seats": [
            {"seat": 0, "kind": "human", "player": "ann", "name": "Ann", "left": False},
            {"seat": 1, "kind": "human", "player": "bo", "name": "Bo", "left": False},
        ],
        "result": {
            "places": [1, 2],
            "winner": 0,
            "stock_left": [0, 9],
            "stock_built": [10, 1],
            "stock_size": 10,
            "turns": 8,
            "end": "stock_emptied",
        },
    }
    booked = book_game(booking, r)
    assert (booked["scored"], booked["points"], booked["won"]) == (False, {}, [])
    assert booked["short"] == {"loses": "everything", "under": 90}
    assert booked["payouts"] == {"ann": 20}
    assert not r.exists(keys.leaderboard("speedtower", "all"))
    # not played, not won, but counted apart: the balance names why (DECISIONS §9)
    assert r.hgetall(keys.player_stats("ann")) == {"speedtower:short:everything": "1"}


def test_an_unstaked_game_moves_no_money(r):
    booked = book_game(launch_booking(stake=0), r)
    assert booked["payouts"] == {} and booked["refunds"] == {}
    assert not r.exists(keys.BALANCES, keys.JOURNAL)


def test_monthly_boards_follow_the_utc_month_of_the_end(r):
    booking = launch_booking(stake=0)
    booking.update(game_id="t1-2", started_at=ENDED + 3000, ended_at=ENDED + 3600)
    book_game(launch_booking(stake=0), r)
    book_game(booking, r)
    assert r.zscore(keys.leaderboard("speedlaunch", "2024-03"), "p1") == 60
    assert r.zscore(keys.leaderboard("speedlaunch", "2024-04"), "p1") == 60
    assert r.zscore(keys.leaderboard("speedlaunch", "all"), "p1") == 120
    assert r.ttl(keys.leaderboard("speedlaunch", "2024-04")) > 0
    assert r.ttl(keys.leaderboard("speedlaunch", "all")) == -1


def test_the_job_runs_from_the_ledger_queue(r, redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)
    pay_in(r, "t1-1", ["p0", "p1", "p2", "p3"], 100)
    connection = redis.Redis.from_url(redis_url)  # RQ wants bytes
    queue = Queue("ledger", connection=connection, serializer=JSONSerializer)
    jobs = [queue.enqueue("services.ledger.bookings.book_game", launch_booking()) for _ in "ab"]
    SimpleWorker([queue], connection=connection, serializer=JSONSerializer).work(burst=True)
    results = [job.latest_result().return_value for job in jobs]
    assert [result["duplicate"] for result in results] == [False, True]
    assert [balance(r, f"p{seat}") for seat in range(4)] == [900, 1100, 1100, 900]
    connection.close()
