"""The record the creation wizard builds, from choices alone (no window)."""

from __future__ import annotations

import pytest

from sheetapp.findings import has_errors
from sheetapp.systems.forgotten_futures.from_choices import FFChoices, sheet_from_choices
from sheetapp.systems.forgotten_futures.names import Characteristic
from sheetapp.systems.forgotten_futures.points import creation_bonus, spending
from sheetapp.systems.forgotten_futures.rules import check

C = Characteristic
# BODY 3 (3), MIND 5 (7), SOUL 4 (5) = 15; skills 5; one point saved: 2 bonus points.
JOURNALIST = FFChoices(
    name="Miss Edith Vane",
    player="Bo",
    profession="Journalist",
    sex="Female",
    age="27",
    characteristics={C.BODY: 3, C.MIND: 5, C.SOUL: 4},
    free_skills=["Driving"],
    skill_points={"Linguist": 3, "Detective": 2},
    native_language="English",
    languages=["French", " ", "German", "Latin", "Italian"],
)


def test_a_whole_character_checks_clean():
    sheet = sheet_from_choices(JOURNALIST)
    assert [(s.name, s.base, s.points) for s in sheet.skills] == [
        ("Brawling", "B", 0),
        ("Detective", "AvM&S", 2),
        ("Driving", "AvB&M", 0),
        ("Linguist", "M", 3),
        ("Stealth", "B/2", 0),
    ]
    assert sheet.settings.free_skills == ["Driving"]
    assert sheet.languages == ["French", "German", "Latin", "Italian"]  # Linguist 8: four
    assert spending(sheet).saved == 1 and creation_bonus(sheet) == 2
    assert not has_errors(check(sheet))
    assert {f.severity.value for f in check(sheet)} == {"info"}


def test_the_same_choices_give_an_equal_record():
    assert sheet_from_choices(JOURNALIST) == sheet_from_choices(JOURNALIST)


def test_the_referee_settings_reach_the_record():
    sheet = sheet_from_choices(
        FFChoices(character_points=25, allow_seven=True, characteristics={C.BODY: 7})
    )
    assert (sheet.settings.character_points, sheet.settings.allow_seven) == (25, True)
    assert not has_errors(check(sheet))
    assert has_errors(check(sheet_from_choices(FFChoices(characteristics={C.BODY: 7}))))


@pytest.mark.parametrize(
    "choices", [FFChoices(skill_points={"Juggling": 1}), FFChoices(free_skills=["Juggling"])]
)
def test_skills_outside_the_list_are_refused(choices):
    with pytest.raises(ValueError):
        sheet_from_choices(choices)
