"""A client for the Speedgamez house's REST + SSE API, sync (:class:`Client`) and asyncio
(:class:`AsyncClient`), and a runner for computer players written against it
(``python -m speedgamez_client.bot``).

    from speedgamez_client import Client

    with Client("http://127.0.0.1:8080") as client:
        client.guest("Robo")
        table = client.open_table("speedone", seats=2, solo=True, strength="stark")
        final = client.play_game(table, lambda view, legal: legal[0])
        print(final.place)

docs/bots-api.md in the house's repository has the whole story; every problem ``code`` of
the house is an exception class in :mod:`speedgamez_client.problems`.
"""

from speedgamez_client.aio import AsyncClient
from speedgamez_client.client import Client
from speedgamez_client.models import (
    Accepted,
    Event,
    Game,
    GameInfo,
    GameOption,
    Hint,
    Invitation,
    Listing,
    MoveResult,
    Player,
    QuickPlay,
    Rating,
    Seat,
    Table,
)
from speedgamez_client.problems import ProblemError

__all__ = [
    "Accepted",
    "AsyncClient",
    "Client",
    "Event",
    "Game",
    "GameInfo",
    "GameOption",
    "Hint",
    "Invitation",
    "Listing",
    "MoveResult",
    "Player",
    "ProblemError",
    "QuickPlay",
    "Rating",
    "Seat",
    "Table",
]
