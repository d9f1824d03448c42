"""Load, encumbrance and throwing, all from Strength.

Up to twice Strength in kilograms costs nothing; up to 4, 5 and 6 times Strength the hero
moves at 75, 50 and 25 per cent and takes a +1, +2 and +3 step penalty on Strength and
Dexterity skills (and on those resistance modifiers). Past six times Strength the hero
cannot move at any useful speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# (multiple of Strength, movement per cent, penalty steps), lightest first.
BANDS: tuple[tuple[int, int, int], ...] = ((2, 100, 0), (4, 75, 1), (5, 50, 2), (6, 25, 3))
OVERLOADED_PENALTY = 3

ThrowRange = Literal["short", "medium", "long"]
ThrowObject = Literal["designed", "not_designed", "heavy"]
# Step modifiers by object and range; None: it cannot be thrown that far.
THROW_STEPS: dict[ThrowObject, dict[ThrowRange, int | None]] = {
    "designed": {"short": -1, "medium": 1, "long": 2},
    "not_designed": {"short": 1, "medium": 2, "long": 3},
    "heavy": {"short": 4, "medium": None, "long": None},
}


@dataclass(frozen=True)
class Encumbrance:
    load_kg: float
    multiple: int | None  # the band's limit in multiples of Strength; None past six
    limit_kg: int | None  # the heaviest load of that band
    movement_percent: int
    penalty_steps: int

    @property
    def overloaded(self) -> bool:
        return self.multiple is None


def encumbrance(load_kg: float, strength: int) -> Encumbrance:
    """The band ``load_kg`` falls in.

    >>> e = encumbrance(48, 12)  # Grimes, fully loaded
    >>> e.multiple, e.movement_percent, e.penalty_steps
    (4, 75, 1)
    """
    for multiple, percent, penalty in BANDS:
        limit = multiple * max(strength, 0)
        if load_kg <= limit:
            return Encumbrance(load_kg, multiple, limit, percent, penalty)
    return Encumbrance(load_kg, None, None, 0, OVERLOADED_PENALTY)


def reduced_rate(rate: int, percent: int) -> int:
    """A movement rate at ``percent`` of its base, rounded down.

    >>> reduced_rate(14, 75)
    10
    """
    return rate * percent // 100


@dataclass(frozen=True)
class ThrowRanges:
    short: int
    medium: int
    long: int
    heavy_limit_kg: int  # the heaviest object thrown at all (short range only)


def throw_ranges(strength: int) -> ThrowRanges:
    """Metres for small objects: Strength, twice it, four times it.

    >>> throw_ranges(10)
    ThrowRanges(short=10, medium=20, long=40, heavy_limit_kg=5)
    """
    strength = max(strength, 0)
    return ThrowRanges(strength, 2 * strength, 4 * strength, strength // 2)


def throw_step(kind: ThrowObject, distance: ThrowRange) -> int | None:
    """The situation die modifier of a throw; None where the object cannot go that far."""
    return THROW_STEPS[kind][distance]
