"""The build plan of a turn: a search over every chain of builds from hand, storage and stock,
each chain scored by where it leaves the seat.

A stock card built is worth most; after it the search goes on without a stock card (the next
one is not known until it turns up, and the seat plans again then). A build that empties the
hand ends the chain too: five unknown cards follow. Otherwise a chain ends with the best store.
"""

from __future__ import annotations

import math

from shared.strategies.speedtower.odds import reach
from shared.strategies.speedtower.position import CRANE, HAND_SIZE, TOP_FLOOR, Position
from shared.strategies.speedtower.storage import best_store

STOCK = 100.0  # a stock card built
STEP = 0.01  # the shorter of two equal plans
BUDGET = 600  # positions searched per decision


class Planner:
    """How normal plans: chains to the stock card first, cranes saved, storage and hand
    cleared where cards fit, the nearer its stock card stays to a tower the better, and no
    tower left where the opponents' open stock cards go on (``risk``: per opponent, by
    height; see ``setups.risks``)."""

    STOCK_BUILT = STOCK  # a stock card built in the plan
    REDRAW = 18.0  # five fresh cards in the middle of the turn
    CRANE_KEPT = 22.0  # a crane still in hand or storage
    HAND_CARD = 1.0  # a card still in hand (building it off brings the redraw nearer)
    STORED_CARD = 0.5  # a card still in storage (little: storage serves later chains)
    SHORTFALL = 6.0  # per card missing for the next chain to the own stock card

    def __init__(self, risk: tuple[tuple[float, ...], ...] = ()) -> None:
        self.memo: dict = {}
        self.searched = 0
        self.risk = risk

    def best(self, position: Position) -> tuple[float, tuple | None]:
        """The value of the best plan from ``position`` and its first build (None: store, or
        pass with an empty hand — allowed only when nothing fits, so then a build is a must)."""
        key = (
            position.hand,
            tuple(map(len, position.piles)),
            tuple(sorted(position.towers)),
            position.stock is None,
        )
        if key in self.memo:
            return self.memo[key]
        best_value, best_step = self.stop(position) if position.hand else -math.inf, None
        self.searched += 1
        if self.searched < BUDGET:
            for step, after in position.builds(self.crane_towers(position)):
                if step[0] == "stock":
                    value = self.STOCK_BUILT + self.best(after)[0]
                elif step[0] == "hand" and not after.hand:
                    value = self.holdings(after) + self.redraw(after)
                else:
                    value = self.best(after)[0]
                if value - STEP > best_value:
                    best_value, best_step = value - STEP, step
        if best_value == -math.inf:
            best_value = self.holdings(position) + self.outlook(position, to_store=0)
        self.memo[key] = best_value, best_step
        return best_value, best_step

    def crane_towers(self, position: Position) -> list[int]:
        """The towers a crane is tried on: below the open stock card, where the cards on top
        (cranes counted) could fill every floor up to it."""
        return position.crane_towers()

    def stop(self, position: Position) -> float:
        """Building no more: what the seat holds, its outlook and the best store."""
        return self.holdings(position) + self.outlook(position) + best_store(position)[0]

    def store(self, position: Position) -> tuple[int, int]:
        """The card to store and the pile for it."""
        return best_store(position)[1]

    def holdings(self, position: Position) -> float:
        """What the cards the seat keeps are worth, cranes above all."""
        return (
            self.CRANE_KEPT * position.cranes()
            - self.HAND_CARD * len(position.hand)
            - self.STORED_CARD * sum(map(len, position.piles))
        )

    def outlook(self, position: Position, to_store: int = 1) -> float:
        """What the towers as they stand promise the seat at its next turn (``to_store``: the
        cards of the hand still to be stored before then)."""
        return -self.SHORTFALL * shortfall(position) - self.gifts(position)

    def gifts(self, position: Position) -> float:
        """What the towers are expected to hand the opponents."""
        return sum(max(table[height] for height in position.towers) for table in self.risk)

    def redraw(self, position: Position) -> float:
        """What five fresh cards are worth now, the hand just emptied."""
        return self.REDRAW + self.outlook(position, to_store=0)


