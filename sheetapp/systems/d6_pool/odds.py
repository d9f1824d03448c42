"""Exact odds of a dice pool roll.

Roll ``dice`` d6; each die at or above the ``target`` number (5 by default) is a success.
A roll of ``difficulty`` needs that many successes. When the difficulty is more than the
dice rolled, every die must succeed; a pool of no dice never succeeds.

>>> odds = pool_odds(3, 2)
>>> odds.success, odds.distribution.probability(0)
(Fraction(7, 27), Fraction(8, 27))
>>> pool_odds(2, 4).success  # more successes needed than dice: both must succeed
Fraction(1, 9)
>>> pool_odds(0, 1).success
Fraction(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from sheetapp.dice import Distribution, success_pool
from sheetapp.i18n import _
from sheetapp.systems.d6_pool.names import SUCCESS_ON

MAX_POOL = 1000
SIDES = 6


class OddsError(ValueError):
    """Inputs no roll can have; the message says which and why."""


@dataclass(frozen=True)
class PoolOdds:
    dice: int
    difficulty: int
    target: int
    distribution: Distribution  # how many successes, 0..dice

    @property
    def needed(self) -> int:
        """Successes that count as success: the difficulty, or every die when it is more."""
        return min(self.difficulty, self.dice)

    @property
    def success(self) -> Fraction:
        if self.dice == 0:
            return Fraction(0)
        return self.distribution.at_least(self.needed)

    def as_floats(self) -> dict[str, object]:
        return {
            "dice": self.dice,
            "difficulty": self.difficulty,
            "target": self.target,
            "needed": self.needed,
            "success": float(self.success),
            "distribution": {str(k): float(p) for k, p in sorted(self.distribution.pmf().items())},
        }


def pool_odds(dice: int, difficulty: int, *, target: int = SUCCESS_ON) -> PoolOdds:
    if not 0 <= dice <= MAX_POOL:
        raise OddsError(
            _("a pool holds 0 to {MAX_POOL} dice, not {dice}").format(MAX_POOL=MAX_POOL, dice=dice)
        )
    if difficulty < 1:
        raise OddsError(
            _("the difficulty is the successes needed: 1 or more, not {difficulty}").format(
                difficulty=difficulty
            )
        )
    if not 1 <= target <= SIDES:
        raise OddsError(
            _("the target number is a face of the d6, 1 to 6, not {target}").format(target=target)
        )
    return PoolOdds(dice, difficulty, target, success_pool(dice, sides=SIDES, success_on=target))


@lru_cache(maxsize=4096)
def success_chance(dice: int, difficulty: int) -> Fraction:
    """The chance a pool of ``dice`` (never below 0) meets ``difficulty`` at the usual target;
    remembered, as every skill of every sheet asks for one of a few dozen pools."""
    return pool_odds(max(0, min(dice, MAX_POOL)), difficulty).success
