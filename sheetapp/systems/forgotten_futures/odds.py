"""Exact odds of a roll on the attack versus defence table, and of each damage column.

The damage columns are a second roll, Effect against BODY, made only once an attack has
hit; its three columns are exclusive and cover every roll (a failed Effect roll still reads
column A, the weapon's least harm). So ``A + B + C == 1``: each is the chance the damage
roll reads that column once the attack has succeeded. The chance of, say, a hit that does
column C damage is ``success * C``.

Armour takes its reduction off the Effect first. An Effect brought below 1 has no row on the
table: the armour stopped the blow, so no column is read and ``no_damage`` is 1. Pulling
punches (``limit``) folds the columns as ``modifiers.FOLDED`` says.

>>> chances = attack_odds(5, 6, effect=6, body=3)
>>> chances.success, chances.columns["C"]
(Fraction(5, 12), Fraction(5, 18))
>>> stopped = attack_odds(5, 6, effect=4, body=3, armour=6)
>>> stopped.no_damage, stopped.columns["A"]
(Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from sheetapp.dice import Distribution, dice_sum
from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.effect_changes import location_effect
from sheetapp.systems.forgotten_futures.modifiers import FOLDED, Limit
from sheetapp.systems.forgotten_futures.table import (
    COLUMNS,
    Column,
    damage_column,
    needed,
    reach,
)

TWO_D6: Distribution = dice_sum(2, 6)


def success_chance(attack: int, defence: int) -> Fraction:
    target = needed(attack, defence)
    return Fraction(0) if target is None else TWO_D6.at_most(target)


def spread_column_chances(
    effect: int,
    body: int,
    changes: Mapping[int, Fraction],
    limit: Limit = "full",
) -> dict[Column, Fraction]:
    """The column chances when the Effect first changes by each of ``changes`` with its
    chance (an explosive's D6 lost further from the blast, a random hit location): each
    Effect weighted by its chance.

    >>> spread_column_chances(10, 3, {0: Fraction(1)}) == column_chances(10, 3)
    True
    """
    total = {column: Fraction(0) for column in COLUMNS}
    for change, chance in changes.items():
        for column, p in column_chances(effect + change, body, limit).items():
            total[column] += chance * p
    return total


def effect_changes(blast_dice: int, location: str = "") -> dict[int, Fraction]:
    """The chance of each change to the Effect from ``blast_dice`` D6 lost and a hit
    location (``""``: the rule not used).

    >>> effect_changes(0), effect_changes(1)[-6]
    ({0: Fraction(1, 1)}, Fraction(1, 6))
    """
    changes = {0: Fraction(1)}
    if blast_dice:
        changes = {-lost: p for lost, p in dice_sum(blast_dice, 6).pmf().items()}
    if location:
        mixed: dict[int, Fraction] = {}
        for shift, p in location_effect(location).items():
            for change, q in changes.items():
                mixed[change + shift] = mixed.get(change + shift, Fraction(0)) + p * q
        changes = mixed
    return changes


def column_chances(effect: int, body: int, limit: Limit = "full") -> dict[Column, Fraction]:
    """The chance of each damage column for ``effect`` against ``body``; all 0 when the
    Effect is below 1 (nothing gets through)."""
    if effect < 1:
        return {column: Fraction(0) for column in COLUMNS}
    target = reach(effect, body)
    fold = FOLDED[limit]
    return {
        column: TWO_D6.probability_where(
            lambda r, c=column: fold[damage_column(r, target)] == c
        )
        for column in COLUMNS
    }


@dataclass(frozen=True)
class AttackOdds:
    needed: int | None
    success: Fraction
    damage_needed: int | None = None
    columns: Mapping[Column, Fraction] = field(default_factory=dict)
    effect: int | None = None  # after armour
    spread: bool = False  # the Effect varies (blast, random location): no one roll needed

    @property
    def no_damage(self) -> Fraction:
        """The chance a hit does no harm at all: 1 when armour took the Effect below 1."""
        if not self.columns:
            return Fraction(0)
        return 1 - sum(self.columns.values(), Fraction(0))

    def as_floats(self) -> dict[str, float]:
        out: dict[str, float] = {"success": float(self.success)}
        out.update({column: float(p) for column, p in self.columns.items()})
        # 0 stands for the table's dash: no roll succeeds
        out["needed"] = self.needed or 0
        if self.columns:
            if self.damage_needed is not None or not self.spread:
                out["damage_needed"] = self.damage_needed or 0
            out["effect"] = self.effect or 0
            out["no_damage"] = float(self.no_damage)
        return out


def attack_odds(
    attack: int,
    defence: int,
    *,
    effect: int | None = None,
    body: int | None = None,
    armour: int = 0,
    limit: Limit = "full",
    blast_dice: int = 0,
    location: str = "",
) -> AttackOdds:
    """The chance ``attack`` beats ``defence``; with ``effect`` and ``body`` also the chance
    of each damage column once it has, after ``armour`` and ``blast_dice`` D6 (an explosive's
    rings beyond its radius) come off the Effect and a hit ``location`` (aimed, or "random";
    "" when the optional rule is not used) changes it. The attack's own change for aiming
    is the caller's, like every other modifier."""
    if (effect is None) != (body is None):
        raise ValueError(_("give both the Effect and the target's BODY, or neither"))
    columns: dict[Column, Fraction] = {}
    damage_needed = None
    through = None
    spread = False
    if effect is not None and body is not None:
        through = effect - armour
        changes = effect_changes(blast_dice, location)
        columns = spread_column_chances(through, body, changes, limit)
        spread = len(changes) > 1
        if not spread:
            (change,) = changes
            if through + change >= 1:
                damage_needed = needed(through + change, body)
    return AttackOdds(
        needed=needed(attack, defence),
        success=success_chance(attack, defence),
        damage_needed=damage_needed,
        columns=columns,
        effect=through,
        spread=spread,
    )
