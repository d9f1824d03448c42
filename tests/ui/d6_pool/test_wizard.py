"""The d6 dice pool creation wizard, driven as a player would: type, roll, press Next."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QPushButton, QWizard

from sheetapp.dice import Roller
from sheetapp.findings import has_errors
from sheetapp.systems.d6_pool.from_choices import D6Choices, sheet_from_choices
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.rules import check
from sheetapp.ui.d6_pool.wizard import D6PoolWizard
from sheetapp.ui.help_topic import topic_for

from ...systems.d6_pool.test_from_choices import GUMSHOE
from ..test_mnemonics import wizard_screens
from ..wizard_driver import findings_text, finish_enabled, next_enabled, press_next, spin

TITLES = ["Concept", "Attributes", "Statistics", "Skills", "Traits", "Equipment"]


def make(qtbot, seed: int = 1) -> D6PoolWizard:
    wizard = D6PoolWizard(roller=Roller(seed))
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def text(wizard: QWizard, name: str) -> str:
    return wizard.currentPage().findChild(QLabel, name).text()


def type_concept(qtbot, wizard: QWizard, choices: D6Choices) -> None:
    for field in ("name", "player", "concept"):
        qtbot.keyClicks(wizard.findChild(QLineEdit, field), getattr(choices, field))


def type_dice(qtbot, wizard: QWizard, dice: list[int | None]) -> None:
    for i, die in enumerate(dice, start=1):
        box = spin(wizard, f"die_{i}")
        box.lineEdit().selectAll()
        qtbot.keyClicks(box, str(die))


def give_attributes(wizard: QWizard, scores: dict[Attribute, int]) -> None:
    for attribute, score in scores.items():
        spin(wizard, f"attribute_{attribute.value}").setValue(score)


def drive(qtbot, wizard: D6PoolWizard, choices: D6Choices, *, until: str = "") -> None:
    """Every page filled from ``choices``, stopping on the page titled ``until``."""
    steps = {
        "Concept": lambda: type_concept(qtbot, wizard, choices),
        "Attributes": lambda: (
            type_dice(qtbot, wizard, choices.dice),
            give_attributes(wizard, choices.attributes),
        ),
        "Statistics": lambda: None,
        "Skills": lambda: [
            spin(wizard, f"skill_{s.lower()}").setValue(r) for s, r in choices.skills.items()
        ],
        "Traits": lambda: [
            spin(wizard, f"trait_{t.lower().replace(' ', '_')}").setValue(r)
            for t, r in choices.traits.items()
        ],
    }
    for title, act in steps.items():
        assert wizard.currentPage().title() == title
        if title == until:
            return
        act()
        press_next(wizard)
    assert wizard.currentPage().title() == "Equipment"
    for box in wizard.currentPage().findChildren(QCheckBox):
        box.setChecked(box.text().replace("&&", "&") in choices.equipment)


def test_the_gumshoe_made_step_by_step_equals_the_backend_sheet(qtbot):
    wizard = make(qtbot)
    assert [wizard.page(i).title() for i in wizard.pageIds()] == TITLES
    drive(qtbot, wizard, GUMSHOE)
    assert finish_enabled(wizard)
    sheet = wizard.result_sheet()
    assert sheet == sheet_from_choices(GUMSHOE)
    assert not has_errors(check(sheet))
    assert sheet.attribute_roll == 21 and sheet.name == "Sam Dunn"


def test_each_page_shows_the_figures_from_the_rules(qtbot):
    wizard = make(qtbot)
    drive(qtbot, wizard, GUMSHOE, until="Attributes")
    type_dice(qtbot, wizard, GUMSHOE.dice)
    assert text(wizard, "attribute_points") == ("Attribute points: 21 rolled, 0 given, 21 left.")
    give_attributes(wizard, GUMSHOE.attributes)
    assert text(wizard, "attribute_points").endswith("21 given, 0 left.")
    press_next(wizard)
    assert text(wizard, "statistic_health") == "6 (2 × Stamina 3)"
    assert text(wizard, "statistic_move") == "15 ft or 5 m a turn"
    press_next(wizard)
    assert not next_enabled(wizard)  # ten skill points to spend
    assert "10 of the 10 skill points are not spent yet" in findings_text(wizard)
    drive_skills = {"Dodge": 3, "Ranged": 4, "Driving": 3}
    for skill, rating in drive_skills.items():
        spin(wizard, f"skill_{skill.lower()}").setValue(rating)
    assert text(wizard, "skill_pool_ranged") == "Dexterity 5 Ranged +4 = 9 dice"
    assert next_enabled(wizard)
    spin(wizard, "skill_mechanics").setValue(2)  # two trait points pay for it
    assert text(wizard, "skill_points") == (
        "Skill points: 10 (Int + Wis + Cha), and 6 trait points not spent on traits; "
        "skills take 12, 4 left."
    )
    assert next_enabled(wizard)


def test_next_is_blocked_while_a_step_has_an_error(qtbot):
    wizard = make(qtbot)
    drive(qtbot, wizard, GUMSHOE, until="Attributes")
    type_dice(qtbot, wizard, GUMSHOE.dice)
    give_attributes(wizard, {**GUMSHOE.attributes, Attribute.STRENGTH: 6})  # 24 of 21
    assert not next_enabled(wizard)
    assert "Error:" in findings_text(wizard) and "take 3 off" in findings_text(wizard)
    assert spin(wizard, "attribute_wisdom").property("finding") == "error"
    give_attributes(wizard, GUMSHOE.attributes)
    assert spin(wizard, "attribute_wisdom").property("finding") == ""
    press_next(wizard)
    press_next(wizard)
    for skill, rating in GUMSHOE.skills.items():
        spin(wizard, f"skill_{skill.lower()}").setValue(rating)
    press_next(wizard)
    # Fire Breathing 6 with no negative trait: the two trait points that paid for
    # Mechanics are gone, so the skills are overspent - an error that blocks the traits.
    spin(wizard, "trait_fire_breathing").setValue(6)
    assert not next_enabled(wizard)
    assert "take 2 off" in findings_text(wizard)
    spin(wizard, "trait_phobia").setValue(2)
    assert next_enabled(wizard)
    spin(wizard, "trait_fire_breathing").setValue(0)
    spin(wizard, "trait_rage").setValue(0)
    spin(wizard, "trait_extra_limbs").setValue(6)
    spin(wizard, "trait_fireproof").setValue(6)  # 12 of 8 trait points
    assert not next_enabled(wizard)
    assert spin(wizard, "trait_fireproof").property("finding") == ""
    assert "Positive traits take 12 points but there are 8" in findings_text(wizard)


def test_the_app_rolls_only_the_blank_dice(qtbot):
    wizard = make(qtbot, seed=5)
    press_next(wizard)
    spin(wizard, "die_2").setValue(6)
    qtbot.mouseClick(wizard.findChild(QPushButton, "roll_dice"), Qt.MouseButton.LeftButton)
    dice = [spin(wizard, f"die_{i}").value() for i in range(1, 7)]
    assert dice[1] == 6 and all(1 <= d <= 6 for d in dice)
    assert wizard.snapshot().sheet.attribute_roll == sum(dice)
    assert wizard.draft.dice == dice


def test_mnemonics_do_not_clash_and_f1_opens_the_system_help(qtbot):
    wizard = make(qtbot)
    assert wizard_screens(wizard) == {}
    for page_id in wizard.pageIds():
        assert topic_for(wizard.page(page_id)) == "d6-pool"
