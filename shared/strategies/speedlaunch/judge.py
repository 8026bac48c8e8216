"""How good a move is, in cards: what it sheds, what it costs, what it leaves the next player.

Every card held costs what it takes to shed it later: high countdown cards go only onto high
tops, a blind card only as a turn's first action; satellites, asteroids and black holes fit
everywhere, so holding them costs little and spending them early wastes them. A play that
ends the turn is worth the pressure it leaves: the chance that the next player must take the
ramp, less the chance that they ignite it, less the chance that their answer goes below
everything we kept — then the ramp comes back to us. Ignitions and black holes are worth a
fresh turn on an empty ramp.
"""

from __future__ import annotations

import random
from functools import cached_property
from math import log

from shared.games.speedlaunch.cards import AST, HOLE, KINDS, SAT, VALUE
from shared.strategies.speedlaunch.odds import Odds
from shared.strategies.speedlaunch.position import FOUR, Play, Position

HIGH = 2.4  # how much more a 10 costs to hold than a 1: shed the high ones first
KEEP = {SAT: 0.6, AST: 2.0, HOLE: 2.4}  # how much less a special costs to hold than a 1
BLIND = 0.8  # the extra cost of a face-down card
UNCOVER = 0.3  # a standing card turned up is one more card to choose from
FRESH = 0.5  # a fresh turn on an empty ramp, beyond the cards it sheds
TEMPO = 2.0  # what a fresh turn is worth to an opponent
PRESS_HEAD_TO_HEAD = 1.0  # what a card taken by the only opponent is worth to us
PRESS_AT_A_CROWD = 0.6  # … by one of several opponents (the leader counts fully)
BACK = 1.0  # what a card we take back costs
WIN = 100.0
OUT = 10.0  # a seat going out (the next player on their answer, or anyone in a play-out)
WHIM = 0.3  # how far a computer's judgement wanders, in cards
TINY = 1e-12
NOTHING = 11  # the lowest answer of a seat holding no card

COST = {
    kind: 1.0 - KEEP[kind] if kind in KEEP else 1.0 + HIGH * (VALUE[kind] - 1) / 9 for kind in KINDS
}  # what holding a card costs: one minus point plus the trouble of shedding it


def lowest(held: dict[str, int]) -> int:
    """The lowest answer in ``held``: 0 with a card that fits everywhere."""
    low = NOTHING
    for kind, count in held.items():
        if count:
            if kind in KEEP:
                return 0
            low = min(low, VALUE[kind])
    return low


