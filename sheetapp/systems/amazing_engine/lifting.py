"""Taxing Fitness to lift more than the load table allows.

XP taxed onto Fitness counts towards the carrying limits like Fitness itself (the load table
reads Fitness), in the usual steps of 5 and never past double. The effort holds until a
Willpower check fails; the failure costs 1 fatigue point, which the product keeps as
stamina. The Willpower check may itself be taxed, like any check.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.dice import percentile_outcome
from sheetapp.systems.amazing_engine.chances import BEST_POSSIBLE, max_tax
from sheetapp.systems.amazing_engine.derived import CarryLimits, carry_limits

FAILED_HOLD_STAMINA = 1  # fatigue (stamina) lost when the Willpower check fails


@dataclass(frozen=True)
class Lift:
    """The most a character can lift by taxing Fitness: ``tax`` XP (0 when nothing may be
    taxed), the Fitness it makes and the load limits that Fitness gives; ``hold_chance``
    is the Willpower check that keeps the effort going, untaxed."""

    tax: int
    fitness: int
    limits: CarryLimits
    hold_chance: int


def taxed_lift(fitness: int, willpower: int, xp: int) -> Lift:
    """The heaviest lift ``xp`` can buy: Fitness 21 with 100 XP taxes 20 (41), so the load
    table reads 41, 82 and 123 kg; the hold is a Willpower check.

    >>> lift = taxed_lift(21, 46, 100)
    >>> lift.tax, lift.fitness, lift.limits.walk_only, lift.hold_chance
    (20, 41, 123, 46)
    >>> taxed_lift(21, 46, 12).tax, taxed_lift(21, 99, 0).hold_chance
    (10, 94)
    """
    tax = max_tax(fitness, max(xp, 0))
    taxed = max(fitness, 0) + tax
    return Lift(tax, taxed, carry_limits(taxed), min(max(willpower, 0), BEST_POSSIBLE))


def hold_lift(roll: int, willpower: int, *, tax: int = 0) -> int:
    """The stamina a turn of holding the lift costs: 0 while the Willpower check (d100,
    roll at or under Willpower + any tax) succeeds, 1 when it fails and the effort ends.

    >>> hold_lift(40, 46), hold_lift(47, 46), hold_lift(47, 46, tax=5), hold_lift(95, 90)
    (0, 1, 0, 1)
    """
    outcome = percentile_outcome(roll, willpower + tax)
    return 0 if outcome in ("success", "critical_success") else FAILED_HOLD_STAMINA
