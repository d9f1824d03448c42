"""The Amplitude Engine character wizard, driven as a player would: the character it makes
is the one the backend builds from the same choices, and an error holds the step."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget, QWizard

from sheetapp.systems.amplitude import rules
from sheetapp.systems.amplitude.creation import CharacterChoices, build_character
from sheetapp.systems.amplitude.model import Skill, Tool, Weapon
from sheetapp.ui.amplitude.wizard import CharacterWizard

from ..test_mnemonics import wizard_screens
from ..wizard_driver import (
    click,
    fill_row,
    findings_text,
    help_topics,
    next_enabled,
    press_next,
    set_number,
    type_into,
)

SKILLS = [
    {"name": "Medicine", "ob": 3, "notes": "field surgery"},
    {"name": "Firearms", "ob": 1},
]
PISTOL = {"name": "Service pistol", "power": 1, "skill": "Firearms"}
KIT = {"name": "Trauma kit", "quality": 2, "skill": "Medicine"}


def expected_choices() -> CharacterChoices:
    return CharacterChoices(
        name="Hana Sato",
        player="Ines",
        concept="Field medic",
        notes="Owes the guild a favour.",
        skills=[Skill(**SKILLS[0]), Skill(**SKILLS[1])],
        defensive_bonus=1,
        defence_notes="padded jacket",
        weapons=[Weapon(**PISTOL)],
        tools=[Tool(**KIT)],
        thresholds=(2, 5, 9),
        momentum=2,
    )


def make(qtbot) -> CharacterWizard:
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def drive_hana(qtbot, wizard: CharacterWizard, *, until: str = "") -> None:
    def at(title: str) -> bool:
        assert wizard.currentPage().title() == title
        return title == until

    if at("Character"):
        return
    assert not next_enabled(wizard)  # the name is still to give
    type_into(qtbot, wizard, "name", "Hana Sato")
    type_into(qtbot, wizard, "player", "Ines")
    type_into(qtbot, wizard, "concept", "Field medic")
    type_into(qtbot, wizard, "notes", "Owes the guild a favour.")
    press_next(wizard)

    if at("Skills"):
        return
    assert not next_enabled(wizard)  # no skills yet
    for row, values in enumerate(SKILLS):
        click(qtbot, wizard, "skills_add")
        fill_row(qtbot, wizard, "skills", row, values)
    press_next(wizard)

    if at("Defence"):
        return
    set_number(wizard, "defensive_bonus", 1)
    type_into(qtbot, wizard, "defence_notes", "padded jacket")
    assert "column +1" in wizard.findChild(QLabel, "defence_effect").text()
    press_next(wizard)

    if at("Gear"):
        return
    click(qtbot, wizard, "weapons_add")
    fill_row(qtbot, wizard, "weapons", 0, PISTOL)
    click(qtbot, wizard, "tools_add")
    fill_row(qtbot, wizard, "tools", 0, KIT)
    press_next(wizard)

    if at("Thresholds and momentum"):
        return
    set_number(wizard, "threshold_major", 9)
    set_number(wizard, "threshold_moderate", 5)
    set_number(wizard, "threshold_minor", 2)
    set_number(wizard, "momentum", 2)


def test_hana_made_in_the_wizard_equals_hana_built_by_the_backend(qtbot):
    wizard = make(qtbot)
    drive_hana(qtbot, wizard)
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled(), findings_text(wizard)
    assert "QO 2–4: minor wound" in wizard.findChild(QLabel, "threshold_effect").text()
    sheet = wizard.result_sheet()
    assert rules.check(sheet) == []
    assert sheet == build_character(expected_choices())


def test_an_error_on_a_step_blocks_next(qtbot):
    wizard = make(qtbot)
    drive_hana(qtbot, wizard, until="Gear")
    click(qtbot, wizard, "weapons_add")
    fill_row(qtbot, wizard, "weapons", 0, {**PISTOL, "power": -1})
    assert not next_enabled(wizard)
    assert "below the scale" in findings_text(wizard)
    set_number(wizard, "weapons_0_power", 0)
    assert next_enabled(wizard)
    press_next(wizard)
    set_number(wizard, "threshold_moderate", 1)  # not above the minor threshold
    assert "Error:" in findings_text(wizard)
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


def test_a_weapon_naming_a_skill_the_character_lacks_waits_for_a_fix(qtbot):
    wizard = make(qtbot)
    drive_hana(qtbot, wizard, until="Gear")
    click(qtbot, wizard, "weapons_add")
    fill_row(qtbot, wizard, "weapons", 0, {**PISTOL, "skill": "Archery"})
    assert not next_enabled(wizard)
    assert wizard.findChild(QWidget, "weapons_0_skill").property("finding") == "warning"
    assert wizard.findChild(QWidget, "weapons_0_name").property("finding") == ""
    click(qtbot, wizard, "weapons_0_remove")
    assert next_enabled(wizard)
    assert wizard.choices.weapons == []


def test_pages_have_help_rules_and_no_clashing_mnemonics(qtbot):
    wizard = make(qtbot)
    assert help_topics(wizard) == {"amplitude"}
    for page_id in wizard.pageIds():
        assert "GM" in wizard.page(page_id).findChild(QLabel, "rule").text()
    assert wizard_screens(wizard) == {}


def test_every_page_fits_the_wizard_on_a_1366x768_screen(qtbot):
    wizard = make(qtbot)
    assert wizard.width() <= 1366 and wizard.height() <= 700
    room = wizard.currentPage().size()
    for page_id in wizard.pageIds():
        needed = wizard.page(page_id).minimumSizeHint()
        assert needed.width() <= room.width() and needed.height() <= room.height(), page_id
