"""Which table states call for a move of a bot, and which move (no I/O here: both clients'
``play_game`` ask it).

A bot is any function ``choose(view, legal) -> move``: the engine's view for its seat and the
moves it may make now (docs/rules/), answering one of them.
"""

from __future__ import annotations

from collections.abc import Callable

from speedgamez_client.models import Table

Choose = Callable[[dict, list[dict]], dict]


class Turns:
    """Decides once per table version, and never on a state older than one already seen (a
    stream that resumed after a drop may bring one)."""

    def __init__(self, choose: Choose):
        self.choose = choose
        self.seen = -1  # the newest version seen
        self.decided = -1  # the version of the last decision
        self.table: Table | None = None  # the newest table seen

    def move_for(self, table: Table | None) -> dict | None:
        """The move to make on ``table``, or None (not the bot's turn, or an old state)."""
        if table is None or table.version < self.seen:
            return None
        self.seen, self.table = table.version, table
        if not table.my_turn or table.version <= self.decided:
            return None
        self.decided = table.version
        return self.choose(table.current.view, table.current.legal)

    @property
    def over(self) -> bool:
        """The game the bot played has ended (or its table closed)."""
        return self.table is not None and self.table.finished
