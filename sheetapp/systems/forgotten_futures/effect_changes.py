"""What changes a weapon's Effect besides armour: an explosive's distance from the blast and
a machine gun turned on more than one target.

- Area weapons hurt at full Effect inside their radius, at Effect -1D6 out to twice the
  radius, -2D6 to three times, and so on; several targets do not weaken them.
- A machine gun used on more than one target loses 2 Effect (once, however many targets);
  each target is rolled for separately.
- The optional hit-location rule: aiming at the head, arms or legs changes the attack and
  the Effect; an attack not aimed lands where 2D6 says and takes that location's Effect
  change. Not for machine guns, area weapons or several attacks at once.
"""

from __future__ import annotations

import math
from fractions import Fraction

from sheetapp.dice import dice_sum
from sheetapp.i18n import _
from sheetapp.locale_format import number

MAX_BLAST = 20  # rings out from a blast the odds go to; every listed Effect is spent by then
MACHINE_GUN_SPREAD = 2  # Effect lost when a machine gun fires on more than one target


def blast_dice(radius: float, distance: float) -> int:
    """How many D6 come off an explosive's Effect ``distance`` from the blast: none inside
    the radius, 1 to twice it, 2 to three times...

    >>> [blast_dice(10, d) for d in (0, 10, 11, 20, 21, 30, 45)]
    [0, 0, 1, 1, 2, 2, 4]
    """
    if radius <= 0:
        raise ValueError(_("a blast radius is more than 0, not {radius}").format(
            radius=number(radius)
        ))
    if distance < 0:
        raise ValueError(_("a distance is 0 or more, not {distance}").format(
            distance=number(distance)
        ))
    return max(0, math.ceil(distance / radius) - 1)


def machine_gun_effect(effect: int, targets: int) -> int:
    """A machine gun's Effect against each of ``targets``.

    >>> machine_gun_effect(10, 1), machine_gun_effect(10, 2), machine_gun_effect(10, 5)
    (10, 8, 8)
    """
    if targets < 1:
        raise ValueError(
            _("a burst has at least one target, not {targets}").format(targets=targets)
        )
    return effect - MACHINE_GUN_SPREAD if targets > 1 else effect


# The optional hit-location rule: (attack change when aimed at it, Effect change, the 2D6
# rolls that land there at random).
LOCATIONS: dict[str, tuple[int, int, tuple[int, ...]]] = {
    "head": (-2, +2, (2,)),
    "arms": (-1, -1, (3, 4)),
    "torso": (0, 0, (5, 6, 7, 8, 9)),
    "legs": (-1, -1, (10, 11, 12)),
}
RANDOM = "random"


def location_effect(location: str) -> dict[int, Fraction]:
    """The chance of each change to the Effect under the hit-location rule: one change for
    an aimed location, the 2D6 spread for a random one.

    >>> location_effect("head")
    {2: Fraction(1, 1)}
    >>> location_effect("random")
    {2: Fraction(1, 36), -1: Fraction(11, 36), 0: Fraction(2, 3)}
    """
    if location in LOCATIONS:
        return {LOCATIONS[location][1]: Fraction(1)}
    if location != RANDOM:
        known = ", ".join(LOCATIONS)
        raise ValueError(
            _("'{location}' is not a hit location; use {known} or random").format(
                location=location, known=known
            )
        )
    two_d6 = dice_sum(2, 6)
    spread: dict[int, Fraction] = {}
    for _aim, change, rolls in LOCATIONS.values():
        spread[change] = spread.get(change, Fraction(0)) + sum(
            (two_d6.probability(r) for r in rolls), Fraction(0)
        )
    return spread


def aimed_attack_change(location: str) -> int:
    """What aiming at ``location`` does to the attacking skill (0 for a random location).

    >>> aimed_attack_change("head"), aimed_attack_change("torso"), aimed_attack_change("random")
    (-2, 0, 0)
    """
    return LOCATIONS[location][0] if location in LOCATIONS else 0
