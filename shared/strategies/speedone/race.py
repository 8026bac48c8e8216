"""The race to the target between two players: the chance to win the game from the points
each still needs, so that stark weighs a round's points by what they do to the game.

Under winner_collects a round's winner is credited the loser's hand; under each_their_own
the loser is charged it and the first to reach the target loses. Either way a round won moves
its winner closer to winning the game by the loser's hand points, so one race serves both.
The model behind the chances: each round is won by either side alike, and the loser holds
points that fall off geometrically around a typical round's.
"""

from __future__ import annotations

from functools import cache

STEP = 10  # points per step of the race
TYPICAL = 0.8  # chance that a round's points reach one step more (mean about 4 steps)
LONGEST = 40  # steps a round may bring, at most, in the model


class Race:
    """Where ``me`` and its one opponent stand in the view's game."""

    def __init__(self, view: dict, me: int, other: int):
        target, totals = view["settings"]["target"], view["totals"]
        if view["settings"]["scoring"] == "winner_collects":
            self.needs = {me: target - totals[me], other: target - totals[other]}
        else:
            self.needs = {me: target - totals[other], other: target - totals[me]}
        self.me, self.other = me, other

    def after(self, winner: int, points: int) -> float:
        """The chance that ``me`` wins the game after ``winner`` wins a round worth ``points``."""
        mine, theirs = self.needs[self.me], self.needs[self.other]
        if winner == self.me:
            mine -= points
        else:
            theirs -= points
        return chance(_steps(mine), _steps(theirs))


def _steps(need: int) -> int:
    return max(0, -(-need // STEP))


def _round_points() -> tuple[float, ...]:
    """The chance of a round bringing 0, 1, … LONGEST steps."""
    weights = [(1 - TYPICAL) * TYPICAL**steps for steps in range(LONGEST + 1)]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


ROUND_POINTS = _round_points()


@cache
def chance(mine: int, theirs: int) -> float:
    """The chance to reach the target first, needing ``mine`` steps against ``theirs``."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    # A round of 0 steps changes nothing: the chance is that of the rounds that do.
    moving = sum(
        share * (chance(mine - steps, theirs) + chance(mine, theirs - steps))
        for steps, share in enumerate(ROUND_POINTS)
        if steps
    )
    return moving / (2 * (1 - ROUND_POINTS[0]))
