"""Spending last resort points, and buying them with stored skill points.

Each point spent moves one check's degree one grade.

A point raises a result (Critical Failure to Failure, Failure to Ordinary ... Good to
Amazing) or lowers an opponent's (Amazing to Good ... Ordinary to Failure). One point per
check; a Free Agent may spend two for two grades. A Critical Failure comes only from the
control die, so lowering stops at Failure; and no point makes an impossible task succeed.

Points are bought with stored skill points, between adventures, up to the hero's maximum.
The excerpt gives no price, so the sheet holds it (``last_resort_cost``) and a purchase
without one is refused with a message that asks for it.
"""

from __future__ import annotations

from sheetapp.i18n import _
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
            _("a Free Agent may spend 1 or 2 points on one check")
            if free_agent
            else _("only one last resort point may be spent on a check")
        )
    index = degree.rank + (-points if hinder else points)
    if hinder:
        if index < Degree.FAILURE.rank:
            raise SpendError(_("a result cannot be pushed below a Failure"))
    elif index > Degree.AMAZING.rank:
        raise SpendError(_("an Amazing result cannot be raised further"))
    after = LADDER[index]
    if after.succeeded and not degree.succeeded and not success_possible:
        raise SpendError(_("a last resort cannot make an impossible task succeed"))
    return after


def buy(held: int, maximum: int | None, stored: int, cost: int | None) -> tuple[int, int]:
    """Points held and skill points stored after buying one last resort point.

    >>> buy(0, 2, 7, 3)
    (1, 4)
    """
    if cost is None:
        raise SpendError(
            _("enter what a last resort point costs in skill points first (the Alternity "
            "excerpt does not say; the game master or the book does)")
        )
    if maximum is None:
        raise SpendError(_("the maximum is not known yet: enter Personality or the maximum"))
    if held >= maximum:
        raise SpendError(
            _("the hero already holds {held} of at most {maximum}").format(
                held=held, maximum=maximum
            )
        )
    if stored < cost:
        raise SpendError(
            _("a point costs {cost} skill points and only {max} are stored").format(
                cost=cost, max=max(stored, 0)
            )
        )
    return held + 1, stored - cost
