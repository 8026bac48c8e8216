"""Stakes: all or nothing, once per game, every movement journaled; refunds of abandoned
games."""

import pytest
import redis

from shared import keys
from shared.wallets import (
    START_BALANCE,
    InsufficientFunds,
    balance,
    collect_stakes,
    journal_entries,
    refund_pot,
)


@pytest.fixture
def r(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def test_a_new_wallet_reads_as_the_starting_amount(r):
    assert balance(r, "nobody") == START_BALANCE == 1000
    assert not r.exists(keys.BALANCES)


def test_stakes_move_into_the_pot_with_journal_entries(r):
    collect_stakes(r, "t1-1", ["ann", "bo"], 120)
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


def test_a_second_call_for_the_same_game_does_nothing(r):
    collect_stakes(r, "t1-1", ["ann", "bo"], 100)
    collect_stakes(r, "t1-1", ["ann", "bo"], 100)
    collect_stakes(r, "t1-1", ["ann", "cy"], 300)
    assert (balance(r, "ann"), balance(r, "cy")) == (900, 1000)
    assert r.hget(keys.POTS, "t1-1") == "200"
    assert r.xlen(keys.wallet_journal("ann")) == 2


def test_when_anyone_is_short_nobody_pays(r):
    collect_stakes(r, "t1-1", ["ann"], 700)
    before = (r.hgetall(keys.BALANCES), r.hgetall(keys.POTS), r.xlen(keys.JOURNAL))
    with pytest.raises(InsufficientFunds) as raised:
        collect_stakes(r, "t1-2", ["bo", "ann", "cy"], 301)
    assert raised.value.players == ["ann"]
    assert str(raised.value) == "The game cannot start: ann cannot pay the stake of 301 Taler."
    assert (r.hgetall(keys.BALANCES), r.hgetall(keys.POTS), r.xlen(keys.JOURNAL)) == before
    assert not r.exists(keys.stakes_collected("t1-2"), keys.wallet_journal("bo"))
    with pytest.raises(InsufficientFunds, match="ann, bo and cy cannot pay the stake of 1001"):
        collect_stakes(r, "t1-3", ["ann", "bo", "cy"], 1001)
    collect_stakes(r, "t1-2", ["bo", "ann", "cy"], 300)  # the game may still start later
    assert balance(r, "ann") == 0


def test_a_stake_of_zero_is_no_stake(r):
    collect_stakes(r, "t1-1", ["ann"], 0)
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
        collect_stakes(r, game_id, players, stake)
    assert r.dbsize() == 0


def test_an_abandoned_game_refunds_every_stake_once(r):
    collect_stakes(r, "t1-1", ["ann", "bo", "cy"], 50)
    assert refund_pot(r, "t1-1") == 150
    assert [balance(r, p) for p in ("ann", "bo", "cy")] == [1000, 1000, 1000]
    assert not r.exists(keys.pot("t1-1")) and r.hlen(keys.POTS) == 0
    assert journal_entries(r, "bo", 1)[0] | {"id": None, "at": None} == {
        "id": None,
        "at": None,
        "amount": 50,
        "balance": 1000,
        "reason": "refund",
        "game": "t1-1",
    }
    assert refund_pot(r, "t1-1") == 0
    collect_stakes(r, "t1-1", ["ann", "bo", "cy"], 50)  # the game's stakes were taken once
    assert balance(r, "ann") == 1000
