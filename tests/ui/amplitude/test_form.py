"""The Amplitude Engine form driven as a person would: a blank sheet from the File menu,
filled in by typing and clicking, figures and findings following every edit, undo, save,
close and reopen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.ui.amplitude.form import AmplitudeForm
from sheetapp.ui.amplitude.odds_tab import percent


def child(form: QWidget, cls: type, name: str):
    found = form.findChild(cls, name)
    assert found is not None, name
    return found


def codes(form: AmplitudeForm) -> set[str]:
    return {f.code for f in form.document.findings}


def type_text(widget: QWidget, text: str) -> None:
    """Commit text as an input method does (key clicks handle ASCII only)."""
    widget.setFocus()
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def type_into_spin(qtbot, spin: QSpinBox, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Tab)


def edit_cell(qtbot, view: QTableView, row: int, column: int, text: str) -> None:
    """Open the cell's editor as a double-click would, type, and press Enter."""
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    QApplication.processEvents()  # let the new editor take the focus from the last one
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view
    if isinstance(editor, QSpinBox):
        editor.selectAll()
    elif isinstance(editor, QLineEdit):
        editor.selectAll()
    elif isinstance(editor, QComboBox) and editor.lineEdit() is not None:
        editor = editor.lineEdit()
        editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the view commits the editor's value in a queued call


def cell(view: QTableView, row: int, column: int) -> str:
    return str(view.model().index(row, column).data())


def click(qtbot, form: QWidget, name: str) -> None:
    qtbot.mouseClick(child(form, QPushButton, name), Qt.MouseButton.LeftButton)


def new_blank_amplitude(window) -> AmplitudeForm:
    (action,) = [a for a in window.new_blank_menu.actions() if a.text() == "Amplitude Engine"]
    action.trigger()
    form = window.current_form()
    assert isinstance(form, AmplitudeForm)
    return form


