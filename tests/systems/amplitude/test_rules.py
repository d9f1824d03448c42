"""What the rules report about a sheet, and what fixes each finding."""

from __future__ import annotations

from sheetapp.findings import Severity
from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Thresholds, Tool, Weapon
from sheetapp.systems.amplitude.rules import check


def codes(sheet: AmplitudeSheet) -> dict[str, tuple[Severity, str]]:
    return {f.code: (f.severity, f.path) for f in check(sheet)}


def complete() -> AmplitudeSheet:
    return AmplitudeSheet(
        name="Hana Sato",
        concept="Field medic",
        skills=[Skill(name="Medicine", ob=3), Skill(name="Firearms", ob=1)],
        weapons=[Weapon(name="Pistol", power=1, skill="Firearms")],
        tools=[Tool(name="Trauma kit", quality=2, skill="medicine")],
    )


def test_a_complete_sheet_has_no_findings() -> None:
    assert check(complete()) == []


def test_a_blank_sheet_has_warnings_only() -> None:
    found = codes(AmplitudeSheet())
    assert set(found) == {"amp.name.missing", "amp.skills.none"}
    assert {severity for severity, _ in found.values()} == {Severity.WARNING}


def test_weapon_power_runs_from_zero_and_past_six_is_a_warning() -> None:
    sheet = complete()
    sheet.weapons[0].power = -1
    assert codes(sheet)["amp.weapons.power_negative"] == (Severity.ERROR, "weapons[0].power")
    sheet.weapons[0].power = 7
    assert codes(sheet)["amp.weapons.power_beyond_scale"][0] is Severity.WARNING
    sheet.weapons[0].power = 6
    assert check(sheet) == []


def test_gear_must_name_a_skill_on_the_sheet() -> None:
    sheet = complete()
    sheet.tools[0].skill = "Surgery"
    assert codes(sheet)["amp.tools.skill_unknown"] == (Severity.WARNING, "tools[0].skill")
    sheet.tools[0].skill = ""
    assert check(sheet) == []


def test_thresholds_must_rise_and_start_at_one() -> None:
    sheet = complete()
    sheet.thresholds = Thresholds(minor=0, moderate=4, major=4)
    found = codes(sheet)
    assert found["amp.thresholds.minor_below_one"] == (Severity.ERROR, "thresholds.minor")
    assert found["amp.thresholds.order"] == (Severity.ERROR, "thresholds.major")
    sheet.thresholds = Thresholds(minor=2, moderate=6, major=11)
    assert codes(sheet) == {"amp.thresholds.unreachable": (Severity.WARNING, "thresholds.major")}


def test_duplicate_and_unnamed_lines_are_pointed_at() -> None:
    sheet = complete()
    sheet.skills.append(Skill(name="medicine "))
    sheet.weapons.append(Weapon())
    found = codes(sheet)
    assert found["amp.skills.duplicate"][1] == "skills[2].name"
    assert found["amp.weapons.unnamed"][1] == "weapons[1].name"


def test_the_wound_track_and_counters_report_what_the_table_must_do() -> None:
    sheet = complete()
    sheet.wound = "major"
    assert codes(sheet)["amp.wound.action_check"][0] is Severity.INFO
    sheet.wound = "unwounded"
    sheet.momentum = -1
    sheet.misfortune_owed = 2
    found = codes(sheet)
    assert found["amp.momentum.negative"] == (Severity.ERROR, "momentum")
    assert found["amp.misfortune.owed"][0] is Severity.WARNING


def test_every_message_says_what_to_do() -> None:
    sheet = AmplitudeSheet(
        defensive_bonus=-2,
        skills=[Skill(), Skill(name="A"), Skill(name="a")],
        weapons=[Weapon(power=9, skill="Zap")],
        tools=[Tool(quality=-8)],
        thresholds=Thresholds(minor=0, moderate=0, major=12),
        misfortune=-1,
        misfortune_owed=1,
        wound="killed",
    )
    found = check(sheet)
    assert len({f.code for f in found}) >= 12
    assert all(f.code.startswith("amp.") and f.message.endswith(".") for f in found)
