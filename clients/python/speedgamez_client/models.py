"""Typed answers of the house (docs/api.md): plain dataclasses made from the JSON.

Fields the house adds later are not lost: every object keeps its whole JSON in ``raw``. A
game's ``view``, ``legal`` moves and ``result`` stay the engine's JSON (docs/rules/).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

PLAYING, OVER, CLOSED = "playing", "over", "closed"


def _nested(parse):
    return field(default=None, metadata={"parse": parse})


def many(cls):
    """Reads a JSON list of ``cls``."""
    return lambda items: [cls.from_json(item) for item in items]


class _Json:
    """``from_json``: each field from the key of its name (or its metadata's ``key``)."""

    @classmethod
    def from_json(cls, data: dict):
        values = {}
        for item in fields(cls):
            if item.name == "raw":
                continue
            value = data.get(item.metadata.get("key", item.name))
            parse = item.metadata.get("parse")
            values[item.name] = parse(value) if parse and value is not None else value
        return cls(**values, raw=data)


@dataclass
class Player(_Json):
    """Who a token names: ``{id, name, guest}``."""

    id: str = None
    name: str = None
    guest: bool = None
    raw: dict = field(default=None, repr=False)


@dataclass
class GameOption(_Json):
    """One of a game's table options: its ``choices``, the house ``default``, what it does,
    and the seat counts it is offered at (empty: every count)."""

    name: str = None
    choices: list = None
    default: Any = None
    description: str = None
    seats: list[int] = None
    raw: dict = field(default=None, repr=False)


@dataclass
class GameInfo(_Json):
    """A game the house offers, as its engine describes it (``GET /api/lobby/games``)."""

    name: str = None
    title: str = None
    min_seats: int = None
    max_seats: int = None
    computer_only_from: int | None = None  # seats from this one (0-based) are computers
    options: list[GameOption] = _nested(many(GameOption))
    raw: dict = field(default=None, repr=False)


@dataclass
class Seat(_Json):
    seat: int = None
    kind: str = None  # human, computer or empty
    name: str | None = None
    strength: str | None = None
    left: bool = None
    back: bool = None
    you: bool = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Game(_Json):
    """The running (or last) game of a table as the caller's seat sees it."""

    no: int = None
    first: int = None
    to_move: int | None = None
    turn: str = None
    moves: int = None
    clock_ends: float | None = None
    deadline: float | None = None
    turbo: bool = None
    guide_until: float | None = None  # while the first game's guide holds the clock
    started_at: float = None
    ended_at: float | None = None
    view: dict = None
    legal: list[dict] = None
    preview: dict | None = None
    result: dict | None = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Table(_Json):
    """A table as the caller may see it (the OpenAPI's ``TableSchema``)."""

    id: str = None
    game: str = None
    version: int = None
    status: str = None  # open, playing, over or closed
    options: dict = None
    settings: dict = None
    opener: str | None = None
    you_open: bool = None
    you: int | None = None
    seats: list[Seat] = _nested(many(Seat))
    waiting: list[str] = None
    held_until: float | None = None
    games_played: int = None
    server_time: float = None
    current: Game | None = _nested(Game.from_json)
    raw: dict = field(default=None, repr=False)

    @property
    def my_turn(self) -> bool:
        """It is the caller's decision now (and there are moves to choose from)."""
        current = self.current
        return (
            self.status == PLAYING
            and current is not None
            and self.you is not None
            and current.to_move == self.you
            and bool(current.legal)
        )

    @property
    def finished(self) -> bool:
        """The game ended (or the table closed): nothing more to play here."""
        return self.status in (OVER, CLOSED)

    @property
    def place(self) -> int | None:
        """The caller's place in the finished game (1: won, shared first places too)."""
        result = self.current and self.current.result
        if not result or self.you is None:
            return None
        return result["places"][self.you]


@dataclass
class Listing(_Json):
    """A line of the lobby's table lists: what anyone may join, or one's own tables."""

    id: str = None
    game: str = None
    status: str = None
    options: dict = None
    settings: dict = None
    seats: list[Seat] = _nested(many(Seat))
    free: int = None
    waiting: int = None
    raw: dict = field(default=None, repr=False)


@dataclass
class MoveResult(_Json):
    """The answer to a move: the version it made, its events cut to the caller's seat, and the
    table as the caller now sees it."""

    version: int = None
    events: list[dict] = None
    table: Table = _nested(Table.from_json)
    raw: dict = field(default=None, repr=False)


@dataclass
class Invitation(_Json):
    id: str = None
    sender: str = field(default=None, metadata={"key": "from"})
    to: str = None
    table: str = None
    game: str = None
    expires_at: float = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Accepted(_Json):
    """An accepted invitation: the table, and the seat (None: waiting for the next game)."""

    table: str = None
    seat: int | None = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Hint(_Json):
    move: dict = None
    turn: str = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Event:
    """One message of a table's event stream.

    ``kind`` is ``state`` (the whole table: a new stream, or one too far behind),
    ``update`` (one commit: ``version`` and its ``events``; ``table`` on the newest commit of
    a batch) or ``closed`` (the table is gone). ``id`` is the commit's stream id.
    """

    kind: str
    id: str | None
    version: int | None = None
    events: list[dict] = field(default_factory=list)
    table: Table | None = None
    data: Any = field(default=None, repr=False)

    @classmethod
    def from_message(cls, kind: str, event_id: str | None, data: Any) -> Event:
        if kind not in ("state", "update") or not isinstance(data, dict):
            return cls(kind, event_id, data=data)
        table = data.get("table")
        return cls(
            kind,
            event_id,
            data.get("version"),
            data.get("events") or [],
            Table.from_json(table) if table else None,
            data,
        )


@dataclass
class QuickPlay(_Json):
    """Where the caller's quick play stands: ``state`` is ``waiting``, ``matched`` (``table``
    names the started table) or ``idle``; while waiting, the rating it matches by, the seconds
    waited, the rating ``window`` either side accepted now and how many are ``waiting``."""

    state: str = None
    table: str | None = None
    game: str | None = None
    clock: int | None = None
    seats: int | None = None
    computers_after: int | None = None
    rating: int | None = None
    waited: float | None = None
    window: int | None = None
    waiting: int | None = None
    raw: dict = field(default=None, repr=False)


@dataclass
class Rating(_Json):
    """A player's rating in a game: the number shown, whether it is still ``provisional``
    (shown with "?") and the rated games behind it."""

    name: str | None = None
    rating: int = None
    provisional: bool = None
    games: int = None
    raw: dict = field(default=None, repr=False)
