"""Stakes: reserved all or nothing for one start, confirmed or given back once, every
movement journaled."""

import pytest
import redis

from shared import keys
from shared.wallets import (
    START_BALANCE,
    InsufficientFunds,
    balance,
    confirm_stakes,
    journal_entries,
    pending_stakes,
    release_stakes,
    reserve_stakes,
)


@pytest.fixture
def r(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def reserve(r, game_id, players, stake, tag=0):
    return reserve_stakes(r, game_id.split("-")[0], game_id, tag, players, stake, 100.0 + tag)


def test_a_new_wallet_reads_as_the_starting_amount(r):
    assert balance(r, "nobody") == START_BALANCE == 1000
    assert not r.exists(keys.BALANCES)


def test_stakes_move_into_the_pot_with_journal_entries(r):
    assert reserve(r, "t1-1", ["ann", "bo"], 120)
    assert (balance(r, "ann"), balance(r, "bo")) == (880, 880)
    assert r.hget(keys.POTS, "t1-1") == "240"
    assert r.hgetall(keys.pot("t1-1")) == {"ann": "120", "bo": "120"}
    entries = journal_entries(r, "ann", 10)
    assert [(e["reason"], e["amount"], e["balance"], e["game"]) for e in entries] == [
        ("stake", -120, 880, "t1-1"),
        ("opening", 1000, 1000, None),
    ]
    accounts = [fields["account"] for _, fields in r.xrange(keys.JOURNAL)]
    assert accounts == ["ann", "ann", "pot:t1-1", "bo", "bo", "pot:t1-1"]
    assert r.get(keys.stakes_collected("t1-1")) == "pending:0"
    assert pending_stakes(r, 1000.0, 10) == [("t1", "t1-1", 0)]
    confirm_stakes(r, "t1", "t1-1", 0)
    assert r.get(keys.stakes_collected("t1-1")) == "collected"
    assert pending_stakes(r, 1000.0, 10) == []


def test_one_reservation_per_start_and_none_once_the_game_is_dealt(r):
    assert reserve(r, "t1-1", ["ann", "bo"], 100, tag=4)
    assert reserve(r, "t1-1", ["ann", "bo"], 100, tag=4)  # the same start: taken once
    assert not reserve(r, "t1-1", ["ann", "cy"], 300, tag=3)  # an older document: refused
    assert (balance(r, "ann"), balance(r, "bo"), balance(r, "cy")) == (900, 900, 1000)
    # a start from a later version: the older reservation cannot be used any more
    assert reserve(r, "t1-1", ["ann", "cy"], 100, tag=6)
    assert (balance(r, "ann"), balance(r, "bo"), balance(r, "cy")) == (900, 1000, 900)
    assert r.hgetall(keys.pot("t1-1")) == {"ann": "100", "cy": "100"}
    assert pending_stakes(r, 1000.0, 10) == [("t1", "t1-1", 6)]
    confirm_stakes(r, "t1", "t1-1", 4)  # not the pending one: nothing
    release_stakes(r, "t1", "t1-1", 4)
    assert r.hget(keys.POTS, "t1-1") == "200"
    confirm_stakes(r, "t1", "t1-1", 6)
    assert not reserve(r, "t1-1", ["ann", "cy"], 100, tag=9)  # the game is dealt
    release_stakes(r, "t1", "t1-1", 6)  # settled once: nothing
    assert r.hget(keys.POTS, "t1-1") == "200"
    reasons = [entry["reason"] for entry in journal_entries(r, "ann", 10)]
    assert reasons == ["stake", "refund", "stake", "opening"]


def test_when_anyone_is_short_nobody_pays(r):
    reserve(r, "t1-1", ["ann"], 700)
    before = (r.hgetall(keys.BALANCES), r.hgetall(keys.POTS), r.xlen(keys.JOURNAL))
    with pytest.raises(InsufficientFunds) as raised:
        reserve(r, "t1-2", ["bo", "ann", "cy"], 301)
    assert raised.value.players == ["ann"]
    assert str(raised.value) == "The game cannot start: ann cannot pay the stake of 301 Taler."
    assert (r.hgetall(keys.BALANCES), r.hgetall(keys.POTS), r.xlen(keys.JOURNAL)) == before
    assert not r.exists(keys.stakes_collected("t1-2"), keys.wallet_journal("bo"))
    with pytest.raises(InsufficientFunds, match="ann, bo and cy cannot pay the stake of 1001"):
        reserve(r, "t1-3", ["ann", "bo", "cy"], 1001)
    reserve(r, "t1-2", ["bo", "ann", "cy"], 300)  # the game may still start later
    assert balance(r, "ann") == 0


def test_a_stake_of_zero_is_no_stake(r):
    assert reserve(r, "t1-1", ["ann"], 0)
    assert r.dbsize() == 0


@pytest.mark.parametrize(
    ("game_id", "players", "stake"),
    [
        ("t1-1", ["ann", "ann"], 10),
        ("t1-1", [], 10),
        ("t1-1", ["a", "b", "c", "d", "e", "f", "g"], 10),
        ("t1-1", ["ann"], -5),
        ("t1-1", ["ann"], True),
        ("t1-1", ["ann"], 10**7),
        ("", ["ann"], 10),
        ("t1-1", [""], 10),
    ],
)
def test_bad_arguments_are_refused(r, game_id, players, stake):
    with pytest.raises(ValueError):
        reserve(r, game_id, players, stake)
    assert r.dbsize() == 0


def test_a_reservation_no_start_used_is_given_back_once(r):
    reserve(r, "t1-1", ["ann", "bo", "cy"], 50, tag=2)
    release_stakes(r, "t1", "t1-1", 2)
    assert [balance(r, p) for p in ("ann", "bo", "cy")] == [1000, 1000, 1000]
    assert not r.exists(keys.pot("t1-1"), keys.stakes_collected("t1-1"))
    assert r.hlen(keys.POTS) == 0 and pending_stakes(r, 1000.0, 10) == []
    assert journal_entries(r, "bo", 1)[0] | {"id": None, "at": None} == {
        "id": None,
        "at": None,
        "amount": 50,
        "balance": 1000,
        "reason": "refund",
        "game": "t1-1",
    }
    release_stakes(r, "t1", "t1-1", 2)
    confirm_stakes(r, "t1", "t1-1", 2)
    assert balance(r, "ann") == 1000 and not r.exists(keys.stakes_collected("t1-1"))
