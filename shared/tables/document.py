"""The table document's shape: what shared/tables/table.py writes and every reader of a table
reads (checked by mypy in ``make lint`` where it is named: [tool.mypy] in pyproject.toml)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Seat(TypedDict):
    kind: str  # "human", "computer" or "empty"
    player: str | None  # a human's player id
    name: str | None
    strength: str | None  # a computer's
    left: NotRequired[bool]  # a human who left the running game (a computer plays on)
    back: NotRequired[bool]  # back for the next game (while the table is over)


class Waiting(TypedDict):
    player: str
    name: str


class Settings(TypedDict):
    clock: int  # seconds per decision (0: none)
    tempo: str  # the computers' pace
    stakes: int  # Taler per player and game (0: none)
    fill: str  # what empty seats become at the start: "computer" or "empty"
    strength: str  # of the computers that fill seats
    solo: bool
    humans_only: bool


class Game(TypedDict):
    """The table's current (or last) game."""

    no: int
    id: str  # "<table id>-<no>": what the ledger books it under
    seed: int | str
    first: int
    state: dict[str, Any]  # the engine's (shared.games.base.State)
    moves: int  # decisions made so far
    started_at: float
    ended_at: float | None
    deadline: float | None  # a human's decision is due (clock + grace), or a takeover's
    bot_due: float | None  # a computer's decision is due
    turbo: bool
    takeover: int | None  # the seat whose turn the clock's computer finishes
    result: dict[str, Any] | None
    players: list[Seat]  # who sat where when it was dealt
    guide: NotRequired[dict[str, Any]]  # the first game's guide holds the clock (guide.py)


class Table(TypedDict):
    id: str
    game: str  # the engine's name
    options: dict[str, Any]  # the game's options
    settings: Settings
    opener: str  # a player id
    status: str  # open, playing, over or closed
    seats: list[Seat]
    waiting: list[Waiting]
    games_played: int
    last_first: int | None
    current: Game | None
    held_until: float | None  # the rematch hold
    created_at: float
    version: NotRequired[int]  # as read (not stored inside the document)
