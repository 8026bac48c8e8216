"""The engine contract every game module fulfils, and the small pieces all engines share.

A game module is pure: a game is a function of (settings, seats, seed, moves). State is a
plain dict of JSON types with at least ``"seats"`` (the number of seats), ``"rng"``,
``"turn"`` (the seat to move, None once the game is over) and ``"over"``, so
``json.dumps``/``json.loads`` is its lossless serialisation; every engine mutates it only
inside ``apply`` (after validating, so a refused move changes nothing). Randomness comes
from :class:`Rng`, whose whole state is one integer kept inside the game state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

# Who may see the cards of a snapshot zone (see Game.zone_visibility).
PUBLIC = "public"  # everyone, every card of the zone
OWNER = "owner"  # only the zone's owner seat sees its cards
TOP = "top"  # everyone sees the last card of the zone (the top), nobody the rest
HIDDEN = "hidden"  # nobody


class IllegalMove(Exception):
    """A move the rules do not allow; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class IllegalSettings(ValueError):
    """Settings a table may not be opened with. The message names the option; ``refused``
    lists every setting refused, each as ``{"setting": name, "reason": code, ...facts}``
    (reasons: "unknown"; "choice" with "choices"; "range" with "min" and "max";
    "four_seats"), for a client to put into its own words."""

    def __init__(self, message: str, *refused: dict[str, Any]):
        super().__init__(message)
        self.refused = list(refused)


def seats_refused(name: str, low: int, high: int, seats: object) -> IllegalSettings:
    """The refusal of a seat count outside ``low``–``high``."""
    return IllegalSettings(
        f"{name} takes {low}-{high} seats, not {seats!r}",
        {"setting": "seats", "reason": "range", "min": low, "max": high},
    )


@dataclass(frozen=True)
class Option:
    """One table option of a game: its name, the values it may take, and the house default."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    description: str = ""
    seats: tuple[int, ...] = ()  # the seat counts it is offered at; () for every count


@dataclass(frozen=True)
class Visibility:
    """Who may see a snapshot zone's cards: ``kind`` is PUBLIC/OWNER/TOP/HIDDEN;
    ``owner`` is the seat for OWNER zones."""

    kind: str
    owner: int | None = None


def settle(options: Sequence[Option], settings: dict[str, Any] | None) -> dict[str, Any]:
    """Return complete settings: defaults filled in, every value checked against its choices."""
    settings = dict(settings or {})
    known = {option.name for option in options}
    unknown = sorted(set(settings) - known)
    messages = [f"unknown option(s): {', '.join(unknown)}"] if unknown else []
    refused = [{"setting": name, "reason": "unknown"} for name in unknown]
    settled = {}
    for option in options:
        value = settings.get(option.name, option.default)
        # bool is an int in Python: compare types too, so True does not pass for 1.
        if not any(type(value) is type(c) and value == c for c in option.choices):
            choices = ", ".join(repr(c) for c in option.choices)
            messages.append(f"{option.name} must be one of {choices}, not {value!r}")
            refused.append({"setting": option.name, "reason": "choice",
                            "choices": list(option.choices)})  # fmt: skip
        settled[option.name] = value
    if refused:
        raise IllegalSettings("; ".join(messages), *refused)
    return settled


def redact_event(event: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it (``None``: a spectator).

    Engines put what only some seats may see under ``"private": {"<seat>": {...}}``; those
    fields are merged in for their seat alone and dropped for everyone else (default deny).
    """
    private = event.get("private")
    if private is None:
        return event
    public = {key: value for key, value in event.items() if key != "private"}
    if seat is not None and str(seat) in private:
        public.update(private[str(seat)])
    return public


class Rng:
    """A small, fast, seeded generator (SplitMix64) whose state is one JSON-able integer.

    Engines keep ``rng.state`` in their game state, so a game replays exactly from its seed.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, state: int):
        self.state = state & self._MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_state(seed: int | str) -> int:
    """Turn a table's seed (int or string) into an Rng state, stably across processes."""
    if isinstance(seed, int):
        return seed & Rng._MASK
    value = 0xCBF29CE484222325  # FNV-1a, 64 bit
    for byte in str(seed).encode():
        value = ((value ^ byte) * 0x100000001B3) & Rng._MASK
    return value


