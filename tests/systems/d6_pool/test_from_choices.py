"""The sheet the creation wizard builds, from choices alone (no window)."""

from __future__ import annotations

import pytest

from sheetapp.dice import Roller
from sheetapp.findings import has_errors
from sheetapp.systems.d6_pool.creation import budget
from sheetapp.systems.d6_pool.from_choices import (
    D6Choices,
    attribute_roll,
    roll_missing_dice,
    sheet_from_choices,
)
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.rules import check

A = Attribute
# 21 rolled: Str 3, Dex 5, Sta 3, Int 4, Wis 3, Cha 3 -> 10 skill points.
GUMSHOE = D6Choices(
    name="Sam Dunn",
    player="Ann",
    concept="Gumshoe",
    dice=[3, 4, 2, 5, 6, 1],
    attributes={
        A.STRENGTH: 3,
        A.DEXTERITY: 5,
        A.STAMINA: 3,
        A.INTELLIGENCE: 4,
        A.WISDOM: 3,
        A.CHARISMA: 3,
    },
    skills={"Dodge": 3, "Ranged": 4, "Driving": 3, "Mechanics": 2},
    traits={"Phobia": 2, "Fire Breathing": 6},
    equipment=[".38 Special Revolver", "Mechanic's Toolbox"],
)


def test_a_whole_character_checks_clean():
    sheet = sheet_from_choices(GUMSHOE)
    assert sheet.attribute_roll == 21
    assert [(s.name, s.attribute, s.rating) for s in sheet.skills] == [
        ("Dodge", A.DEXTERITY, 3),
        ("Driving", A.DEXTERITY, 3),
        ("Mechanics", A.INTELLIGENCE, 2),
        ("Ranged", A.DEXTERITY, 4),
    ]
    assert [(t.name, t.kind, t.rating, t.skill) for t in sheet.traits] == [
        ("Fire Breathing", "positive", 6, "Ranged"),
        ("Phobia", "negative", 2, ""),
    ]
    assert [e.name for e in sheet.equipment] == [".38 Special Revolver", "Mechanic's Toolbox"]
    # 8 trait points (6 + Phobia 2), 6 on Fire Breathing, 2 left over paying for skills.
    spent = budget(sheet)
    assert (spent.trait_points, spent.skill_points, spent.from_traits) == (8, 10, 2)
    assert not has_errors(check(sheet))
    assert all(f.severity.value == "info" for f in check(sheet))


def test_the_same_choices_give_an_equal_sheet():
    assert sheet_from_choices(GUMSHOE) == sheet_from_choices(GUMSHOE)


def test_untaken_choices_are_left_out():
    sheet = sheet_from_choices(D6Choices(skills={"Dodge": 0}, traits={"Rage": 0}))
    assert sheet.skills == [] and sheet.traits == [] and sheet.attribute_roll is None


@pytest.mark.parametrize(
    "choices",
    [
        D6Choices(skills={"Juggling": 1}),
        D6Choices(traits={"Flight": 1}),
        D6Choices(equipment=["Tank"]),
        D6Choices(dice=[7, 1, 1, 1, 1, 1]),
        D6Choices(dice=[1]),
    ],
)
def test_choices_outside_the_samples_are_refused(choices):
    with pytest.raises(ValueError):
        sheet_from_choices(choices)


def test_the_roll_waits_for_every_die():
    assert attribute_roll([1, 2, 3, 4, 5, None]) is None
    assert attribute_roll([1, 2, 3, 4, 5, 6]) == 21


def test_rolling_keeps_the_dice_typed_in():
    rolled = roll_missing_dice(Roller(7), [None, 6, None, 1, None, None])
    assert rolled[1] == 6 and rolled[3] == 1
    assert all(1 <= die <= 6 for die in rolled)
    assert rolled == roll_missing_dice(Roller(7), [None, 6, None, 1, None, None])
