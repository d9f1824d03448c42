"""The Tables & Odds tool with the synopsis's other rules: a non-combat injury's Effect and
damage columns, an explosive's rings, a machine gun's spread and a temporary skill; and the
Skills tab's list of skills for temporary use."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.forgotten_futures.form import create_form
from sheetapp.ui.forgotten_futures.odds_box import OddsBox


def test_the_odds_box_reads_hazards_blasts_machine_guns_and_temporary_skills(qtbot) -> None:
    box = OddsBox()
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    box.hazard.setCurrentIndex(box.hazard.findData("fall"))
    box.amount.setValue(3)
    assert box.result.text().startswith("Fall: Effect 4; it hits automatically")
    assert "A (B)" in box.result.text() and "C (C/K)" in box.result.text()
    box.hazard.setCurrentIndex(box.hazard.findData("gas_chamber"))
    assert "automatic kill" in box.result.text()
    box.hazard.setCurrentIndex(0)
    qtbot.mouseClick(box.temporary, Qt.MouseButton.LeftButton)
    assert "Defence 12 (doubled for a temporary skill)" in box.result.text()
    assert "To hit: 2 or under — 2.8%" in box.result.text()  # 5 against 12: only a 2
    qtbot.mouseClick(box.temporary, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box.machine_gun, Qt.MouseButton.LeftButton)
    assert "Effect 4 (machine gun on several targets)" in box.result.text()
    box.spins["blast"].setValue(3)  # Effect 4 - 3D6: never any damage
    assert "none 100%" in box.result.text()


def test_the_skills_tab_lists_the_skills_a_character_could_use_for_now(qtbot) -> None:
    sheet = ForgottenFuturesSheet(characteristics={"body": 3, "mind": 5, "soul": 4})
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.pages.setCurrentWidget(form.skills_tab)
    form.show()
    label = form.findChild(QLabel, "temporary_skills")
    assert "Mechanic\N{NO-BREAK SPACE}6" in label.text()
    assert "Mechanic 6 against 12: 2 or under" in label.toolTip()


def test_an_aimed_hit_location_changes_the_attack_and_the_damage(qtbot) -> None:
    box = OddsBox()
    qtbot.addWidget(box)
    before = box.result.text()
    box.location.setCurrentIndex(box.location.findData("head"))
    assert "Attack 3 (modified from 5)" in box.result.text()
    assert box.result.text().splitlines()[-1] != before.splitlines()[-1]  # Effect 8 now
