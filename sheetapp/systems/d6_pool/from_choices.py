"""A sheet built from the choices a player makes in the text's creation steps.

The creation wizard and the tests both go through :func:`sheet_from_choices`, so what the
wizard shows on each page is the sheet the rules check, and a test can build the same sheet
from the same choices without a window. Choices name the rules' sample skills, traits and
equipment; a GM's own additions are typed on the sheet afterwards.

Skills and traits get ids from their place in the sample lists, so the same choices always
give an equal sheet (the ids only have to be unique within one sheet, for the XP ledger).

>>> choices = D6Choices(dice=[3, 4, 2, 5, 6, 1], attributes={Attribute.STAMINA: 3})
>>> sheet = sheet_from_choices(choices)
>>> sheet.attribute_roll, sheet.attributes
(21, {<Attribute.STAMINA: 'stamina'>: 3})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.d6_pool.catalog import EQUIPMENT, SKILLS, TRAITS, item_line
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill, Trait
from sheetapp.systems.d6_pool.names import ATTRIBUTE_DICE, Attribute

DIE_SIDES = 6


def _no_dice() -> list[int | None]:
    return [None] * ATTRIBUTE_DICE


@dataclass
class D6Choices:
    """What a player has chosen so far, step by step; a rating of 0 means "not taken"."""

    name: str = ""
    player: str = ""
    concept: str = ""
    # The six dice of the attribute roll, None for a die not rolled yet.
    dice: list[int | None] = field(default_factory=_no_dice)
    attributes: dict[Attribute, int] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)  # sample skill -> rating
    traits: dict[str, int] = field(default_factory=dict)  # sample trait -> rating
    equipment: list[str] = field(default_factory=list)  # sample item names


def attribute_roll(dice: Sequence[int | None]) -> int | None:
    """The 6d6 total, or None while a die is still to be rolled.

    >>> attribute_roll([6, 6, 1, 1, 2, 3]), attribute_roll([6, None, 1, 1, 2, 3])
    (19, None)
    """
    if len(dice) != ATTRIBUTE_DICE:
        raise ValueError(
            _("the attribute roll is {ATTRIBUTE_DICE} dice, not {count}").format(
                ATTRIBUTE_DICE=ATTRIBUTE_DICE, count=len(dice)
            )
        )
    for die in dice:
        if die is not None and not 1 <= die <= DIE_SIDES:
            raise ValueError(
                _("a d{DIE_SIDES} shows 1 to {DIE_SIDES}, not {die}").format(
                    DIE_SIDES=DIE_SIDES, die=die
                )
            )
    if any(die is None for die in dice):
        return None
    return sum(die for die in dice if die is not None)


def roll_missing_dice(roller: Roller, dice: Sequence[int | None]) -> list[int]:
    """``dice`` with every die not rolled yet rolled by ``roller`` (dice typed in are kept).

    >>> roll_missing_dice(Roller(1), [6, 6, 6, 6, 6, 6])
    [6, 6, 6, 6, 6, 6]
    """
    attribute_roll(dice)  # refuses a wrong count or a face no d6 has
    rolled = iter(roller.dice(sum(die is None for die in dice), DIE_SIDES))
    return [next(rolled) if die is None else die for die in dice]


def _taken(wanted: Mapping[str, int], known: Sequence[str], what: str) -> list[tuple[int, str]]:
    unknown = sorted(set(wanted) - set(known))
    if unknown:
        raise ValueError(
            _("not a sample {what}: {join}").format(what=what, join=", ".join(unknown))
        )
    return [(i, name) for i, name in enumerate(known) if wanted.get(name, 0) > 0]


def sheet_from_choices(choices: D6Choices) -> D6PoolSheet:
    """The character as chosen so far: attributes shared from the roll, the sample skills
    and traits at their ratings (in the samples' order) and the sample gear picked."""
    skills = [
        Skill(id=f"skill-{i}", name=name, attribute=SKILLS[name], rating=choices.skills[name])
        for i, name in _taken(choices.skills, list(SKILLS), "skill")
    ]
    samples = {t.name: t for t in TRAITS}
    traits = []
    for i, name in _taken(choices.traits, list(samples), "trait"):
        sample = samples[name]
        traits.append(
            Trait(
                id=f"trait-{i}",
                name=name,
                kind="negative" if sample.kind == "negative" else "positive",
                rating=choices.traits[name],
                attribute=sample.attribute,
                skill=sample.skill,
            )
        )
    gear = {e.name: e for e in EQUIPMENT}
    unknown = sorted(set(choices.equipment) - set(gear))
    if unknown:
        raise ValueError(_("not a sample item: {join}").format(join=', '.join(unknown)))
    return D6PoolSheet(
        name=choices.name,
        player=choices.player,
        concept=choices.concept,
        attribute_roll=attribute_roll(choices.dice),
        attributes={a: choices.attributes[a] for a in Attribute if a in choices.attributes},
        skills=skills,
        traits=traits,
        equipment=[item_line(e) for e in EQUIPMENT if e.name in choices.equipment],
    )
