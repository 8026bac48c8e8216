"""The hub's ticker wakes a stream only after a heartbeat without news
(services/table/hub.py Subscription.beat): a stream that hears of moves is sent no comment,
and an idle one once a heartbeat."""

from __future__ import annotations

import time
import types

from services.table import hub as hub_module
from services.table.hub import Batch, Subscription


def test_a_stream_is_woken_only_after_a_heartbeat_without_news(monkeypatch):
    clock = types.SimpleNamespace(now=1000.0)
    # (sleep kept: a hub ticker an earlier test left running in this process reads it too)
    fake_time = types.SimpleNamespace(monotonic=lambda: clock.now, sleep=time.sleep)
    monkeypatch.setattr(hub_module, "time", fake_time)
    subscription = Subscription("t", heartbeat=15)
    woken = []

    def tick(at: float) -> None:
        clock.now = at
        subscription.beat(at)
        while not subscription.queue.empty():
            woken.append((at, subscription.queue.get_nowait()))

    for at in (1001, 1010, 1014.9):
        tick(at)
    assert woken == [], "opened less than a heartbeat ago"
    tick(1015)
    assert woken == [(1015, None)]
    clock.now = 1020
    subscription.offer(Batch([], None))  # news at 1020: the next beat is due at 1035
    tick(1021)
    assert [what for _, what in woken[1:]] == [Batch([], None)]
    for at in (1025, 1030, 1034):
        tick(at)
    assert len(woken) == 2, "news kept it alive"
    for at in (1035, 1036, 1049, 1050):
        tick(at)
    assert woken[2:] == [(1035, None), (1050, None)], "idle: one comment a heartbeat"
