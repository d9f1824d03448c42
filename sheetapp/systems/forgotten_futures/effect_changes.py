"""What changes a weapon's Effect besides armour: an explosive's distance from the blast and
a machine gun turned on more than one target.

- Area weapons hurt at full Effect inside their radius, at Effect -1D6 out to twice the
  radius, -2D6 to three times, and so on; several targets do not weaken them.
- A machine gun used on more than one target loses 2 Effect (once, however many targets);
  each target is rolled for separately.
"""

from __future__ import annotations

import math

MAX_BLAST = 20  # rings out from a blast the odds go to; every listed Effect is spent by then
MACHINE_GUN_SPREAD = 2  # Effect lost when a machine gun fires on more than one target


def blast_dice(radius: float, distance: float) -> int:
    """How many D6 come off an explosive's Effect ``distance`` from the blast: none inside
    the radius, 1 to twice it, 2 to three times...

    >>> [blast_dice(10, d) for d in (0, 10, 11, 20, 21, 30, 45)]
    [0, 0, 1, 1, 2, 2, 4]
    """
    if radius <= 0:
        raise ValueError(f"a blast radius is more than 0, not {radius:g}")
    if distance < 0:
        raise ValueError(f"a distance is 0 or more, not {distance:g}")
    return max(0, math.ceil(distance / radius) - 1)


def machine_gun_effect(effect: int, targets: int) -> int:
    """A machine gun's Effect against each of ``targets``.

    >>> machine_gun_effect(10, 1), machine_gun_effect(10, 2), machine_gun_effect(10, 5)
    (10, 8, 8)
    """
    if targets < 1:
        raise ValueError(f"a burst has at least one target, not {targets}")
    return effect - MACHINE_GUN_SPREAD if targets > 1 else effect
