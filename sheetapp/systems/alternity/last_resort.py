"""Spending last resort points: each point moves one check's degree one grade.

A point raises a result (Critical Failure to Failure, Failure to Ordinary ... Good to
Amazing) or lowers an opponent's (Amazing to Good ... Ordinary to Failure). One point per
check; a Free Agent may spend two for two grades. A Critical Failure comes only from the
control die, so lowering stops at Failure; and no point makes an impossible task succeed.
"""

from __future__ import annotations

from sheetapp.systems.alternity.names import Degree

LADDER = list(Degree)


class SpendError(ValueError):
    """A spend the rules do not allow; the message says why."""


def points_allowed(free_agent: bool) -> int:
    return 2 if free_agent else 1


def spend(
    degree: Degree,
    *,
    points: int = 1,
    free_agent: bool = False,
    hinder: bool = False,
    success_possible: bool = True,
) -> Degree:
    """The degree after spending ``points`` on a check that came out ``degree``.

    >>> spend(Degree.GOOD).value, spend(Degree.GOOD, hinder=True).value
    ('amazing', 'ordinary')
    >>> spend(Degree.CRITICAL_FAILURE).value
    'failure'
    >>> spend(Degree.CRITICAL_FAILURE, points=2, free_agent=True).value
    'ordinary'
    """
    most = points_allowed(free_agent)
    if not 1 <= points <= most:
        raise SpendError(
            "a Free Agent may spend 1 or 2 points on one check"
            if free_agent
            else "only one last resort point may be spent on a check"
        )
    index = degree.rank + (-points if hinder else points)
    if hinder:
        if index < Degree.FAILURE.rank:
            raise SpendError("a result cannot be pushed below a Failure")
    elif index > Degree.AMAZING.rank:
        raise SpendError("an Amazing result cannot be raised further")
    after = LADDER[index]
    if after.succeeded and not degree.succeeded and not success_possible:
        raise SpendError("a last resort cannot make an impossible task succeed")
    return after
