"""The dice every system shares: plain dice, sums, Fudge dice, success pools, signed dice.

Inputs are bounded here (see ``limits``) so a game system can pass sheet values straight
through and get a ValueError, not a stall, when a value is absurd.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from sheetapp.dice.distribution import Distribution
from sheetapp.dice.limits import MAX_DICE, MAX_SIDES, checked_int
from sheetapp.i18n import _

__all__ = ["dice_sum", "die", "fudge", "signed", "situation_die", "success_pool"]


def die(sides: int, /) -> Distribution:
    """One die numbered 1..sides.

    >>> die(6).mean()
    Fraction(7, 2)
    """
    sides = checked_int(sides, "sides", low=1, high=MAX_SIDES)
    return Distribution.uniform(range(1, sides + 1))


def dice_sum(count: int, sides: int, /) -> Distribution:
    """The total of ``count`` dice with ``sides`` sides (NdS); 0 dice total 0.

    >>> dice_sum(2, 6).probability(7)
    Fraction(1, 6)
    >>> dice_sum(0, 6)
    Distribution({0: 1})
    """
    count = checked_int(count, "count", low=0, high=MAX_DICE)
    return die(sides).repeat_sum(count)


def fudge(count: int = 4, /) -> Distribution:
    """The total of ``count`` Fudge dice, each -1, 0 or +1 with equal odds.

    >>> fudge(4).probability(0)
    Fraction(19, 81)
    """
    count = checked_int(count, "count", low=0, high=MAX_DICE)
    return Distribution.uniform((-1, 0, 1)).repeat_sum(count)


@lru_cache(maxsize=1024)
def success_pool(count: int, /, *, sides: int = 6, success_on: int = 5) -> Distribution:
    """How many of ``count`` dice show ``success_on`` or more: a binomial count.

    Built from the binomial formula rather than by convolution, so big pools stay cheap,
    and remembered (a distribution is immutable): a page of stat blocks asks for the same
    few pools thousands of times.
    ``success_on`` of 1 or less always succeeds; above ``sides`` never does.

    >>> success_pool(3).pmf()
    {0: Fraction(8, 27), 1: Fraction(4, 9), 2: Fraction(2, 9), 3: Fraction(1, 27)}
    >>> success_pool(2, sides=10, success_on=11)
    Distribution({0: 1})
    """
    count = checked_int(count, "count", low=0, high=MAX_DICE)
    sides = checked_int(sides, "sides", low=1, high=MAX_SIDES)
    success_on = checked_int(success_on, "success_on")
    hits = min(max(sides - success_on + 1, 0), sides)
    misses = sides - hits
    if hits == 0 or misses == 0:
        return Distribution.constant(count if misses == 0 else 0)
    return Distribution(
        {k: comb(count, k) * hits**k * misses ** (count - k) for k in range(count + 1)}
    )


def signed(dist: Distribution, /, *, sign: int) -> Distribution:
    """``dist`` added (+1) or taken away (-1), for "control die plus or minus a situation die".

    Pass ``Distribution.constant(0)`` for Alternity's +d0 (no situation die).

    >>> signed(die(4), sign=-1).outcomes
    (-4, -3, -2, -1)
    """
    if not isinstance(dist, Distribution):
        raise TypeError(
            _("dist must be a Distribution, not {name__}").format(name__=type(dist).__name__)
        )
    if isinstance(sign, bool) or sign not in (1, -1):
        raise ValueError(_("sign must be +1 or -1, not {sign!r}").format(sign=sign))
    return dist if sign == 1 else -dist


def situation_die(sides: int, /, *, sign: int = 1) -> Distribution:
    """A signed situation die where 0 sides means the +d0 step: no die at all.

    >>> die(20) + situation_die(0) == die(20)
    True
    >>> (die(20) + situation_die(4, sign=-1)).min
    -3
    """
    sides = checked_int(sides, "sides", low=0, high=MAX_SIDES)
    return signed(die(sides) if sides else Distribution.constant(0), sign=sign)
