"""Rolling an Alternity check from the sheet: the d20 control die plus the situation die,
at or under the score, read as a degree of success.

>>> check = SituationCheck("Vehicle op-land", 13, 1)  # +d4
>>> check.read(2, [1]).result, check.read(12, [4]).result
('Amazing success', 'Failure')
>>> check.read(20, [1]).result
'Critical failure'
>>> check.read(5, [3]).text()
'd20 5 +d4 3 = 8 (against 13; Good 6, Amazing 3) → Ordinary success'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetapp.i18n import _
from sheetapp.systems.alternity.checks import CONTROL_SIDES, Thresholds, check_odds, roll_degree
from sheetapp.systems.alternity.derived import (
    broad_figure,
    specialty_ability,
    specialty_figure,
    weapon_skill,
)
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Degree, label
from sheetapp.systems.alternity.play import plan_check
from sheetapp.systems.alternity.situation import die_for
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller


SUCCESSES = (Degree.ORDINARY, Degree.GOOD, Degree.AMAZING)


def degree_name(degree: Degree) -> str:
    """ "Amazing success", "Critical failure": the outcome keys of a check's odds."""
    if degree in SUCCESSES:
        return _("{label} success").format(label=label(degree))
    return label(degree)


@dataclass(frozen=True)
class SituationCheck:
    name: str
    score: int
    step: int  # the situation die after every modifier
    damage: tuple[str, ...] = ()  # a weapon's damage by degree: Ordinary, Good, Amazing

    @property
    def die(self) -> str:
        """The situation die this check rolls, "+d4" or "-d6", as a sheet shows it."""
        return die_for(self.step).label

    @property
    def thresholds(self) -> Thresholds:
        return Thresholds.of(self.score)

    def roll(self, roller: Roller, /) -> Reading:
        die = die_for(self.step)
        control = roller.die(CONTROL_SIDES)
        return self.read(control, roller.dice(die.count, die.sides) if die.count else [])

    def read(self, control: int, situation: Sequence[int]) -> Reading:
        """How a control die of ``control`` and situation dice showing ``situation`` read."""
        die = die_for(self.step)
        added = die.sign * sum(situation)
        outcome = roll_degree(control, added, self.score, self.step)
        name = degree_name(outcome.degree)
        result = name + (_(", and bad luck") if outcome.bad_luck else "")
        if outcome.degree in SUCCESSES and len(self.damage) == len(SUCCESSES):
            result += _(": damage {damage}").format(
                damage=self.damage[SUCCESSES.index(outcome.degree)]
            )
        faces = " + ".join(map(str, situation))
        shown = f"{die.label} {faces}" if situation else die.label
        limits = Thresholds.of(self.score)
        dice = f"d20 {control} {shown} = {control + added}"
        detail = _("against {score}; Good {good}, Amazing {amazing}").format(
            score=self.score, good=limits.good, amazing=limits.amazing
        )
        return Reading(dice, result, name, detail)

    def odds(self) -> Mapping[str, Fraction]:
        odds = check_odds(max(self.score, 0), self.step)
        return {degree_name(d): odds.of(d) for d in reversed(Degree)}


def broad_check(sheet: AlternitySheet, row: int) -> SituationCheck | Unrollable:
    """The broad skill on ``row`` rolled alone (a specialty the hero lacks), with what the
    hero's state adds to the die."""
    broad = sheet.broad_skills[row]
    name = broad.name or _("Broad skill")
    score = broad_figure(sheet, broad)
    if score is None:
        return Unrollable(name, _("no {label} score yet").format(label=label(broad.ability)))
    plan = plan_check(sheet, score.score, score.step, broad.ability)
    return SituationCheck(name, score.score, plan.step)


def specialty_check(sheet: AlternitySheet, row: int) -> SituationCheck | Unrollable:
    skill = sheet.specialty_skills[row]
    name = f"{skill.broad}-{skill.name}" if skill.broad else skill.name or _("Specialty")
    score = specialty_figure(sheet, skill)
    if score is None:
        return Unrollable(name, _("no ability score for its broad skill yet"))
    plan = plan_check(sheet, score.score, score.step, specialty_ability(sheet, skill))
    return SituationCheck(name, score.score, plan.step)


def weapon_check(sheet: AlternitySheet, row: int) -> SituationCheck | Unrollable:
    """An attack with the weapon on ``row``: its skill's score and die, moved by the weapon's
    accuracy and the hero's state; a success reads the damage of its degree."""
    weapon = sheet.weapons[row]
    name = weapon.name or _("Weapon")
    score = weapon_skill(sheet, weapon)
    if score is None:
        return Unrollable(name, _("the hero has no skill its Skill column names"))
    accuracy = [(_("Accuracy"), weapon.accuracy or 0)]
    plan = plan_check(sheet, score.score, score.step, score.ability, accuracy)
    damage = tuple(part.strip() for part in weapon.damage.split("/"))
    return SituationCheck(name, score.score, plan.step, damage if len(damage) == 3 else ())
