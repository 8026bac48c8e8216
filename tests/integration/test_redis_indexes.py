"""The bucketed indexes (due work, presence): a write goes to one of 16 buckets with their
own hash tags, a reader reads them all and merges — on one Redis and on a cluster alike."""

from __future__ import annotations

from shared import keys, presence, store


def test_the_due_index_is_read_across_its_buckets_most_overdue_first(any_redis):
    r = any_redis.client()
    tables = [f"t{number:03d}" for number in range(60)]
    for number, table_id in enumerate(tables):
        store.mark_due(r, table_id, 1000.0 + number)
    assert len({keys.due_tables_of(t) for t in tables}) > 8  # spread over the buckets
    assert store.due_tables(r, 1009.0, 100) == tables[:10]
    assert store.due_tables(r, 2000.0, 5) == tables[:5]
    assert store.due_at(r, "t007") == 1007.0
    store.forget_due(r, tables[:3])
    store.mark_due(r, "t003", None)
    assert store.due_tables(r, 1009.0, 100) == tables[4:10]
    assert store.due_at(r, "t000") is None


def test_presence_is_read_across_its_buckets_newest_first(any_redis):
    r = any_redis.client()
    players = [f"p{number:03d}" for number in range(40)]
    for number, player_id in enumerate(players):
        presence.mark_online(r, player_id, 1000.0 + number, 60)
    seen, count = presence.seen_online(r, 1050.0, 60, 10)
    assert [player for player, _ in seen] == players[::-1][:10]
    assert count == 40
    seen, count = presence.seen_online(r, 1075.0, 60, 100)  # seen at 1015 or before: gone
    assert count == 24 and {player for player, _ in seen} == set(players[16:])
