"""The ledger service: leaderboards, wallets, stakes and pots."""

from __future__ import annotations

from shared.web import make_app


def create_app(config=None):
    return make_app("ledger", "Speedgamez ledger", [], config)
