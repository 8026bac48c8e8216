"""The seat's side of the site as a small value: what it holds and how high the towers stand.

Cards are ints: 1 … 12 for the floors, 0 for a crane. A position is only what the seat's view
shows — its own hand, its storage piles, its open stock card and the towers — so a plan built
on it never relies on a card the seat could not see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from shared.games.speedtower import DECK

CRANE = 0
TOP_FLOOR = 12
HAND_SIZE = 5
TOWERS = ("A", "B", "C", "D")


def card(token: str) -> int:
    # "CRANE" is a card of the game, not a password
    return CRANE if token == "CRANE" else int(token)  # nosec B105


_DECK = Counter(card(token) for token in DECK)


def hidden(view: dict) -> dict[int, float]:
    """The chance of each card to be the next one a seat cannot see: the deck less every card
    in sight (own hand, all storage, the towers, the open stock cards)."""
    left = Counter(_DECK)
    seen = list(view["hand"]) + [token for token in view["stock_tops"] if token is not None]
    seen += [token for piles in view["storage"] for pile in piles for token in pile]
    seen += [token for tower in view["towers"] for token in tower["cards"]]
    left.subtract(card(token) for token in seen)
    total = sum(left.values())
    return {value: count / total for value, count in left.items() if count > 0}


class Position(NamedTuple):
    hand: tuple[int, ...]  # sorted, cranes first
    piles: tuple[tuple[int, ...], ...]  # the four storage piles, bottom → top
    towers: tuple[int, ...]  # the height of towers A–D
    stock: int | None  # the open stock card; None once built (the next one is not known yet)

    @classmethod
    def of(cls, view: dict) -> Position:
        seat, top = view["seat"], view["stock_tops"][view["seat"]]
        return cls(
            hand=tuple(sorted(card(token) for token in view["hand"])),
            piles=tuple(tuple(card(token) for token in pile) for pile in view["storage"][seat]),
            towers=tuple(len(tower["cards"]) for tower in view["towers"]),
            stock=None if top is None else card(top),
        )

    def cranes(self) -> int:
        return self.hand.count(CRANE) + sum(pile.count(CRANE) for pile in self.piles)

    def builds(self, crane_towers: list[int]) -> Iterator[tuple[tuple, Position]]:
        """Every distinct build worth trying and the position after it. A step is ("hand",
        card, tower), ("storage", pile, tower) or ("stock", None, tower). Of towers with equal
        heights only the first is tried, of equal hand cards only one, and a crane only on
        ``crane_towers`` (where it may help the open stock card on) while the hand holds a
        card to end the turn with."""
        hand, piles, towers, stock = self
        wanted: dict[int, int] = {}  # floor → the first tower that needs it
        for t, height in enumerate(towers):
            wanted.setdefault(height + 1, t)
        # With an empty hand the seat must build while anything fits: then cranes go anywhere.
        cranes = crane_towers if hand else list(wanted.values())
        for i, value in enumerate(hand):
            if i and hand[i - 1] == value:
                continue
            kept = hand[:i] + hand[i + 1 :]
            for t in cranes if value == CRANE else _fitting(wanted, value):
                yield ("hand", value, t), Position(kept, piles, _raised(towers, t), stock)
        for k, pile in enumerate(piles):
            if pile:
                rest = piles[:k] + (pile[:-1],) + piles[k + 1 :]
                for t in cranes if pile[-1] == CRANE else _fitting(wanted, pile[-1]):
                    yield ("storage", k, t), Position(hand, rest, _raised(towers, t), stock)
        if stock is not None:
            for t in wanted.values() if stock == CRANE else _fitting(wanted, stock):
                yield ("stock", None, t), Position(hand, piles, _raised(towers, t), None)

    def tops(self) -> list[int]:
        return [pile[-1] for pile in self.piles if pile]

    def reserve(self) -> tuple[int, ...]:
        """The storage cards a chain can reach: each pile's top and, below it, the cards one
        floor higher (or the same) in a row — a tidy pile builds off one after another."""
        reach = []
        for pile in self.piles:
            if pile:
                reach.append(pile[-1])
            for below, above in zip(reversed(pile[:-1]), reversed(pile[1:]), strict=True):
                if CRANE in (below, above) or below - above not in (0, 1):
                    break
                reach.append(below)
        return tuple(reach)

    def crane_towers(self) -> list[int]:
        """The towers a crane may go on: below the open stock card, and only where what the
        seat holds (cranes counted) could fill every floor up to it — cranes are saved for
        stock cards."""
        target, tops = self.stock, self.tops()
        cranes = self.hand.count(CRANE) + tops.count(CRANE)
        if not cranes or target is None or target == CRANE:
            return []
        have = set(self.hand) | set(tops)
        towers = {}
        for t, height in enumerate(self.towers):
            lacking = sum(floor not in have for floor in range(height + 1, target))
            if height < target and height not in towers and lacking <= cranes:
                towers[height] = t
        return list(towers.values())


def _fitting(wanted: dict[int, int], value: int) -> tuple[int, ...]:
    tower = wanted.get(value)
    return () if tower is None else (tower,)


def _raised(towers: tuple[int, ...], t: int) -> tuple[int, ...]:
    """The towers after a card on tower ``t`` (the twelfth floor clears it)."""
    height = towers[t] + 1
    return towers[:t] + (0 if height == TOP_FLOOR else height,) + towers[t + 1 :]
