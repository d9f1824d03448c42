"""How many dice a roll gets, itemised so a tooltip or sheet can show where they come from.

Skill roll: attribute + skill; trait roll: attribute + trait, + a skill when the trait
names one the character has. Without the skill, half the
attribute, rounded down. An equipped tool for the skill adds its bonus. A negative trait
that hampers an attribute (Missing Limb: Strength and Dexterity) takes its rating off every
pool of that attribute. A pool never falls below 0 dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.systems.d6_pool.catalog import trait_sample
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill, Trait
from sheetapp.systems.d6_pool.names import Attribute, label


@dataclass(frozen=True)
class Pool:
    dice: int
    steps: tuple[tuple[str, int], ...] = field(default=())

    def explain(self) -> str:
        """ "Dexterity 4 + Ranged 2 = 6 dice"."""
        if not self.steps:
            return f"{self.dice} dice"
        parts = [
            f"{name} {amount:+d}" if i else f"{name} {amount}"
            for i, (name, amount) in enumerate(self.steps)
        ]
        return f"{' '.join(parts)} = {self.dice} dice"


def _finish(steps: list[tuple[str, int]]) -> Pool:
    return Pool(max(0, sum(amount for _, amount in steps)), tuple(steps))


def hindrances(sheet: D6PoolSheet, attribute: Attribute | None) -> list[tuple[str, int]]:
    """Negative traits that take dice from pools of ``attribute``."""
    if attribute is None:
        return []
    found = []
    for trait in sheet.traits:
        sample = trait_sample(trait.name)
        if sample and trait.kind == "negative" and attribute in sample.penalises and trait.rating:
            found.append((trait.name, -abs(trait.rating)))
    return found


def find_skill(sheet: D6PoolSheet, name: str) -> Skill | None:
    """The character's skill of this name (any case) with a rating of 1 or more."""
    key = name.strip().casefold()
    return next(
        (s for s in sheet.skills if s.name.strip().casefold() == key and (s.rating or 0) > 0),
        None,
    )


def tool_bonuses(sheet: D6PoolSheet, skill_name: str) -> list[tuple[str, int]]:
    key = skill_name.strip().casefold()
    return [
        (item.name or "Tool", item.bonus)
        for item in sheet.equipment
        if item.equipped and item.bonus and key and item.skill.strip().casefold() == key
    ]


def attribute_pool(sheet: D6PoolSheet, attribute: Attribute, *, half: bool = False) -> list:
    score = sheet.attributes.get(attribute, 0)
    if half:
        return [(f"half {label(attribute)}", score // 2)]
    return [(label(attribute), score)]


def skill_pool(sheet: D6PoolSheet, skill: Skill) -> Pool | None:
    """Attribute + skill (+ tools); None while the skill has no attribute to roll with."""
    if skill.attribute is None:
        return None
    steps = attribute_pool(sheet, skill.attribute)
    steps.append((skill.name or "Skill", skill.rating or 0))
    steps += tool_bonuses(sheet, skill.name)
    steps += hindrances(sheet, skill.attribute)
    return _finish(steps)


def trait_pool(sheet: D6PoolSheet, trait: Trait) -> Pool | None:
    if trait.attribute is None or trait.kind != "positive":
        return None
    steps = attribute_pool(sheet, trait.attribute)
    skill = find_skill(sheet, trait.skill) if trait.skill.strip() else None
    if skill is not None:
        steps.append((skill.name, skill.rating or 0))
    steps.append((trait.name or "Trait", trait.rating or 0))
    steps += hindrances(sheet, trait.attribute)
    return _finish(steps)


def unskilled_pool(sheet: D6PoolSheet, attribute: Attribute) -> Pool:
    """Half the attribute, rounded down: a roll without the skill or trait it calls for."""
    return _finish(attribute_pool(sheet, attribute, half=True) + hindrances(sheet, attribute))


def skill_or_unskilled(sheet: D6PoolSheet, name: str, attribute: Attribute) -> Pool:
    """The pool for a roll of ``attribute`` + the skill ``name``, or half the attribute."""
    skill = find_skill(sheet, name)
    if skill is None:
        return unskilled_pool(sheet, attribute)
    steps = attribute_pool(sheet, attribute)
    steps.append((skill.name, skill.rating or 0))
    steps += tool_bonuses(sheet, skill.name) + hindrances(sheet, attribute)
    return _finish(steps)