def leavers_last(places: list[int], left: Sequence[int]) -> list[int]:
    """Places with every seat in ``left`` (in the order they left) after every seat that
    stayed (DECISIONS.md "All games" §8): those who stayed keep their order among themselves
    (equal places stay shared, the next place skipping as many), then the leavers, the later
    leaver placed higher, each on a place of their own."""
    stayed = [seat for seat in range(len(places)) if seat not in left]
    placed = [0] * len(places)
    for seat in stayed:
        placed[seat] = 1 + sum(places[other] < places[seat] for other in stayed)
    for behind, seat in enumerate(reversed(left)):
        placed[seat] = len(stayed) + 1 + behind
    return placed


def upgrade_state(state: State, added_later: Mapping[str, Callable[[State], Any]]) -> State:
    """``state`` with every key of ``added_later`` it lacks (a state dealt before its engine
    kept that key) set to what the key's function makes of the state; a state that has them
    all is left as it is."""
    for key, made in added_later.items():
        if key not in state:
            state[key] = made(state)
    return state


def record_leaver(state: State, seat: int) -> None:
    """Note that ``seat`` left (once, in order): the engine's result places the seat last,
    while a computer plays it on."""
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        raise IllegalMove(f"there is no seat {seat!r}")
    left = state["left"]
    if seat not in left:
        left.append(seat)


def count_tokens(zones: dict[str, Iterable[str]]) -> dict[str, int]:
    """The multiset of card tokens over all zones of a snapshot."""
    counts: dict[str, int] = {}
    for cards in zones.values():
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
    return counts


class Game(Protocol):
    """The surface of a game module (``shared/games/<name>.py``), as DESIGN.md lays it out.

    Seats are numbered 0 … seats-1 inside engines; the services show them from 1.
    """

    NAME: str
    TITLE: str  # the game's name as players read it
    ORDER: int  # where the game stands in the house's lists (the lobby, the balance)
    MIN_SEATS: int
    MAX_SEATS: int
    OPTIONS: tuple[Option, ...]
    DECK: tuple[str, ...]  # every physical card once, as snapshot tokens
    MAX_MOVES: int  # no game takes more moves, whatever the players do: every game ends
    # the state keys an older house did not keep, each with what ``upgrade`` sets it to
    ADDED_LATER: Mapping[str, Callable[[State], Any]]
    COMPUTER_ONLY_FROM: int | None  # seats from this one (0-based) are always a computer's
    CLOCK_FINISHES_TURN: bool  # a clock that runs out has the computer finish the whole turn

    def new(
        self, settings: dict[str, Any], seats: int, seed: int | str, first: int | None = None
    ) -> State:
        """Deal a game. ``first``: the seat that begins (None: drawn by lot from the seed)."""

    def upgrade(self, state: State) -> State:
        """A stored state brought up to what this engine deals now (every key of
        ADDED_LATER present, every key under the name it has now), in place; a state that is
        up to date stays as it is. Applied wherever a table document is read
        (shared.store.parse_doc), so that no other function of the engine needs to know
        older states."""

    def to_move(self, state: State) -> int | None:
        """The seat whose decision it is; None once the game is over."""

    def legal_moves(self, state: State, seat: int | None) -> list[Move]:
        """Every legal move of ``seat``; empty when it is not that seat's decision (always
        for None, a spectator, and once the game is over)."""

    def apply(self, state: State, seat: int | None, move: Move) -> list[Event]:
        """Validate and apply one move; raise IllegalMove and change nothing if not legal
        (also for None and on a finished game)."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator)."""

    def previews(self, state: State, seat: int | None, legal: list[Move]) -> Any:
        """What the seat's plays would do, for the client to show before it plays (so that
        it keeps no copy of the rules); None in games without previews, and whenever
        ``seat`` is not the one to play. ``legal`` is ``legal_moves(state, seat)``."""

    def snapshot(self, state: State) -> dict[str, Any]:
        """The full state: ``{"zones": {name: [token, ...]}, ...}`` plus every rule fact."""

    def zone_visibility(self, zone: str) -> Visibility:
        """Who may see the cards of the named snapshot zone."""

    def result(self, state: State) -> dict[str, Any] | None:
        """Once over: ``{"places": [place per seat, 1 = best, shared places equal], ...}``."""

    def leave(self, state: State, seat: int) -> list[Event] | None:
        """A player leaves for good; every engine notes who left, and in what order, so that
        ``result`` places them after everyone who stayed (DECISIONS.md "All games" §8). Games
        whose rules drop the player change the play too and return events; games that keep
        the seat (a computer plays it on) change nothing else and return None."""
