"""The bonus dialogs refuse what the rules refuse, a finding jumps to its field, and the
tables are sound Qt models."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QSpinBox

from sheetapp.ui.document import SheetDocument
from sheetapp.ui.forgotten_futures.bonus_dialogs import (
    ImproveDialog,
    LanguageDialog,
    LearnDialog,
    SpendOnRollDialog,
)
from sheetapp.ui.forgotten_futures.form import ForgottenFuturesForm
from sheetapp.ui.sheet_form import create_form
from tests.systems.forgotten_futures.records import played


def test_improving_past_the_points_left_is_refused(qtbot) -> None:
    dialog = ImproveDialog(played())  # no bonus points left
    qtbot.addWidget(dialog)
    dialog.select(3)
    dialog.roll.setValue(4)
    assert not dialog.ok_button.isEnabled()
    assert dialog.problem.text() == "Raising Mechanic to 9 costs 9 bonus points and 0 are left."


def test_learning_refuses_the_doctor_and_a_skill_closed_by_a_12(qtbot) -> None:
    dialog = LearnDialog(played())
    qtbot.addWidget(dialog)
    dialog.name.setCurrentText("Doctor")
    assert "unless years pass" in dialog.problem.text()
    assert not dialog.base.isEnabled()
    dialog.name.setCurrentText("Riding")
    assert "can never be learned" in dialog.problem.text()
    dialog.name.setCurrentText("Aether Lore")
    assert dialog.base.isEnabled()


def test_spending_and_languages_need_points(qtbot) -> None:
    spend = SpendOnRollDialog(played())
    qtbot.addWidget(spend)
    assert "0 are left" in spend.preview.text() and not spend.ok_button.isEnabled()
    assert spend.problem.text() == ""  # nothing typed yet: no error in red
    language = LanguageDialog(played())
    qtbot.addWidget(language)
    assert language.problem.text() == "" and "Name the language" in language.preview.text()
    language.language.setText("Basque")
    assert "0 are left" in language.problem.text()
    language.practice.setChecked(True)
    assert language.ok_button.isEnabled() and "Basque joins" in language.preview.text()


def test_a_finding_focuses_its_field_and_models_are_sound(qtbot, qtmodeltester) -> None:
    sheet = played()
    sheet.characteristics = {"body": 7, "mind": 5, "soul": 3}
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    assert isinstance(form, ForgottenFuturesForm)
    form.show()
    form.pages.setCurrentWidget(form.bonus_tab)
    finding = next(f for f in form.document.findings if f.code == "ff.characteristic.seven")
    assert form.focus_path(finding.path)
    assert form.pages.currentWidget() is form.record_tab
    body = form.findChild(QSpinBox, "body")
    assert body.property("finding") == "error" and "referee" in body.toolTip()
    form.findChild(QCheckBox, "allow_seven").click()
    assert body.property("finding") == ""
    for model in (form.skills_tab.model, form.combat_tab.weapons, form.bonus_tab.model):
        qtmodeltester.check(model)


def test_the_odds_box_takes_armour_and_modifiers(qtbot) -> None:
    from sheetapp.ui.forgotten_futures.combat_tab import OddsBox

    box = OddsBox()
    qtbot.addWidget(box)
    box.spins["armour"].setValue(6)  # Effect 6 less 6: nothing gets through
    assert "Damage once hit: none" in box.result.text()
    box.spins["armour"].setValue(0)
    box.modifiers["minimal"].setChecked(True)  # -2, and every column reads A
    text = box.result.text()
    assert "Attack 3 (modified from 5)" in text and "A 100%" in text
    box.modifiers["two_targets"].setChecked(True)
    assert "Punches cannot be pulled against several targets" in box.result.text()


def test_the_record_shows_each_wound_s_recovery_and_the_round_s_movement(qtbot) -> None:
    from sheetapp.systems.forgotten_futures.model import Wounds
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.sheet_form import create_form
    from tests.systems.forgotten_futures.records import played

    sheet = played()
    sheet.wounds = Wounds(injury=True)
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.record_tab.refresh()
    assert form.record_tab.recovery.text().startswith("Injury (6); heals after 1 month")
    assert "Walk 10 ft, run 20" in form.record_tab.body_limits.text()