class Judge:
    def __init__(self, position: Position, odds: Odds, whim: float = WHIM):
        self.position = position
        self.whim = whim
        self.odds = odds
        self.press = PRESS_HEAD_TO_HEAD if position.seats == 2 else PRESS_AT_A_CROWD
        self.held = position.holdings()
        self.low = lowest(self.held)
        self.next_player = position.players[position.next_seat]

    def candidates(self, legal: list[dict]) -> list[dict]:
        """The moves worth weighing: asteroids only at the best target."""
        targets = sorted({move["target"] for move in legal if "target" in move})
        if not targets:
            return legal
        best = self.target(targets)
        return [move for move in legal if move.get("target", best) == best]

    def ranked(self, legal: list[dict], rng: random.Random) -> list[dict]:
        """The candidates, best first, each score spread by a random whim (Gumbel noise of
        scale ``whim``: a choice with the odds of a softmax), so that no two computers loop
        for ever through the same moves."""
        moves = self.candidates(legal)
        if len(moves) == 1:
            return moves
        whims = [self.score(move) - self.whim * log(-log(rng.random() or TINY)) for move in moves]
        order = sorted(range(len(moves)), key=whims.__getitem__, reverse=True)
        return [moves[index] for index in order]

    def score(self, move: dict) -> float:
        kind = move["type"]
        if kind == "play":
            return self._play(move)
        if kind == "blind":
            return self.blind
        if kind == "take":
            return -sum(COST[card] for card in self.position.ramp)
        if kind == "aim":
            return self.hurt(move["target"])
        position = self.position  # "end": decline the follow-up
        return self.pressure(position.top, position.lamps, len(position.ramp), self.low)

    def target(self, targets: list[int]) -> int:
        """The asteroid's target: whoever is closest to going out."""
        players = self.position.players
        return min(targets, key=lambda seat: (players[seat]["cards"], players[seat]["hand"]))

    def hurt(self, target: int) -> float:
        """The ramp going to ``target``; the next player then starts on an empty ramp."""
        players = self.position.players
        leader = min(players[seat]["cards"] for seat in self.position.opponents())
        weight = 1.0 if players[target]["cards"] == leader else self.press
        return weight * len(self.position.ramp) - self.press * TEMPO / 2

    def pressure(self, top: int | None, lamps: int, ramp: int, low: int) -> float:
        """What our turn leaves: the ramp of ``ramp`` cards with ``top`` and ``lamps``, while
        the lowest card we keep is ``low`` (see ``lowest``)."""
        if top is None:
            return -self.press * TEMPO / 2
        player = self.next_player
        stuck, ignites = self.odds.answer(player, top, lamps)
        undercut = self.odds.undercut(player, top, low)
        back = (1.0 - stuck - ignites) * undercut * (ramp + 1)
        out = (1.0 - stuck) * OUT if player["cards"] == 1 else 0.0  # their last card fits
        return self.press * (stuck * ramp - ignites * (FOUR - lamps + TEMPO) - out) - BACK * back

    def fresh(self, held: dict[str, int]) -> float:
        """A new turn of ours on an empty ramp, holding ``held``: its best group (with the
        pressure that leaves), or a blind card, which always fits there."""
        best = 1.0 + BLIND if self.position.blind_stacks() else -self.press * TEMPO / 2
        for kind, count in held.items():
            if count and kind in VALUE:
                laid = min(count, FOUR)
                rest = dict(held)
                rest[kind] -= laid
                after = (
                    FRESH if laid == FOUR else self.pressure(VALUE[kind], laid, laid, lowest(rest))
                )
                best = max(best, laid * COST[kind] + after)
        return FRESH + best

    def _play(self, move: dict) -> float:
        position = self.position
        play = Play.of(position, move)
        shed = sum(COST[card] for card in play.cards) + UNCOVER * play.uncovered
        left = position.cards - len(play.cards)
        if left == 0:
            return WIN
        held = dict(self.held)
        for card in play.cards:
            held[card] -= 1
        if play.special == HOLE:
            return shed + self.fresh(held)
        if play.special == AST and "target" in move:
            return shed + self.hurt(move["target"])
        if play.value is None:
            return shed + self.pressure(None, 0, 0, 0)
        ramp = len(position.ramp) + len(play.cards)
        low = lowest(held)
        total = 0.0
        for followers, chance in self._followers(play):
            if followers == left:
                total += chance * WIN
                continue
            lamps = play.lamps + followers
            worth = shed + followers * COST[str(play.value)]
            if lamps == FOUR:
                worth += self.fresh(held)
            else:
                worth += self.pressure(play.value, lamps, ramp + followers, low)
            total += chance * worth
        return total

    def _followers(self, play: Play) -> list[tuple[int, float]]:
        """How many standing cards turned up follow the play, with their chances."""
        if not play.uncovered:
            return [(0, 1.0)]
        match = self.odds.chance((str(play.value),))
        chances = [1.0]
        for _ in range(play.uncovered):
            chances = [
                (chances[n] if n < len(chances) else 0.0) * (1 - match)
                + (chances[n - 1] * match if n else 0.0)
                for n in range(len(chances) + 1)
            ]
        room = FOUR - play.lamps
        capped = [0.0] * (min(room, len(chances) - 1) + 1)
        for n, chance in enumerate(chances):
            capped[min(n, room)] += chance
        return list(enumerate(capped))

    @cached_property
    def blind(self) -> float:
        """Risking a blind card: each kind it may be, weighed by its chance."""
        position = self.position
        if not self.odds.size:
            return 0.0
        last = position.cards == 1
        shed = 1.0 + BLIND
        taken = -sum(COST[card] for card in position.ramp)
        total = 0.0
        for kind, count in self.odds.pool.items():
            if not count:
                continue
            fits = kind in KEEP or position.top is None or VALUE[kind] <= position.top
            if last and fits:
                worth = WIN
            elif kind == HOLE:
                worth = shed + self.fresh(self.held)
            elif kind == AST:
                aimed = self.hurt(self.target(position.opponents())) if position.ramp else 0.0
                worth = shed + aimed
            elif fits:
                worth = shed + self._follow_up(kind)
            else:
                worth = taken + BLIND
            total += count / self.odds.size * worth
        return total

    def _follow_up(self, kind: str) -> float:
        """After a fitting blind card of ``kind``: the better of ending the turn and adding
        every card of its value."""
        position, held = self.position, self.held
        value = position.top if kind == SAT else VALUE[kind]
        if value is None:
            return self.pressure(None, 0, 0, 0)
        ramp = len(position.ramp) + 1
        lamps = (position.lamps if value == position.top else 0) + 1
        if lamps == FOUR:
            return self.fresh(held)
        end = self.pressure(value, lamps, ramp, self.low)
        token = str(value)
        added = min(held.get(token, 0), FOUR - lamps)
        if not added:
            return end
        rest = dict(held, **{token: held[token] - added})
        shed = added * COST[token]
        if lamps + added == FOUR:
            return max(end, shed + self.fresh(rest))
        return max(end, shed + self.pressure(value, lamps + added, ramp + added, lowest(rest)))
