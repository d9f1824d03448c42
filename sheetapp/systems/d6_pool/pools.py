"""How many dice a roll gets, itemised so a tooltip or sheet can show where they come from.

Skill roll: attribute + skill; trait roll: attribute + trait, + a skill when the trait
names one the character has. Without the skill, half the
attribute, rounded down. An equipped tool for the skill adds its bonus, and so does a trait
made for it (Aquatic adds its rating to every roll to swim, with or without the skill). A
negative trait that hampers an attribute (Missing Limb: Strength and Dexterity) takes its
rating off every pool of that attribute; missing every limb makes those pools 0: the roll
cannot be made. A pool never falls below 0 dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.catalog import MISSING_LIMB, trait_sample
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill, Trait
from sheetapp.systems.d6_pool.names import Attribute, label
from sheetapp.systems.wording import plain_count


@dataclass(frozen=True)
class Pool:
    dice: int
    steps: tuple[tuple[str, int], ...] = field(default=())
    blocked: str = ""  # why the roll cannot be made at all (then ``dice`` is 0)

    def explain(self) -> str:
        """ "Dexterity 4 + Ranged 2 = 6 dice"."""
        if self.blocked:
            return _("0 dice: {blocked}").format(blocked=self.blocked)
        if not self.steps:
            return plain_count(self.dice, "die")
        parts = [
            f"{name} {amount:+d}" if i else f"{name} {amount}"
            for i, (name, amount) in enumerate(self.steps)
        ]
        return f"{' '.join(parts)} = {plain_count(self.dice, 'die')}"


def finish(
    sheet: D6PoolSheet, attribute: Attribute | None, steps: list[tuple[str, int]]
) -> Pool:
    """The pool these steps add up to, with the hindrances of ``attribute``; 0 when the
    character cannot make a roll of it at all."""
    steps = steps + hindrances(sheet, attribute)
    reason = blocked(sheet, attribute)
    if reason:
        return Pool(0, tuple(steps), reason)
    return Pool(max(0, sum(amount for _unused, amount in steps)), tuple(steps))


def blocked(sheet: D6PoolSheet, attribute: Attribute | None) -> str:
    """Why no pool of ``attribute`` can be rolled ("" when it can): missing every limb."""
    for trait in sheet.traits:
        sample = trait_sample(trait.name)
        if trait.all_limbs and sample and sample.name == MISSING_LIMB:
            if attribute in sample.penalises:
                return _("{name} (every limb): no roll of {label}").format(
                    name=trait.name, label=label(attribute)
                )
    return ""


def granted_traits(sheet: D6PoolSheet) -> list[Trait]:
    """Traits that gear in use gives (a potion drunk), as traits of the sample's shape."""
    out = []
    for item in sheet.equipment:
        name = item.grants_trait.strip()
        if not (item.equipped and name):
            continue
        sample = trait_sample(name)
        out.append(
            Trait(
                name=sample.name if sample else name,
                rating=item.trait_rating,
                attribute=sample.attribute if sample else None,
                skill=sample.skill if sample else "",
                in_play=True,
                note=_("from {value}").format(value=item.name or 'gear'),
            )
        )
    return out


def boosts(sheet: D6PoolSheet, skill_name: str) -> list[tuple[str, int]]:
    """Positive traits that add their rating to rolls of ``skill_name`` (Aquatic: Swimming)."""
    key = skill_name.strip().casefold()
    found = []
    for trait in [*sheet.traits, *granted_traits(sheet)]:
        sample = trait_sample(trait.name)
        adds = sample.adds_to if sample else ()
        if trait.kind == "positive" and trait.rating and key in (a.casefold() for a in adds):
            found.append((trait.name, trait.rating))
    return found


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
        (item.name or _("Tool"), item.bonus)
        for item in sheet.equipment
        if item.equipped and item.bonus and key and item.skill.strip().casefold() == key
    ]


def attribute_pool(sheet: D6PoolSheet, attribute: Attribute, *, half: bool = False) -> list:
    score = sheet.attributes.get(attribute, 0)
    if half:
        return [(_("half {label}").format(label=label(attribute)), score // 2)]
    return [(label(attribute), score)]


def skill_pool(sheet: D6PoolSheet, skill: Skill) -> Pool | None:
    """Attribute + skill (+ tools); None while the skill has no attribute to roll with."""
    if skill.attribute is None:
        return None
    steps = attribute_pool(sheet, skill.attribute)
    steps.append((skill.name or _("Skill"), skill.rating or 0))
    steps += tool_bonuses(sheet, skill.name) + boosts(sheet, skill.name)
    return finish(sheet, skill.attribute, steps)


def trait_pool(sheet: D6PoolSheet, trait: Trait) -> Pool | None:
    if trait.attribute is None or trait.kind != "positive":
        return None
    steps = attribute_pool(sheet, trait.attribute)
    skill = find_skill(sheet, trait.skill) if trait.skill.strip() else None
    if skill is not None:
        steps.append((skill.name, skill.rating or 0))
    steps.append((trait.name or _("Trait"), trait.rating or 0))
    return finish(sheet, trait.attribute, steps)


def unskilled_pool(sheet: D6PoolSheet, attribute: Attribute) -> Pool:
    """Half the attribute, rounded down: a roll without the skill or trait it calls for."""
    return finish(sheet, attribute, attribute_pool(sheet, attribute, half=True))


def skill_or_unskilled(
    sheet: D6PoolSheet,
    name: str,
    attribute: Attribute,
    extra: Sequence[tuple[str, int]] = (),
) -> Pool:
    """The pool for a roll of ``attribute`` + the skill ``name``, or half the attribute;
    traits made for the skill and any ``extra`` steps add to either."""
    skill = find_skill(sheet, name)
    if skill is None:
        steps = attribute_pool(sheet, attribute, half=True)
    else:
        steps = attribute_pool(sheet, attribute)
        steps.append((skill.name, skill.rating or 0))
        steps += tool_bonuses(sheet, skill.name)
    return finish(sheet, attribute, steps + boosts(sheet, name) + list(extra))