class Foresight(Planner):
    """How stark plans: as normal, but its own stock card comes first, cranes are tried
    wherever they bring it on (going round past the twelfth floor too), and it weighs
    chances — that fresh cards bring the stock card on (now after a redraw, or next turn
    after the refill, on the towers as they stand or on towers of any height), that the
    stock card still hidden fits at once (``hidden``: the chance of each card, from what is
    not in sight) — and what each tower's height hands the next players (``risk``: per
    opponent, by height)."""

    STOCK_BUILT = 4 * STOCK  # its own stock card before set-ups (but for a player far ahead)
    STORED_CARD = 0.0  # storage is kept for chains: a build that serves nothing helps others
    NEXT_TURN = 0.3  # how much of the towers is still standing as they are at the next turn
    ANY_TOWERS = 0.3  # how much the next turn is towers of any height (the others built)

    def __init__(self, risk: tuple[tuple[float, ...], ...], hidden: dict[int, float]) -> None:
        super().__init__(risk)
        self.hidden = hidden

    def crane_towers(self, position: Position) -> list[int]:
        """The towers a crane is tried on: any from which the cards the seat can reach
        (cranes counted, storage below the tops included) could fill every floor up to the
        open stock card, going round past the twelfth floor if need be."""
        target = position.stock
        held = position.hand + position.reserve()
        cranes = held.count(CRANE)
        if not cranes or target is None or target == CRANE:
            return []
        have = _mask(held)
        paths = _PATHS[target]
        towers: dict[int, int] = {}
        for t, height in enumerate(position.towers):
            if height not in towers and (paths[height] & ~have).bit_count() <= cranes:
                towers[height] = t
        return list(towers.values())

    def outlook(self, position: Position, to_store: int = 1) -> float:
        fresh = HAND_SIZE - len(position.hand) + to_store
        if position.stock is not None:
            value = self.NEXT_TURN * STOCK * reach(fresh, shortfall(position))
            value += self.ANY_TOWERS * STOCK * anywhere(position, fresh)
        else:  # a stock card was just built: the next one turns up now
            value = 0.0
            lackings = shortfalls(position, self.hidden)
            for chance, lacking in zip(self.hidden.values(), lackings, strict=True):
                if lacking == 0:
                    value += chance * STOCK
                else:
                    value += chance * self.NEXT_TURN * STOCK * reach(fresh, lacking)
        return value - self.gifts(position)

    def redraw(self, position: Position) -> float:
        return STOCK * reach(HAND_SIZE, shortfall(position)) - self.gifts(position)


def shortfall(position: Position) -> int:
    """How many cards the seat lacks (cranes filling in) to bring its open stock card onto
    the nearest tower with what it holds now. A stock card not yet turned up is taken to
    lack one."""
    return 1 if position.stock is None else shortfalls(position, (position.stock,))[0]


def shortfalls(position: Position, targets) -> list[int]:
    """``shortfall`` for each of the stock cards ``targets``, as if it were the open one."""
    held = position.hand + position.reserve()
    have = _mask(held)
    cranes = held.count(CRANE)
    lacking = []
    for target in targets:
        if target == CRANE:
            lacking.append(0)
        else:
            paths = _PATHS[target]
            fewest = min((paths[height] & ~have).bit_count() for height in position.towers)
            lacking.append(max(0, fewest - cranes))
    return lacking


def anywhere(position: Position, fresh: int) -> float:
    """The chance that ``fresh`` unseen cards, with what the seat holds, bring its open stock
    card on when the towers stand at heights nobody can foresee (each height as likely, the
    towers taken one by one). Holding the floors just below the stock card pays most."""
    target = position.stock
    if target is None:  # no open stock card left to bring on
        return 0.0
    if target == CRANE:
        return 1.0
    held = position.hand + position.reserve()
    have = _mask(held)
    cranes = held.count(CRANE)
    missing = ((path & ~have).bit_count() - cranes for path in _PATHS[target])
    one = sum((reach(fresh, max(0, floors)) for floors in missing), 0.0)
    return 1.0 - (1.0 - one / TOP_FLOOR) ** len(position.towers)


def _mask(cards: tuple[int, ...]) -> int:
    """The floors among ``cards`` as a bit mask."""
    mask = 0
    for value in cards:
        mask |= 1 << value
    return mask


def _path(height: int, target: int) -> int:
    """The floors a tower of ``height`` needs before ``target`` fits (round past 12 if need
    be), as a bit mask."""
    if height < target:
        floors = [*range(height + 1, target)]
    else:
        floors = [*range(height + 1, TOP_FLOOR + 1), *range(1, target)]
    return sum(1 << floor for floor in set(floors))


_PATHS = [[_path(height, target) for height in range(TOP_FLOOR)] for target in range(TOP_FLOOR + 1)]
