"""The Alternity hero wizard, driven as a player would: the hero it makes is the one the
backend builds from the same choices, and each step holds the player back on an error."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QWizard

from sheetapp.findings import has_errors
from sheetapp.systems.alternity import rules
from sheetapp.systems.alternity.creation import HeroChoices, build_hero, starting_broad_skills
from sheetapp.systems.alternity.model import Armour, Equipment, Weapon
from sheetapp.systems.alternity.names import Ability
from sheetapp.ui.alternity.wizard import HeroWizard

from ..test_mnemonics import wizard_screens
from ..wizard_driver import (
    choose_text,
    click,
    fill_row,
    findings_text,
    help_topics,
    next_enabled,
    press_next,
    set_number,
    type_into,
)

A = Ability
ABILITIES = {
    A.STRENGTH: 11,
    A.DEXTERITY: 12,
    A.CONSTITUTION: 10,
    A.INTELLIGENCE: 9,
    A.WILL: 10,
    A.PERSONALITY: 8,
}
KNIFE = {
    "name": "Combat knife",
    "skill": "Melee Weapons-blade",
    "damage": "d4w/d4+1w/d4+2w",
    "range": "personal",
    "weight_kg": 0.5,
}
VEST = {"name": "Armoured vest", "li": "d6-2", "hi": "d6-3", "en": "d4-2", "weight_kg": 4.0}
PACK = {"name": "Backpack", "weight_kg": 1.5, "quantity": 1}


def expected_choices() -> HeroChoices:
    """Mara's choices, written straight for the backend."""
    return HeroChoices(
        name="Mara Lund",
        player="Ines",
        species="Human",
        profession="Combat Spec",
        career="Soldier",
        campaign="Verge",
        motivation="Pay off the ship",
        abilities=dict(ABILITIES),
        resistance_bonus={A.STRENGTH: 1, A.DEXTERITY: 0, A.INTELLIGENCE: 0, A.WILL: 0},
        broad_skills={
            **starting_broad_skills(),
            "Melee Weapons": A.STRENGTH,
            "Street Smart": A.WILL,
        },
        specialty_skills={("Melee Weapons", "blade"): 2, ("Athletics", "jump"): 1},
        action_check_bonus=1,
        durability={},
        last_resorts=None,
        skill_points=3,
        perks="Fortitude: +1 on physical resolve",
        weapons=[Weapon(**KNIFE)],
        armour=[Armour(**VEST)],
        equipment=[Equipment(**PACK)],
        movement={"walk": 2, "run": 6},
    )


def make(qtbot) -> HeroWizard:
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def skill_item(wizard: QWizard, name: str, under: str = "") -> QTreeWidgetItem:
    tree = wizard.findChild(QTreeWidget, "skills")
    flags = Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive
    items = tree.findItems(name, flags, 0)
    return next(i for i in items if (i.parent().text(0) if i.parent() else "") == under)


def tick(wizard: QWizard, name: str, under: str = "") -> None:
    skill_item(wizard, name, under).setCheckState(0, Qt.CheckState.Checked)


