"""What hidden cards are likely to be: drawn from a pool of unseen cards by kind.

normal reckons with the whole deck (``Odds.prior``); stark with the card count of its view,
the cards it cannot see (``Odds.counted``): burned and face-up cards are gone from the pool,
and so are the cards each opponent was seen to take into its hand ("known" in the view), for
they lie in that hand. Whether a player can answer is still reckoned as if its whole hand were
drawn from that pool: taking its known cards as certain answers made stark weaker (see
docs/bots/speedlaunch.md); the worlds of the look-ahead deal them to it instead. stark also
reckons its opponents cautious: stuck, a player takes the ramp rather than risk its blind card
while it has other cards (as the play-outs' ``cautious`` hand does).
"""

from __future__ import annotations

from math import comb
from typing import Any

from shared.games.speedlaunch.cards import COUNTDOWN, SAT, TOTAL
from shared.strategies.speedlaunch.position import FOUR, fitting
from shared.strategies.speedlaunch.world import unplaced

MEMO = 100_000  # answers remembered (the whole deck's odds are shared by every decision)


class Odds:
    def __init__(self, pool: dict[str, int], cautious: bool = False):
        self.pool = pool
        self.size = sum(pool.values())
        self.cautious = cautious  # a stuck player risks its blind card only with nothing else
        self.memo: dict[tuple, Any] = {}  # a float, or answer's (float, float)

    @classmethod
    def prior(cls) -> Odds:
        return PRIOR

    @classmethod
    def counted(cls, view: dict) -> Odds:
        return cls(unplaced(view), cautious=True)

    def count(self, kinds) -> int:
        return sum(self.pool.get(kind, 0) for kind in kinds)

    def chance(self, kinds) -> float:
        """That one hidden card is of one of ``kinds``."""
        return self.count(kinds) / self.size if self.size else 0.0

    def answer(self, player: dict, top: int, lamps: int) -> tuple[float, float]:
        """The chances that ``player`` (as a view shows them) is stuck on ``top`` with
        ``lamps`` — nothing of theirs fits — and that they ignite it."""
        key = ("answer", top, lamps, player["hand"], *player["open"], *player["face_down"])
        if key not in self.memo:
            self._remember(key, self._answer(player, top, lamps))
        return self.memo[key]

    def undercut(self, player: dict, top: int, low: int) -> float:
        """The chance that ``player`` can answer ``top`` with a countdown card below ``low``."""
        key = ("undercut", top, low, player["hand"], *player["open"])
        if key not in self.memo:
            below = COUNTDOWN[: max(0, min(low - 1, top))]
            if not below:
                chance = 0.0
            elif any(card in below for card in player["open"]):
                chance = 1.0
            else:
                chance = self.at_least(below, player["hand"], 1)
            self._remember(key, chance)
        return self.memo[key]

    def at_least(self, kinds: tuple[str, ...], draws: int, wanted: int) -> float:
        """That ``draws`` hidden cards hold at least ``wanted`` of ``kinds``."""
        key = (kinds, draws, wanted)
        if key not in self.memo:
            self._remember(key, self._at_least(kinds, draws, wanted))
        return self.memo[key]

    def _remember(self, key: tuple, value) -> None:
        if len(self.memo) >= MEMO:
            self.memo.clear()
        self.memo[key] = value

    def _answer(self, player: dict, top: int, lamps: int) -> tuple[float, float]:
        fits = fitting(top)
        opens = [card for card in player["open"] if card is not None]
        stuck = 0.0
        if not any(card in fits for card in opens):
            stuck = 1.0 - self.at_least(fits, player["hand"], 1)
            blinds = zip(player["open"], player["face_down"], strict=True)
            risks = not self.cautious or not (player["hand"] or opens)
            if risks and any(card is None and down == 1 for card, down in blinds):
                stuck *= 1.0 - self.chance(fits)  # they may risk a blind card instead
        igniters = (str(top), SAT)
        missing = FOUR - lamps - sum(card in igniters for card in opens)
        return stuck, min(self.at_least(igniters, player["hand"], missing), 1.0 - stuck)

    def _at_least(self, kinds: tuple[str, ...], draws: int, wanted: int) -> float:
        if wanted <= 0:
            return 1.0
        size = self.size
        draws = min(draws, size)
        hits = self.count(kinds)
        if draws < wanted or hits < wanted:
            return 0.0
        total = comb(size, draws)
        fewer = sum(comb(hits, j) * comb(size - hits, draws - j) for j in range(wanted))
        return 1.0 - fewer / total


PRIOR = Odds(TOTAL)
