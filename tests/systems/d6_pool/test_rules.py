"""What the rules report about sheets in progress and sheets gone wrong."""

from __future__ import annotations

from sheetapp.findings import Severity
from sheetapp.systems.d6_pool.field_labels import field_label
from sheetapp.systems.d6_pool.model import D6PoolSheet, ExtraAttribute, Item, Skill, Trait
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.rules import check

from .sheets import finished


def codes(sheet: D6PoolSheet) -> dict[str, tuple[str, str]]:
    return {f.code: (f.severity.value, f.path) for f in check(sheet)}


def test_the_finished_character_has_no_findings() -> None:
    assert check(finished()) == []


def test_a_blank_sheet_has_warnings_and_no_errors() -> None:
    found = check(D6PoolSheet())
    assert found and all(f.severity is Severity.WARNING for f in found)
    assert {f.path for f in found} >= {"attribute_roll", "attributes.stamina"}


def test_an_attribute_above_6_at_creation_is_an_error() -> None:
    sheet = finished()
    sheet.attributes = {**sheet.attributes, Attribute.STRENGTH: 7}
    assert codes(sheet)["d6.attributes.range"] == ("error", "attributes.strength")
    assert codes(sheet)["d6.attributes.overspent"][0] == "error"


def test_points_left_to_assign_are_a_warning() -> None:
    sheet = finished()
    sheet.attribute_roll = 24
    found = [f for f in check(sheet) if f.code == "d6.attributes.unspent"]
    assert found and "2 of the 24" in found[0].message


def test_a_6d6_total_outside_6_to_36_is_an_error() -> None:
    sheet = finished()
    sheet.attribute_roll = 40
    assert codes(sheet)["d6.attributes.roll_range"] == ("error", "attribute_roll")


def test_gm_attributes_add_their_1d6_and_are_checked() -> None:
    sheet = finished()
    sheet.extra_attributes = [ExtraAttribute(name="Sanity", score=4, roll=4)]
    assert check(sheet) == []
    sheet.extra_attributes[0].roll = 7
    assert codes(sheet)["d6.extra.roll_range"] == ("error", "extra_attributes[0].roll")


def test_skills_over_budget_and_ratings_out_of_range() -> None:
    sheet = finished()
    sheet.skills[0].rating = 3  # one point more than skill and trait points allow
    assert codes(sheet)["d6.skills.overspent"] == ("error", "skills")
    sheet.skills[0].rating = 7
    assert codes(sheet)["d6.skills.rating"] == ("error", "skills[0].rating")


def test_skill_points_cannot_buy_traits() -> None:
    sheet = finished()
    sheet.traits[0].rating = 6
    sheet.traits.append(Trait(name="Fireproof", rating=3))  # 9 of 8 trait points
    assert codes(sheet)["d6.traits.overspent"] == ("error", "traits")


def test_unspent_skill_points_warn_and_unspent_trait_points_inform() -> None:
    sheet = finished()
    sheet.skills[3].rating = 1  # 3 points back: skill points first, so trait points stay
    assert codes(sheet)["d6.traits.unspent"][0] == "info"
    sheet.skills[4].rating = 1  # 3 more: now the skill points themselves are unspent
    assert codes(sheet)["d6.skills.unspent"][0] == "warning"


def test_traits_gained_in_play_cost_no_points() -> None:
    sheet = finished()
    sheet.traits.append(Trait(name="Rage", kind="negative", rating=4, in_play=True))
    assert check(sheet) == []


def test_duplicate_and_unnamed_lines_are_warnings() -> None:
    sheet = finished()
    sheet.skills.append(Skill(name="ranged ", attribute=Attribute.DEXTERITY, rating=1))
    sheet.traits.append(Trait(rating=1, in_play=True))
    found = codes(sheet)
    assert found["d6.skills.duplicate"] == ("warning", "skills[5].name")
    assert found["d6.traits.name"] == ("warning", "traits[2].name")


def test_equipment_and_damage_must_not_be_negative() -> None:
    sheet = finished()
    sheet.equipment.append(Item(name="Bad shield", armour=-1))
    sheet.equipment.append(Item(name="Club", attack="melee"))
    sheet.lethal_damage = -2
    found = codes(sheet)
    assert found["d6.equipment.armour"] == ("error", "equipment[4].armour")
    assert found["d6.equipment.damage_missing"] == ("warning", "equipment[5].damage")
    assert found["d6.damage.lethal"] == ("error", "lethal_damage")


def test_field_labels_read_as_a_player_would() -> None:
    sheet = finished()
    assert field_label(sheet, "traits[1].rating") == "Traits › Phobia › Rating"
    assert field_label(sheet, "attribute_roll") == "6d6 roll"
    assert field_label(sheet, "attributes.stamina") == "Attributes › Stamina"
