"""The ledger service: leaderboards, wallets, stakes and pots.

The house mounts it at /api/ledger. Games are booked by the RQ job
services.ledger.bookings.book_game; this app only reads.
"""

from __future__ import annotations

from services.ledger import balance, leaderboard, players, rating_routes
from shared.web import make_app


def create_app(config=None):
    blueprints = [leaderboard.blp, balance.blp, players.blp, rating_routes.blp]
    return make_app("ledger", "Speedgamez ledger", blueprints, config)
