"""The Play page's table tools for falls and surprise: a person picks the distance and the
check's degree and reads the damage to roll, or reads the hero's chance against surprise."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel

from sheetapp.systems.alternity.model import AlternitySheet, BroadSkill
from sheetapp.systems.alternity.names import Ability
from sheetapp.ui.alternity.form import create_form
from sheetapp.ui.document import SheetDocument


def choose(combo: QComboBox, data: str) -> None:
    combo.setFocus()
    combo.setCurrentIndex(combo.findData(data))


def test_a_fall_reads_the_impact_table_and_readies_the_damage(qtbot) -> None:
    sheet = AlternitySheet(
        abilities={Ability.WILL: 11, Ability.CONSTITUTION: 10},
        broad_skills=[BroadSkill(name="Awareness", ability=Ability.WILL)],
    )
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.pages.setCurrentWidget(form.play_page)
    form.show()
    page = form.play_page
    choose(page.fall.grade, "long")
    choose(page.fall.row, "critical_failure")
    assert page.fall.result.text() == "Impact: roll d20+8 and take it as wound damage."
    assert page.damage_kind.currentData() == "wound"
    choose(page.fall.grade, "terminal")
    assert page.damage_kind.currentData() == "mortal"
    choose(page.fall.grade, "short")
    choose(page.fall.row, "amazing")
    assert page.fall.result.text() == "Impact: no damage."
    surprise = form.findChild(QLabel, "surprise")
    assert surprise.text().startswith("Not surprised: ")
    assert "Awareness, without intuition 11 (+d4)" in surprise.text()


def test_a_parachute_jump_reads_the_landing_on_the_impact_table(qtbot) -> None:
    form = create_form(SheetDocument(AlternitySheet(abilities={Ability.WILL: 9})))
    qtbot.addWidget(form)
    form.pages.setCurrentWidget(form.play_page)
    form.show()
    page = form.play_page
    choose(page.fall.grade, "terminal")
    choose(page.fall.row, "ordinary")
    choose(page.fall.chute, "failure")  # lands as a short fall: Ordinary reads 1s
    assert page.fall.result.text() == "Impact: take 1 stun damage."
    choose(page.fall.chute, "good")
    assert page.fall.result.text() == "Parachute: a landing without injury."
