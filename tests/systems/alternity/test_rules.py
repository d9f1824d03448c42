"""Findings: an unfinished hero gets warnings that say what to do; broken values are errors;
the random hero is clean."""

from __future__ import annotations

from sheetapp.findings import Severity
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    Armour,
    BroadSkill,
    Damage,
    Durability,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.alternity.rules import check

A = Ability
HUMAN = {A.STRENGTH: 10, A.DEXTERITY: 10, A.CONSTITUTION: 10}
HUMAN |= {A.INTELLIGENCE: 10, A.WILL: 10, A.PERSONALITY: 10}


def codes(sheet: AlternitySheet) -> dict[str, tuple[str, Severity]]:
    return {f.code: (f.path, f.severity) for f in check(sheet)}


def test_a_blank_sheet_has_only_warnings_naming_each_missing_ability() -> None:
    findings = check(AlternitySheet())
    assert findings and all(f.severity is not Severity.ERROR for f in findings)
    missing = [f.path for f in findings if f.code == "alt.abilities.missing"]
    assert missing == [f"abilities.{a.value}" for a in Ability]


def test_ability_budget_and_range_in_force() -> None:
    sheet = AlternitySheet(name="Ana", abilities=dict(HUMAN))
    assert "alt.abilities.total" not in codes(sheet)
    sheet.abilities = {**HUMAN, A.STRENGTH: 15}
    found = codes(sheet)
    assert found["alt.abilities.range"] == ("abilities.strength", Severity.WARNING)
    assert found["alt.abilities.total"][0] == "abilities"
    # a species with a wider range and a bigger budget
    sheet.settings.ability_max = 16
    sheet.settings.ability_points = 65
    assert not {"alt.abilities.range", "alt.abilities.total"} & set(codes(sheet))


def test_skills_need_their_broad_skill_and_the_excerpts_ability() -> None:
    sheet = AlternitySheet(
        name="Ana",
        abilities=dict(HUMAN),
        broad_skills=[BroadSkill(name="Street Smart", ability=A.STRENGTH)],
        specialty_skills=[SpecialtySkill(broad="Stealth", name="sneak", rank=-1)],
    )
    found = codes(sheet)
    assert found["alt.skills.ability"] == ("broad_skills[0].ability", Severity.WARNING)
    assert found["alt.skills.no_broad"] == ("specialty_skills[0].broad", Severity.WARNING)
    assert found["alt.skills.rank"] == ("specialty_skills[0].rank", Severity.ERROR)
    sheet.broad_skills[0].ability = A.WILL  # "Intelligence or Will"
    assert "alt.skills.ability" not in codes(sheet)


def test_damage_ratings_and_armour_must_be_dice() -> None:
    sheet = AlternitySheet(
        name="Ana",
        abilities=dict(HUMAN),
        weapons=[Weapon(name="Gun", damage="d4s/d6w")],
        armour=[Armour(name="Vest", li="d6-2", hi="plenty")],
    )
    found = codes(sheet)
    assert found["alt.weapons.damage"] == ("weapons[0].damage", Severity.ERROR)
    assert found["alt.armour.protection"] == ("armour[0].hi", Severity.ERROR)


def test_marks_past_the_boxes_are_errors_and_overrides_count() -> None:
    sheet = AlternitySheet(name="Ana", abilities=dict(HUMAN), damage=Damage(stun=11))
    assert codes(sheet)["alt.damage.over"] == ("damage.stun", Severity.ERROR)
    sheet.durability = Durability(stun=12)
    assert "alt.damage.over" not in codes(sheet)


def test_last_resorts_above_the_maximum_warn() -> None:
    sheet = AlternitySheet(name="Ana", abilities=dict(HUMAN), last_resorts=3)
    assert codes(sheet)["alt.last_resorts.over"][1] is Severity.WARNING
    sheet.last_resorts_max = 3
    assert "alt.last_resorts.over" not in codes(sheet)


def test_stored_skill_points_below_zero_are_an_error_naming_the_field() -> None:
    sheet = AlternitySheet(name="Ana", abilities=dict(HUMAN), skill_points=-2)
    assert codes(sheet)["alt.skill_points.negative"] == ("skill_points", Severity.ERROR)
    sheet.skill_points = 0
    assert "alt.skill_points.negative" not in codes(sheet)


def test_overloaded_hero_is_told_to_drop_something() -> None:
    from sheetapp.systems.alternity.model import Equipment

    sheet = AlternitySheet(
        name="Ana", abilities=dict(HUMAN), equipment=[Equipment(name="Anvil", weight_kg=61)]
    )
    assert codes(sheet)["alt.load.overloaded"] == ("equipment", Severity.WARNING)
