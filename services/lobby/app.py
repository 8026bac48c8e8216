"""The lobby service: accounts, presence, invitations, and opening and seating tables."""

from __future__ import annotations

from services.lobby.accounts import blp as accounts
from services.lobby.games import blp as games
from services.lobby.invitations import blp as invitations
from services.lobby.presence import blp as presence
from services.lobby.quickplay import blp as quickplay
from services.lobby.tables import blp as tables
from shared.web import make_app


def create_app(config=None):
    blueprints = [accounts, presence, invitations, games, tables, quickplay]
    return make_app("lobby", "Speedgamez lobby", blueprints, config)
