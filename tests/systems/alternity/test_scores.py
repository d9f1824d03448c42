"""The defaults the sheet uses where the excerpt points elsewhere, each overridable."""

from __future__ import annotations

from sheetapp.systems.alternity.derived import (
    last_resorts_max,
    sheet_action_check,
    sheet_actions,
    specialty_figure,
    track_maxima,
    weapon_skill,
)
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    BroadSkill,
    Durability,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.names import Ability, Track
from sheetapp.systems.alternity.scores import durability, resistance_modifier, untrained

A = Ability


def hero(**scores: int) -> AlternitySheet:
    return AlternitySheet(abilities={A(k): v for k, v in scores.items()})


def test_durability_from_constitution_and_its_override() -> None:
    assert durability(10) == {Track.STUN: 10, Track.WOUND: 10, Track.MORTAL: 5, Track.FATIGUE: 5}
    assert durability(9)[Track.MORTAL] == 5  # half, rounded up
    sheet = hero(constitution=10)
    sheet.durability = Durability(stun=11)
    assert track_maxima(sheet) == {
        Track.STUN: 11,
        Track.WOUND: 10,
        Track.MORTAL: 5,
        Track.FATIGUE: 5,
    }
    assert track_maxima(hero())[Track.STUN] is None


def test_resistance_modifiers_by_score() -> None:
    assert [resistance_modifier(s) for s in range(3, 17)] == [
        -2, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3,
    ]  # fmt: skip


def test_action_check_is_half_dexterity_plus_intelligence_rounded_up_plus_bonus() -> None:
    sheet = hero(dexterity=13, intelligence=10)
    check = sheet_action_check(sheet)
    assert check is not None and check.as_dict() == {
        "marginal": 13,
        "ordinary": 12,
        "good": 6,
        "amazing": 3,
    }
    sheet.action_check_bonus = 3
    check = sheet_action_check(sheet)
    assert check is not None and check.ordinary == 15
    assert sheet_action_check(hero(dexterity=9)) is None


def test_actions_per_round_from_constitution_and_will_or_override() -> None:
    assert sheet_actions(hero(constitution=9, will=9)) == 2
    assert sheet_actions(hero(constitution=7, will=8)) == 1
    sheet = hero(constitution=7, will=8)
    sheet.actions_per_round = 3
    assert sheet_actions(sheet) == 3


def test_last_resort_maximum_default_and_override() -> None:
    assert last_resorts_max(hero(personality=9)) == 1
    assert last_resorts_max(hero(personality=14)) == 2
    sheet = hero(personality=9)
    sheet.last_resorts_max = 4
    assert last_resorts_max(sheet) == 4


def test_skill_scores_ordinary_good_amazing() -> None:
    sheet = hero(dexterity=11)
    sheet.broad_skills = [BroadSkill(name="Stealth", ability=A.DEXTERITY)]
    sheet.specialty_skills = [SpecialtySkill(broad="Stealth", name="sneak", rank=2)]
    score = specialty_figure(sheet, sheet.specialty_skills[0])
    assert score is not None
    # A trained specialty rolls +d0 at any rank (the rank adds to the score): the reading
    # that gives Mad Dog's example its +d4 for the broad skill alone.
    assert score.as_dict() == {"ordinary": 13, "good": 6, "amazing": 3, "step": 0, "die": "+d0"}
    sheet.specialty_skills[0].base_step = -4
    score = specialty_figure(sheet, sheet.specialty_skills[0])
    assert score is not None and score.die == "-d12"
    assert untrained(11).as_dict() == {
        "ordinary": 5,
        "good": 2,
        "amazing": 1,
        "step": 1,
        "die": "+d4",
    }


def test_a_weapon_finds_its_specialty_or_broad_skill() -> None:
    sheet = hero(strength=12)
    sheet.broad_skills = [BroadSkill(name="Melee Weapons", ability=A.STRENGTH)]
    sheet.specialty_skills = [SpecialtySkill(broad="Melee Weapons", name="blade", rank=1)]
    knife = Weapon(name="Knife", skill="Melee Weapons-blade")
    club = Weapon(name="Club", skill="melee weapons")
    gun = Weapon(name="Gun", skill="Modern Ranged Weapons-pistol")
    assert weapon_skill(sheet, knife).score == 13  # type: ignore[union-attr]
    assert weapon_skill(sheet, club).score == 12  # type: ignore[union-attr]
    assert weapon_skill(sheet, gun) is None
