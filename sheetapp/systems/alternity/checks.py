"""Skill checks: a d20 control die plus the situation die, at or under the score.

The degree is read from the total: at most a quarter of the score (rounded down) is
Amazing, at most half is Good, at most the score is Ordinary, more is a Failure. A 1 on the
control die is at least an Ordinary success unless the situation die is +d20 or worse. A 20
on the control die is a Critical Failure whenever the attempt could fail at all; when it
could not, the roll keeps its degree and brings bad luck instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetapp.i18n import _
from sheetapp.systems.alternity.names import Degree
from sheetapp.systems.alternity.situation import NO_AUTO_SUCCESS_FROM, die_for

CONTROL_SIDES = 20


@dataclass(frozen=True)
class Thresholds:
    """The highest total for each degree of success at a score."""

    ordinary: int
    good: int
    amazing: int

    @classmethod
    def of(cls, score: int) -> Thresholds:
        """
        >>> Thresholds.of(13)
        Thresholds(ordinary=13, good=6, amazing=3)
        """
        return cls(ordinary=score, good=score // 2, amazing=score // 4)


def _plain_degree(total: int, limits: Thresholds) -> Degree:
    if total <= limits.amazing:
        return Degree.AMAZING
    if total <= limits.good:
        return Degree.GOOD
    if total <= limits.ordinary:
        return Degree.ORDINARY
    return Degree.FAILURE


def can_fail(score: int, step: int) -> bool:
    """Whether any roll at all fails: the worst control die with the worst situation die."""
    return CONTROL_SIDES + die_for(step).distribution().max > score


@dataclass(frozen=True)
class RollOutcome:
    degree: Degree
    bad_luck: bool = False  # a 20 on an attempt that could not fail


def roll_degree(control: int, situation: int, score: int, step: int) -> RollOutcome:
    """How one roll reads: ``control`` (1..20) and what the situation die added.

    >>> roll_degree(1, 11, 5, 4).degree  # a 1 saves a roll of 12 against 5 (+d12)
    <Degree.ORDINARY: 'ordinary'>
    >>> roll_degree(20, 0, 30, 0)  # nothing fails at 30 with +d0: bad luck instead
    RollOutcome(degree=<Degree.ORDINARY: 'ordinary'>, bad_luck=True)
    """
    if not 1 <= control <= CONTROL_SIDES:
        raise ValueError(
            _("the control die shows 1 to {CONTROL_SIDES}, not {control}").format(
                CONTROL_SIDES=CONTROL_SIDES, control=control
            )
        )
    return _outcome(control, situation, Thresholds.of(score), step, can_fail(score, step))


def _outcome(
    control: int, situation: int, limits: Thresholds, step: int, failable: bool
) -> RollOutcome:
    degree = _plain_degree(control + situation, limits)
    if control == CONTROL_SIDES:
        if failable:
            return RollOutcome(Degree.CRITICAL_FAILURE)
        return RollOutcome(degree, bad_luck=True)
    if control == 1 and step < NO_AUTO_SUCCESS_FROM and degree is Degree.FAILURE:
        return RollOutcome(Degree.ORDINARY)
    return RollOutcome(degree)


@dataclass(frozen=True)
class CheckOdds:
    """Exact chances of each degree; they add up to 1."""

    critical_failure: Fraction
    failure: Fraction
    ordinary: Fraction
    good: Fraction
    amazing: Fraction

    def of(self, degree: Degree) -> Fraction:
        return getattr(self, degree.value)

    @property
    def success(self) -> Fraction:
        return self.ordinary + self.good + self.amazing

    def as_floats(self) -> dict[str, float]:
        return {degree.value: float(self.of(degree)) for degree in Degree}


def check_odds(score: int, step: int) -> CheckOdds:
    """Exact odds of a check at ``score`` with the situation die at ``step``.

    >>> check_odds(10, 0).as_floats()["good"]  # 3, 4 or 5 on a plain d20
    0.15
    """
    situation = die_for(step).distribution()
    limits = Thresholds.of(score)
    failable = CONTROL_SIDES + situation.max > score
    weights = dict.fromkeys(Degree, 0)
    for control in range(1, CONTROL_SIDES + 1):
        for added, weight in situation.pairs:
            weights[_outcome(control, added, limits, step, failable).degree] += weight
    total = CONTROL_SIDES * situation.total_weight
    return CheckOdds(**{d.value: Fraction(w, total) for d, w in weights.items()})