def test_fill_in_a_blank_sheet_undo_save_and_reopen(window, qtbot, tmp_path, monkeypatch):
    form = new_blank_amplitude(window)
    assert window.isWindowModified()
    assert codes(form) == {"amp.name.missing", "amp.skills.none"}

    # Identity, typed; a name in another script and one with markup characters.
    type_text(child(form, QLineEdit, "name"), "Zoë <Ward> & Жуков")
    qtbot.keyClicks(child(form, QLineEdit, "concept"), "Field medic")
    type_into_spin(qtbot, child(form, QSpinBox, "defensive_bonus"), "2")
    assert "amp.name.missing" not in codes(form)

    # A skill: added with the button, named and rated in the table.
    skills = child(form, QTableView, "skills")
    click(qtbot, form, "add_skills")
    edit_cell(qtbot, skills, 0, 0, "Firearms")
    edit_cell(qtbot, skills, 0, 1, "3")
    assert codes(form) == set()
    assert cell(skills, 0, 2) == "+3"  # with no wound the roll starts at the OB

    # A weapon past the top of the scale is a warning until it is brought back.
    weapons = child(form, QTableView, "weapons")
    click(qtbot, form, "add_weapons")
    edit_cell(qtbot, weapons, 0, 0, "Carbine")
    edit_cell(qtbot, weapons, 0, 1, "7")
    edit_cell(qtbot, weapons, 0, 2, "Firearms")
    assert "amp.weapons.power_beyond_scale" in codes(form)
    edit_cell(qtbot, weapons, 0, 1, "2")
    assert "amp.weapons.power_beyond_scale" not in codes(form)

    # Play: a hit of QO 5 against 1/4/8 is two steps; the skill's roll drops with it.
    form.tabs.setCurrentWidget(form.play_tab)
    outcome = child(form, QComboBox, "hit_outcome")
    outcome.setCurrentIndex(outcome.findData("5"))
    assert child(form, QLabel, "hit_preview").text().endswith("Moderate wound")
    click(qtbot, form, "apply_hit")
    assert form.document.sheet.wound == "moderate"
    assert "-2 to every Player's Total Roll" in child(form, QLabel, "wound_status").text()
    assert cell(skills, 0, 2) == "+1"

    # Thresholds out of order are an error, shown at once and gone when fixed.
    moderate = child(form, QSpinBox, "thresholds_moderate")
    type_into_spin(qtbot, moderate, "0")
    assert "amp.thresholds.order" in codes(form)
    assert moderate.property("finding") == "error"
    type_into_spin(qtbot, moderate, "5")
    assert "amp.thresholds.order" not in codes(form)

    # Momentum and two negative rolls in a row: one consequence, paid with momentum.
    click(qtbot, form, "gain_momentum")
    click(qtbot, form, "gain_momentum")
    type_into_spin(qtbot, child(form, QSpinBox, "roll_dice"), "-1")
    click(qtbot, form, "record_roll")
    assert not child(form, QPushButton, "pay_momentum").isEnabled()
    click(qtbot, form, "record_roll")
    assert "amp.misfortune.owed" in codes(form)
    click(qtbot, form, "pay_momentum")
    sheet = form.document.sheet
    assert (sheet.momentum, sheet.misfortune, sheet.misfortune_owed) == (1, 2, 0)

    # The odds follow the sheet: Firearms (+3, -2 wounded) with the carbine at base Amp 4.
    form.tabs.setCurrentWidget(form.odds_tab)
    gear = child(form, QComboBox, "odds_gear")
    gear.setCurrentIndex(gear.findData("weapons:0"))
    assert gear.currentText() == "Carbine (+2)"
    expected = action_odds(ob=3, db=0, amp=4 + 2, modifier=-2)
    assert child(form, QLabel, "chance_5").text() == f"5\n{percent(expected.cells['5'])}"
    assert child(form, QLabel, "chance_auto_fail").text().endswith(percent(expected.auto_fail))

    # Undo the last step (momentum paid), then redo it.
    window.undo_action.trigger()
    assert form.document.sheet.misfortune_owed == 1
    window.redo_action.trigger()
    assert form.document.sheet.misfortune_owed == 0

    target = tmp_path / "medic.sheet.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_current_as()  # a file (Save keeps a new sheet in the library)
    assert not window.isWindowModified()
    window.close_tab()
    assert window.current_form() is None

    reopened = window.open_path(Path(target))
    sheet = reopened.document.sheet
    assert (sheet.name, sheet.concept, sheet.defensive_bonus) == (
        "Zoë <Ward> & Жуков",
        "Field medic",
        2,
    )
    assert [(s.name, s.ob) for s in sheet.skills] == [("Firearms", 3)]
    assert [(w.name, w.power, w.skill) for w in sheet.weapons] == [("Carbine", 2, "Firearms")]
    assert (sheet.thresholds.minor, sheet.thresholds.moderate, sheet.thresholds.major) == (1, 5, 8)
    assert (sheet.wound, sheet.momentum, sheet.misfortune) == ("moderate", 1, 2)
    assert child(reopened, QLineEdit, "name").text() == "Zoë <Ward> & Жуков"
    assert cell(child(reopened, QTableView, "skills"), 0, 2) == "+1"


def test_the_outcome_table_on_screen_is_the_printed_one(window) -> None:
    form = new_blank_amplitude(window)
    form.tabs.setCurrentWidget(form.odds_tab)
    grid = form.odds_tab.grid
    assert grid.cell_text(1, 0) == "1" and grid.cell_text(2, 0) == "2"
    assert grid.cell_text(4, 6) == "U" and grid.cell_text(7, 6) == "K"
    assert grid.cell_text(10, -6) == "4"
    assert grid.item(0, 0).background().color().name() == "#fbe98a"  # a 7: yellow band


def test_a_finding_jumps_to_its_field(window) -> None:
    form = new_blank_amplitude(window)
    form.tabs.setCurrentWidget(form.odds_tab)
    assert form.focus_path("thresholds.major")
    assert form.tabs.currentWidget() is form.play_tab
