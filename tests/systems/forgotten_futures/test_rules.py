"""What the rules say about records in progress, finished and wrong."""

from __future__ import annotations

from sheetapp.findings import Severity
from sheetapp.systems.forgotten_futures.field_labels import field_label
from sheetapp.systems.forgotten_futures.generation import blank_sheet
from sheetapp.systems.forgotten_futures.model import (
    BonusEntry,
    ForgottenFuturesSheet,
    Skill,
    Weapon,
    Wounds,
)
from sheetapp.systems.forgotten_futures.rules import check


def codes(sheet: ForgottenFuturesSheet, severity: Severity | None = None) -> list[str]:
    return [f.code for f in check(sheet) if severity is None or f.severity is severity]


def finished(**kw) -> ForgottenFuturesSheet:
    """A legal record: 5+7+3 on characteristics, 4 on skills, 2 saved (4 bonus points)."""
    base = dict(
        name="Captain Harriet Vane",
        profession="Aeronaut",
        characteristics={"body": 4, "mind": 5, "soul": 3},
        skills=[
            Skill(name="Brawling", base="B", points=0),
            Skill(name="Stealth", base="B/2", points=0),
            Skill(name="Pilot", base="AvB&M/2", points=3),
            Skill(name="Mechanic", base="M", points=1),
        ],
    )
    base.update(kw)
    return ForgottenFuturesSheet(**base)


def test_a_blank_sheet_has_warnings_and_no_errors() -> None:
    sheet = blank_sheet()
    assert codes(sheet, Severity.ERROR) == []
    assert codes(sheet, Severity.WARNING).count("ff.characteristic.missing") == 3
    assert "ff.identity.name" in codes(sheet)


def test_a_finished_record_is_clean() -> None:
    assert [c for c in codes(finished()) if c != "ff.points.saved"] == []


def test_overspending_is_an_error_that_names_the_excess() -> None:
    sheet = finished(characteristics={"body": 6, "mind": 6, "soul": 4})
    found = [f for f in check(sheet) if f.code == "ff.points.over"]
    assert found and "take 8 off" in found[0].message  # 10 + 10 + 5 + 4 = 29


def test_referee_points_change_the_budget() -> None:
    sheet = finished(characteristics={"body": 6, "mind": 6, "soul": 4})
    sheet.settings.character_points = 30
    assert "ff.points.over" not in codes(sheet)


def test_skill_points_at_creation_are_one_to_three() -> None:
    sheet = finished()
    sheet.skills[2].points = 4
    sheet.skills[3].points = 0
    found = [f for f in check(sheet) if f.code == "ff.skill.points"]
    assert [f.path for f in found] == ["skills[2].points", "skills[3].points"]
    assert field_label(sheet, found[0].path) == "Skills › Pilot › Points"


def test_free_skills_may_be_bought_up_but_not_past_three() -> None:
    sheet = finished()
    sheet.skills[0].points = 3
    assert "ff.skill.points" not in codes(sheet)
    sheet.settings.free_skills = ["Driving"]
    sheet.skills.append(Skill(name="Driving", base="AvB&M", points=0))
    assert "ff.skill.points" not in codes(sheet)


def test_no_skill_past_ten() -> None:
    sheet = finished(characteristics={"body": 4, "mind": 6, "soul": 1})
    sheet.skills[3].points = 3  # Mechanic 9
    sheet.bonus_ledger = [
        BonusEntry(kind="award", amount=100),
        BonusEntry(kind="improve", amount=-10, skill="Mechanic", roll=2, outcome="success"),
    ]
    assert "ff.skill.cap" not in codes(sheet)
    sheet.bonus_ledger.append(
        BonusEntry(kind="improve", amount=-11, skill="Mechanic", roll=2, outcome="success")
    )
    assert "ff.bonus.cap" in codes(sheet) and "ff.skill.cap" in codes(sheet)


def test_listed_skills_keep_their_base_and_others_are_noted() -> None:
    sheet = finished()
    sheet.skills[3].base = "S"
    sheet.skills.append(Skill(name="Aether Navigation", base="AvM&S", points=1))
    assert "ff.skill.base" in codes(sheet, Severity.WARNING)
    assert "ff.skill.unlisted" in codes(sheet, Severity.INFO)


