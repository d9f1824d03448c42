"""What a check's degree costs or restores on the tracks: breath, dying, fatigue and
recovery checks. Each table maps a degree to points.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.systems.alternity.names import Degree

_D = Degree

# Holding breath past the safe rounds: stun lost per Stamina-endurance check.
BREATH_DAMAGE = {_D.CRITICAL_FAILURE: 4, _D.FAILURE: 3, _D.ORDINARY: 2, _D.GOOD: 1, _D.AMAZING: 0}
# A dying hero's Stamina-endurance check: further mortal damage.
DYING_DAMAGE = {_D.CRITICAL_FAILURE: 2, _D.FAILURE: 1, _D.ORDINARY: 0, _D.GOOD: 0, _D.AMAZING: 0}
# Stamina-endurance after fatiguing activity: fatigue damage.
FATIGUE_DAMAGE = {_D.CRITICAL_FAILURE: 2, _D.FAILURE: 1, _D.ORDINARY: 0, _D.GOOD: 0, _D.AMAZING: 0}
# A knocked-out hero's Resolve-physical resolve check: stun regained (a success wakes him).
STUN_RECOVERED = {_D.CRITICAL_FAILURE: 0, _D.FAILURE: 0, _D.ORDINARY: 2, _D.GOOD: 4, _D.AMAZING: 6}
# An hour of complete rest, Resolve-physical resolve: fatigue regained. The text's
# "Marginal" row is read as a Failure (a failed check that is not critical).
FATIGUE_RECOVERED = {
    _D.CRITICAL_FAILURE: 0,
    _D.FAILURE: 1,
    _D.ORDINARY: 2,
    _D.GOOD: 3,
    _D.AMAZING: 4,
}


def breath_rounds(constitution: int) -> int:
    """Rounds a hero holds his breath safely: half Constitution, rounded down.

    >>> breath_rounds(9)
    4
    """
    return max(constitution, 0) // 2


def repeated_check_penalty(number: int) -> int:
    """Steps of penalty on the ``number``-th check of a series (breath, continued
    fatiguing activity): none on the first, one more on each after it.

    >>> [repeated_check_penalty(n) for n in (1, 2, 3, 4)]
    [0, 1, 2, 3]
    """
    if number < 1:
        raise ValueError(_("checks are counted from 1"))
    return number - 1
