"""d100 ability checks as the Amazing Engine rolls them, with exact odds.

A check succeeds when the roll (1..100, a 00 reading 100) is at most the chance, but rolls
from 95 up always fail and nothing always succeeds. Margin ratings look only at the ones
digit of the roll (0 for 40 and for 100): a success whose ones digit is at most the
success margin (S#) is critical, and so is a failure whose ones digit is at least the
failure margin (F#). Margins outside 0..9 are legal and simply make every or no roll count.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from sheetapp.dice.limits import checked_int

__all__ = ["AUTO_FAIL_FROM", "CheckOdds", "Outcome", "percentile_odds", "percentile_outcome"]

AUTO_FAIL_FROM = 95
"""The lowest roll that fails whatever the chance."""

Outcome = Literal["critical_success", "success", "failure", "critical_failure"]


@dataclass(frozen=True)
class CheckOdds:
    """Exact odds of one check; the critical odds are parts of the plain ones.

    ``success + failure == 1``; ``critical_success <= success``; ``critical_failure <= failure``.
    """

    success: Fraction
    critical_success: Fraction
    failure: Fraction
    critical_failure: Fraction

    def as_floats(self) -> dict[str, float]:
        """The odds as floats, for display and JSON where exactness no longer matters.

        >>> percentile_odds(50, success_margin=0).as_floats()["critical_success"]
        0.05
        """
        return {
            "success": float(self.success),
            "critical_success": float(self.critical_success),
            "failure": float(self.failure),
            "critical_failure": float(self.critical_failure),
        }


def percentile_outcome(
    roll: int,
    chance: int,
    /,
    *,
    success_margin: int | None = None,
    failure_margin: int | None = None,
    auto_fail_from: int = AUTO_FAIL_FROM,
) -> Outcome:
    """How one roll reads against ``chance``; margins of None give no critical results.

    The rules' example, chance 45 with S1:

    >>> [percentile_outcome(r, 45, success_margin=1) for r in (40, 29, 46)]
    ['critical_success', 'success', 'failure']
    """
    roll = checked_int(roll, "roll", low=1, high=100)
    chance = checked_int(chance, "chance")
    success_margin = _margin(success_margin, "success_margin")
    failure_margin = _margin(failure_margin, "failure_margin")
    auto_fail_from = checked_int(auto_fail_from, "auto_fail_from")
    ones = roll % 10
    if roll <= chance and roll < auto_fail_from:
        if success_margin is not None and ones <= success_margin:
            return "critical_success"
        return "success"
    if failure_margin is not None and ones >= failure_margin:
        return "critical_failure"
    return "failure"


def percentile_odds(
    chance: int,
    /,
    *,
    success_margin: int | None = None,
    failure_margin: int | None = None,
    auto_fail_from: int = AUTO_FAIL_FROM,
) -> CheckOdds:
    """Exact odds of a check, counted digit by digit rather than by rolling all 100.

    >>> odds = percentile_odds(45, success_margin=1)
    >>> odds.success, odds.critical_success
    (Fraction(9, 20), Fraction(9, 100))
    >>> percentile_odds(200).success
    Fraction(47, 50)
    """
    chance = checked_int(chance, "chance")
    success_margin = _margin(success_margin, "success_margin")
    failure_margin = _margin(failure_margin, "failure_margin")
    auto_fail_from = checked_int(auto_fail_from, "auto_fail_from")
    best = max(0, min(chance, auto_fail_from - 1, 100))  # successes are rolls 1..best
    critical_success = 0
    if success_margin is not None:
        critical_success = sum(
            _rolls_ending_in(d, 1, best) for d in range(10) if d <= success_margin
        )
    critical_failure = 0
    if failure_margin is not None:
        critical_failure = sum(
            _rolls_ending_in(d, best + 1, 100) for d in range(10) if d >= failure_margin
        )
    return CheckOdds(
        success=Fraction(best, 100),
        critical_success=Fraction(critical_success, 100),
        failure=Fraction(100 - best, 100),
        critical_failure=Fraction(critical_failure, 100),
    )


def _margin(value: int | None, name: str) -> int | None:
    return None if value is None else checked_int(value, name)


def _rolls_ending_in(digit: int, low: int, high: int) -> int:
    """How many rolls in low..high have ones digit ``digit``.

    >>> _rolls_ending_in(0, 1, 100), _rolls_ending_in(5, 1, 4), _rolls_ending_in(5, 95, 100)
    (10, 0, 1)
    """
    return (high - digit) // 10 - (low - 1 - digit) // 10
