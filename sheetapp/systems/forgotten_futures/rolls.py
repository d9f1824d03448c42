"""Rolling Forgotten Futures from the sheet: 2D6 at or under the number the attack versus
defence table gives, and, once an attack hits, 2D6 for the weapon's damage column.

A skill rolled from its row attacks the default defence of 6, as its "vs 6" column shows; a
weapon rolled from its row is the damage roll, its Effect against a BODY of 3 (the Odds box
sets up any other attack, armour and target).

>>> TableCheck("Pilot", 5, 6).read([3, 2]).result  # needs 6 or under
'Success by 1'
>>> TableCheck("Pilot", 5, 6).read([6, 6]).result
'Failure'
>>> DamageCheck("Sword", 5, 3, damage={"A": "F", "B": "I", "C": "C"}).read([1, 2]).result
'Column C, damage C'
>>> attack = AttackCheck("Attack", 5, 6, damage=DamageCheck("Sword", 6, 3))
>>> attack.read([6, 5], []).result, attack.read([2, 2], [3, 3]).result
('Miss', 'Hit, column B')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.modifiers import FOLDED, Limit
from sheetapp.systems.forgotten_futures.names import DEFAULT_DEFENCE, Characteristic, label
from sheetapp.systems.forgotten_futures.odds import column_chances, success_chance
from sheetapp.systems.forgotten_futures.table import COLUMNS, damage_column, needed, reach
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

TYPICAL_BODY = 3
SUCCESS, FAILURE = N_("Success"), N_("Failure")
NO_DAMAGE = N_("No damage (armour)")


def _two_d6(faces: Sequence[int]) -> str:
    return f"2D6: {faces[0]} + {faces[1]} = {sum(faces)}"


@dataclass(frozen=True)
class TableCheck:
    """An attacking value against a defending value on the table."""

    name: str
    attack: int
    defence: int

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.dice(2, 6))

    def read(self, faces: Sequence[int]) -> Reading:
        target = needed(self.attack, self.defence)
        roll = sum(faces)
        detail = _("{attack} against {defence}: ").format(
            attack=self.attack, defence=self.defence
        ) + (
            _("no chance on the table")
            if target is None
            else _("{target} or under").format(target=target)
        )
        if target is not None and roll <= target:
            margin = target - roll
            result = SUCCESS + (_(" by {margin}").format(margin=margin) if margin else "")
            return Reading(_two_d6(faces), result, SUCCESS, detail)
        return Reading(_two_d6(faces), FAILURE, FAILURE, detail)

    def odds(self) -> Mapping[str, Fraction]:
        success = success_chance(self.attack, self.defence)
        return {SUCCESS: success, FAILURE: 1 - success}


def column_name(column: str) -> str:
    return _("Column {column}").format(column=column)


@dataclass(frozen=True)
class DamageCheck:
    """A hit's damage roll: the Effect (after armour) against the target's BODY."""

    name: str
    effect: int
    body: int
    armour: int = 0
    limit: Limit = "full"
    damage: Mapping[str, str] = field(default_factory=dict)  # column -> the weapon's entry

    @property
    def through(self) -> int:
        return self.effect - self.armour

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.dice(2, 6))

    def column(self, faces: Sequence[int]) -> str | None:
        """The column ``faces`` read, or None when armour left no Effect."""
        if self.through < 1:
            return None
        return FOLDED[self.limit][damage_column(sum(faces), reach(self.through, self.body))]

    def read(self, faces: Sequence[int]) -> Reading:
        column = self.column(faces)
        if column is None:
            detail = _("armour leaves Effect {through}").format(through=self.through)
            return Reading(_two_d6(faces), NO_DAMAGE, NO_DAMAGE, detail)
        target = needed(self.through, self.body)
        detail = _("Effect {through} against BODY {body}: ").format(
            through=self.through, body=self.body
        ) + (
            _("no chance on the table")
            if target is None
            else _("{target} or under").format(target=target)
        )
        entry = self.damage.get(column, "").strip()
        result = column_name(column) + (_(", damage {entry}").format(entry=entry) if entry else "")
        return Reading(_two_d6(faces), result, column_name(column), detail)

    def odds(self) -> Mapping[str, Fraction]:
        if self.through < 1:
            return {NO_DAMAGE: Fraction(1)}
        chances = column_chances(self.through, self.body, self.limit)
        return {column_name(c): chances[c] for c in COLUMNS}


MISS = N_("Miss")


@dataclass(frozen=True)
class AttackCheck:
    """An attack: the table roll, then, on a hit, the damage roll."""

    name: str
    attack: int
    defence: int
    damage: DamageCheck

    def roll(self, roller: Roller, /) -> Reading:
        hit = roller.dice(2, 6)
        if not self._hits(hit):
            return self.read(hit, [])
        return self.read(hit, roller.dice(2, 6))

    def _hits(self, faces: Sequence[int]) -> bool:
        target = needed(self.attack, self.defence)
        return target is not None and sum(faces) <= target

    def read(self, hit: Sequence[int], harm: Sequence[int]) -> Reading:
        attack = TableCheck(self.name, self.attack, self.defence).read(hit)
        if not self._hits(hit):
            return Reading(attack.dice, MISS, MISS, attack.detail)
        damage = self.damage.read(harm)
        outcome = _("Hit, {lower}{outcome}").format(
            lower=damage.outcome[0].lower(), outcome=damage.outcome[1:]
        )
        dice = _("{dice}, then {dice2}").format(dice=attack.dice, dice2=damage.dice)
        return Reading(dice, outcome, outcome, f"{attack.detail}; {damage.detail}")

    def odds(self) -> Mapping[str, Fraction]:
        success = success_chance(self.attack, self.defence)
        out = {MISS: 1 - success}
        for name, p in self.damage.odds().items():
            out[f"Hit, {name[0].lower()}{name[1:]}"] = success * p
        return out


def skill_check(sheet: ForgottenFuturesSheet, row: int) -> TableCheck | Unrollable:
    skill = sheet_figures(sheet).skills[row]
    name = skill.name or _("Skill")
    if skill.rating_now is None:
        return Unrollable(name, _("no rating yet"))
    return TableCheck(name, skill.rating_now, DEFAULT_DEFENCE)


def characteristic_check(
    sheet: ForgottenFuturesSheet, characteristic: Characteristic
) -> TableCheck | Unrollable:
    """A roll of BODY, MIND or SOUL, as the wounds leave it, at the default difficulty 6."""
    name = label(characteristic)
    value = sheet_figures(sheet).characteristics_now[characteristic.value]
    if value is None:
        return Unrollable(name, _("no value yet"))
    return TableCheck(name, value, DEFAULT_DEFENCE)


def weapon_check(sheet: ForgottenFuturesSheet, row: int) -> DamageCheck | Unrollable:
    weapon = sheet_figures(sheet).weapons[row]
    name = _("{value} damage").format(value=weapon.name or 'Weapon')
    if weapon.effect_now is None:
        return Unrollable(name, weapon.effect_problem or _("no Effect yet"))
    columns = {"A": weapon.a, "B": weapon.b, "C": weapon.c}
    return DamageCheck(name, weapon.effect_now, TYPICAL_BODY, damage=columns)
