"""Rolling real dice from one injectable random source, so a seed replays a whole session.

Each Roller owns its ``random.Random``; there is no module-level generator, so tests and
replays never disturb one another.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate

from sheetapp.dice.distribution import Distribution
from sheetapp.dice.limits import MAX_DICE, MAX_SIDES, checked_int
from sheetapp.i18n import _

__all__ = ["Roller"]


class Roller:
    """Dice rolls from a seeded or injected generator.

    >>> Roller(7).dice(3, 6) == Roller(7).dice(3, 6)
    True
    >>> 1 <= Roller(7).percentile() <= 100
    True
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None, /, *, rng: random.Random | None = None) -> None:
        if rng is not None and seed is not None:
            raise ValueError(_("give a seed or an rng, not both"))
        self._rng = rng if rng is not None else random.Random(seed)

    @property
    def rng(self) -> random.Random:
        """The generator itself, e.g. to save its state with a replay."""
        return self._rng

    def die(self, sides: int, /) -> int:
        sides = checked_int(sides, "sides", low=1, high=MAX_SIDES)
        return self._rng.randint(1, sides)

    def dice(self, count: int, sides: int, /) -> list[int]:
        """Each die of an NdS roll, in order, so a UI can show the faces and not just the sum."""
        count = checked_int(count, "count", low=0, high=MAX_DICE)
        sides = checked_int(sides, "sides", low=1, high=MAX_SIDES)
        return [self._rng.randint(1, sides) for _unused in range(count)]

    def fudge(self, count: int = 4, /) -> list[int]:
        count = checked_int(count, "count", low=0, high=MAX_DICE)
        return [self._rng.randint(-1, 1) for _unused in range(count)]

    def percentile(self) -> int:
        """A d100 roll, 1..100 (a 00 reads 100)."""
        return self._rng.randint(1, 100)

    def sample(self, dist: Distribution, /) -> int:
        """One outcome drawn with exactly the distribution's odds (integer weights, no floats).

        >>> Roller(1).sample(Distribution({3: 5}))
        3
        """
        if not isinstance(dist, Distribution):
            raise TypeError(
                _("dist must be a Distribution, not {name__}").format(name__=type(dist).__name__)
            )
        ticket = self._rng.randrange(dist.total_weight)
        pairs = dist.pairs
        index = bisect_right(list(accumulate(w for _unused, w in pairs)), ticket)
        return pairs[index][0]

    def __repr__(self) -> str:
        return f"Roller(rng={self._rng!r})"