def test_duplicate_skills() -> None:
    sheet = finished()
    sheet.skills.append(Skill(name="pilot", base="AvB&M/2", points=1))
    assert "ff.skill.duplicate" in codes(sheet, Severity.ERROR)


def test_languages_follow_linguist() -> None:
    sheet = finished(languages=["French"])
    assert "ff.languages.no_linguist" in codes(sheet)
    sheet.skills[3] = Skill(name="Linguist", base="M", points=1)  # 6: three languages
    sheet.languages = ["French", "Latin", "Greek", "Arabic"]
    assert "ff.languages.too_many" in codes(sheet)
    sheet.bonus_ledger = [
        BonusEntry(kind="award", amount=5),
        BonusEntry(kind="language", amount=-1, language="Arabic"),
    ]
    assert "ff.languages.too_many" not in codes(sheet)


def test_weapon_effect_and_damage_codes() -> None:
    sheet = finished(
        weapons=[
            Weapon(name="Sword", effect="Melee+1", a="F", b="I", c="C/K"),
            Weapon(name="Ray", effect="lots", a="Z", b="I", c="K"),
        ]
    )
    found = {(f.code, f.path) for f in check(sheet)}
    assert ("ff.weapon.effect", "weapons[0].effect") in found  # no Melee Weapon skill
    assert ("ff.weapon.effect", "weapons[1].effect") in found
    assert ("ff.weapon.damage", "weapons[1].a") in found
    sheet.skills.append(Skill(name="Melee Weapon", base="AvB&M", points=1))
    assert ("ff.weapon.effect", "weapons[0].effect") not in {(f.code, f.path) for f in check(sheet)}


def test_wounds_order_and_condition() -> None:
    sheet = finished(wounds=Wounds(second_injury=True))
    assert "ff.wounds.order" in codes(sheet)
    sheet.wounds = Wounds(injury=True, second_injury=True)
    assert "ff.wounds.condition" in codes(sheet, Severity.INFO)


def test_the_ledger_is_replayed() -> None:
    sheet = finished()
    sheet.bonus_ledger = [
        BonusEntry(kind="award", amount=6),  # 10 bonus points
        # Mechanic 6, MIND 5 against 6 needs 6: a 7 fails
        BonusEntry(kind="improve", amount=-7, skill="Mechanic", roll=7, outcome="success"),
    ]
    assert "ff.bonus.outcome" in codes(sheet, Severity.ERROR)
    sheet.bonus_ledger[1].outcome = "failure"
    assert codes(sheet, Severity.ERROR) == []
    sheet.bonus_ledger.append(
        BonusEntry(kind="improve", amount=-7, skill="Mechanic", roll=3, outcome="success")
    )
    assert "ff.bonus.overdrawn" in codes(sheet, Severity.ERROR)  # 10 - 7 - 7


def test_one_try_per_adventure_and_nothing_after_a_12() -> None:
    sheet = finished(bonus_ledger=[BonusEntry(kind="award", amount=40)])
    sheet.bonus_ledger += [
        BonusEntry(
            kind="improve", amount=-7, skill="Mechanic", roll=12, outcome="never", adventure="I"
        ),
        BonusEntry(
            kind="improve", amount=-7, skill="Mechanic", roll=9, outcome="failure", adventure="I"
        ),
    ]
    found = codes(sheet, Severity.ERROR)
    assert "ff.bonus.adventure" in found and "ff.bonus.peaked" in found


def test_a_skill_learned_in_play_needs_its_ledger_line() -> None:
    sheet = finished()
    sheet.skills.append(Skill(name="Scientist", base="M", points=0, acquired="play"))
    assert "ff.skill.unrecorded" in codes(sheet)
    sheet.bonus_ledger = [
        BonusEntry(kind="award", amount=8),  # 12 with the 4 from creation
        BonusEntry(kind="add", amount=-12, skill="Scientist", base="M", roll=4, outcome="success"),
    ]
    assert "ff.skill.unrecorded" not in codes(sheet)
    assert codes(sheet, Severity.ERROR) == []
