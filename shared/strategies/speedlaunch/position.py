"""The position as the seat sees it (read from its view), and what a move would put down."""

from __future__ import annotations

from dataclasses import dataclass

from shared.games.speedlaunch.cards import AST, COUNTDOWN, HOLE, SAT, STACKS, VALUE

FOUR = 4
STANDING_UNDER = 2  # face_down of a stack whose standing card lies under the open card


@dataclass(frozen=True)
class Position:
    seat: int
    seats: int
    hand: dict[str, int]
    opens: list[str | None]
    face_down: list[int]
    top: int | None
    lamps: int
    ramp: list[str]
    players: list[dict]  # per seat "cards", "hand", "open", "face_down", as in the view

    @classmethod
    def of(cls, view: dict) -> Position:
        seat = view["seat"]
        me = view["players"][seat]
        return cls(
            seat=seat,
            seats=len(view["players"]),
            hand=dict(view["hand"]),
            opens=list(me["open"]),
            face_down=list(me["face_down"]),
            top=view["top"],
            lamps=view["lamps"],
            ramp=[entry["card"] for entry in view["ramp"]],
            players=view["players"],
        )

    @property
    def cards(self) -> int:
        return self.players[self.seat]["cards"]

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.seats

    def holdings(self) -> dict[str, int]:
        """Hand and open stack cards by kind: everything playable without a blind card."""
        held = dict(self.hand)
        for card in self.opens:
            if card is not None:
                held[card] = held.get(card, 0) + 1
        return held

    def blind_stacks(self) -> list[int]:
        return [k for k in range(STACKS) if self.opens[k] is None and self.face_down[k] == 1]

    def opponents(self) -> list[int]:
        return [other for other in range(self.seats) if other != self.seat]


@dataclass(frozen=True)
class Play:
    """A play move read: its cards, the value they carry (None: none), a special, the stacks
    whose standing card turns up, and the lamps on top right after it (before followers)."""

    cards: list[str]
    value: int | None
    special: str | None
    uncovered: int
    lamps: int

    @classmethod
    def of(cls, position: Position, move: dict) -> Play:
        stacks = move.get("stacks", [])
        cards = move.get("hand", []) + [position.opens[k] for k in stacks]
        uncovered = sum(position.face_down[k] == STANDING_UNDER for k in stacks)
        if cards[0] in (AST, HOLE):
            return cls(cards, None, cards[0], uncovered, 0)
        values = [VALUE[card] for card in cards if card != SAT]
        value = values[0] if values else position.top
        if value is None:
            return cls(cards, None, None, uncovered, 0)
        on_top = position.lamps if value == position.top else 0
        return cls(cards, value, None, uncovered, on_top + len(cards))

    @property
    def ignites(self) -> bool:
        return self.lamps == FOUR


def fitting(top: int | None) -> tuple[str, ...]:
    """The kinds a player may put on this top (the four-limit always leaves room for one)."""
    if top is None:
        return (*COUNTDOWN, SAT, AST, HOLE)
    return (*COUNTDOWN[:top], SAT, AST, HOLE)
