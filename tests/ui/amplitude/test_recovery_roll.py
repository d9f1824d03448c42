"""The Play tab's recovery roll: a person picks first aid or rest, the outcome, reads where
it would leave the character, and applies it as one undoable step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.ui.amplitude.form import create_form
from sheetapp.ui.document import SheetDocument


def test_a_rest_with_qo_5_heals_two_steps_and_undoes(qtbot) -> None:
    document = SheetDocument(AmplitudeSheet(name="Rafe", wound="major"))
    form = create_form(document)
    qtbot.addWidget(form)
    form.tabs.setCurrentWidget(form.play_tab)
    form.show()
    qtbot.waitExposed(form)
    tab = form.play_tab
    tab.recovery_kind.setCurrentIndex(tab.recovery_kind.findData("rest"))
    tab.recovery_outcome.setCurrentIndex(tab.recovery_outcome.findData("5"))
    assert tab.recovery_preview.text() == "This recovery would leave: Minor wound"
    button = form.findChild(QPushButton, "apply_recovery")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert document.sheet.wound == "minor"
    document.undo_stack.undo()
    assert document.sheet.wound == "major"