def drive_mara(qtbot, wizard: HeroWizard, *, until: str = "") -> None:
    assert wizard.currentPage().title() == "Hero"
    if until == "Hero":
        return
    type_into(qtbot, wizard, "name", "Mara Lund")
    type_into(qtbot, wizard, "player", "Ines")
    type_into(qtbot, wizard, "profession", "Combat Spec")
    type_into(qtbot, wizard, "career", "Soldier")
    type_into(qtbot, wizard, "campaign", "Verge")
    type_into(qtbot, wizard, "motivation", "Pay off the ship")
    press_next(wizard)

    assert wizard.currentPage().title() == "Abilities"
    if until == "Abilities":
        return
    for ability, score in ABILITIES.items():
        set_number(wizard, f"ability_{ability.value}", score)
    set_number(wizard, "resistance_bonus_strength", 1)
    assert wizard.findChild(QLabel, "ability_points_spent").text() == "Spent 60 of 60 (0 left)"
    assert wizard.findChild(QLabel, "resistance_dexterity").text() == "+1"
    press_next(wizard)

    assert wizard.currentPage().title() == "Skills"
    tick(wizard, "Melee Weapons")
    tick(wizard, "Street Smart")
    choose_text(wizard, "ability_Street Smart", "Will")
    tick(wizard, "blade", "Melee Weapons")
    assert wizard.findChild(QLabel, "skills_summary").text() == (
        "7 broad skills, 1 specialty with 1 rank in all."  # one, not "1 specialties"
    )
    set_number(wizard, "rank_Melee Weapons-blade", 2)
    tick(wizard, "jump", "Athletics")
    assert skill_item(wizard, "blade", "Melee Weapons").text(3) == "13 / 6 / 3 at +d0"
    assert skill_item(wizard, "Street Smart").text(3) == "10 / 5 / 2 at +d4"
    assert wizard.findChild(QLabel, "skills_summary").text() == (
        "7 broad skills, 2 specialties with 3 ranks in all."
    )
    press_next(wizard)

    assert wizard.currentPage().title() == "Durability and action check"
    set_number(wizard, "action_check_bonus", 1)
    set_number(wizard, "skill_points", 3)
    # ceil((12 + 9) / 2) + 1 = 12
    assert wizard.findChild(QLabel, "action_check_figure").text() == "12 / 6 / 3, marginal 13+"
    assert wizard.findChild(QLabel, "durability_default_mortal").text() == "5 from Constitution"
    press_next(wizard)

    assert wizard.currentPage().title() == "Gear and movement"
    for editor, values in (("weapons", KNIFE), ("armour", VEST), ("equipment", PACK)):
        click(qtbot, wizard, f"{editor}_add")
        fill_row(qtbot, wizard, editor, 0, values)
    set_number(wizard, "move_walk", 2)
    set_number(wizard, "move_run", 6)
    press_next(wizard)

    assert wizard.currentPage().title() == "Perks, flaws and background"
    type_into(qtbot, wizard, "perks", "Fortitude: +1 on physical resolve")


def test_mara_made_in_the_wizard_equals_mara_built_by_the_backend(qtbot):
    wizard = make(qtbot)
    drive_mara(qtbot, wizard)
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled(), findings_text(wizard)
    sheet = wizard.result_sheet()
    assert not has_errors(rules.check(sheet))
    assert sheet == build_hero(expected_choices())
    assert sheet.last_resorts == 1
    assert wizard.findChild(QLabel, "load").text().startswith("Load 6 kg, up to twice Strength")


def test_an_error_on_a_step_blocks_next(qtbot):
    wizard = make(qtbot)
    drive_mara(qtbot, wizard, until="Abilities")
    assert next_enabled(wizard)
    set_number(wizard, "ability_constitution", 0)
    assert not next_enabled(wizard)
    assert "Error:" in findings_text(wizard) and "below 1" in findings_text(wizard)
    set_number(wizard, "ability_constitution", 10)
    assert next_enabled(wizard)
    set_number(wizard, "ability_min", 20)  # the lowest allowed above the highest
    assert not next_enabled(wizard)
    assert "must be at least 1 and no higher" in findings_text(wizard)


def test_the_game_masters_limits_are_what_the_abilities_are_held_to(qtbot):
    wizard = make(qtbot)
    drive_mara(qtbot, wizard, until="Abilities")
    set_number(wizard, "ability_strength", 16)
    assert not next_enabled(wizard)  # outside 4-14 and 66 points: both to fix
    set_number(wizard, "ability_max", 16)
    set_number(wizard, "ability_points", 66)
    assert next_enabled(wizard), findings_text(wizard)


def test_unticking_a_broad_skill_drops_its_specialties(qtbot):
    wizard = make(qtbot)
    drive_mara(qtbot, wizard, until="Skills")
    tick(wizard, "climb", "Athletics")
    assert ("Athletics", "climb") in wizard.choices.specialty_skills
    skill_item(wizard, "Athletics").setCheckState(0, Qt.CheckState.Unchecked)
    assert ("Athletics", "climb") not in wizard.choices.specialty_skills
    assert skill_item(wizard, "climb", "Athletics").isDisabled()


def test_pages_have_help_rules_and_no_clashing_mnemonics(qtbot):
    wizard = make(qtbot)
    assert help_topics(wizard) == {"alternity"}
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        assert "game master" in page.findChild(QLabel, "rule").text()
    assert wizard_screens(wizard) == {}


def test_every_page_fits_the_wizard_on_a_1366x768_screen(qtbot):
    wizard = make(qtbot)
    assert wizard.width() <= 1366 and wizard.height() <= 700
    room = wizard.currentPage().size()
    for page_id in wizard.pageIds():
        needed = wizard.page(page_id).minimumSizeHint()
        assert needed.width() <= room.width() and needed.height() <= room.height(), page_id
