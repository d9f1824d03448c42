"""A person fills in a Forgotten Futures record by hand: a blank sheet from the File menu,
typed values, live figures and findings, a wound, bonus points from the Sheet menu (award,
improve, learn with a 12), undo, save, close, reopen, and every value as it was."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from sheetapp.findings import Severity
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.ui.forgotten_futures.bonus_dialogs import AwardDialog, ImproveDialog, LearnDialog
from sheetapp.ui.forgotten_futures.form import ForgottenFuturesForm

NAME, POINTS, RATING, HURT = 0, 3, 6, 7  # skill table columns


def action(menu, text: str):
    found = [a for a in menu.actions() if a.text().replace("&", "") == text]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


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
    QApplication.processEvents()
    editor = QApplication.focusWidget()
    assert isinstance(editor, QSpinBox | QLineEdit), editor
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.state() != QTableView.State.EditingState)


def cell(view: QTableView, row: int, column: int) -> str:
    return str(view.model().index(row, column).data())


def codes(form: ForgottenFuturesForm) -> set[str]:
    return {f.code for f in form.document.findings}


def test_filling_a_record_by_hand(window, qtbot, tmp_path, monkeypatch) -> None:
    action(window.new_blank_menu, "Forgotten Futures").trigger()
    form = window.current_form()
    assert isinstance(form, ForgottenFuturesForm)
    assert window.isWindowModified()
    assert {"ff.identity.name", "ff.characteristic.missing"} <= codes(form)

    # the record's top, typed
    name = form.findChild(QLineEdit, "name")
    qtbot.keyClicks(name, "Professor ")
    type_text(name, "Ωμέγα <Lockhart>")
    qtbot.keyClicks(form.findChild(QLineEdit, "profession"), "Aeronaut")
    qtbot.keyClicks(form.findChild(QLineEdit, "age"), "41")
    assert "ff.identity.name" not in codes(form)
    for key, value in (("body", "4"), ("mind", "5"), ("soul", "3")):
        type_into_spin(qtbot, form.findChild(QSpinBox, key), value)
    assert "ff.characteristic.missing" not in codes(form)
    assert form.findChild(QLabel, "cost_mind").text() == "7 points"
    assert form.findChild(QLabel, "points_characteristics").text() == "15"
    assert form.findChild(QLabel, "points_saved").text() == "6 of 21"

    # a skill from the list, its points typed in the table
    form.pages.setCurrentWidget(form.skills_tab)
    view = form.skills_tab.view
    assert [cell(view, r, NAME) for r in range(2)] == ["Brawling", "Stealth"]
    assert cell(view, 0, RATING) == "4"  # BODY, free
    menu = form.findChild(QPushButton, "sample_skills").menu()
    next(a for a in menu.actions() if a.text().startswith("Marksman")).trigger()
    assert cell(view, 2, RATING) == "6"  # MIND 5 + 1 point
    edit_cell(qtbot, view, 2, POINTS, "3")
    assert cell(view, 2, RATING) == "8"
    form.pages.setCurrentWidget(form.record_tab)
    assert form.findChild(QLabel, "points_saved").text() == "3 of 21"
    assert form.findChild(QLabel, "points_bonus").text().startswith("6 left")

    # four points on one skill: an error on the skills table, undone
    form.pages.setCurrentWidget(form.skills_tab)
    edit_cell(qtbot, view, 2, POINTS, "4")
    assert "ff.skill.points" in codes(form)
    assert view.property("finding") == "error"
    window.undo_action.trigger()  # typing into one field again and again is one step
    assert "ff.skill.points" not in codes(form)
    assert cell(view, 2, RATING) == "6" and view.property("finding") == ""
    edit_cell(qtbot, view, 2, POINTS, "3")
    assert cell(view, 2, RATING) == "8"

    # an injury lowers BODY and the skills on it
    form.pages.setCurrentWidget(form.record_tab)
    qtbot.mouseClick(form.findChild(QCheckBox, "wound_injury"), Qt.MouseButton.LeftButton)
    assert form.findChild(QLabel, "now_body").text() == "2"
    assert "BODY penalty -2" in form.findChild(QLabel, "condition").text()
    form.pages.setCurrentWidget(form.skills_tab)
    assert cell(view, 0, HURT) == "2" and cell(view, 2, HURT) == "8"

    # bonus points from the Sheet menu: an award, an improvement, a skill that is never learned
    def award(self: AwardDialog) -> int:
        self.amount.setValue(20)
        self.adventure.setText("The Moon Men")
        return QDialog.DialogCode.Accepted.value

    def improve(self: ImproveDialog) -> int:
        self.select(2)
        self.adventure.setText("The Moon Men")
        assert "5 against 8 needs 4 or under" in self.preview.text()
        self.roll.setValue(4)
        assert "Marksman rises to 9" in self.preview.text()
        return QDialog.DialogCode.Accepted.value

    def learn(self: LearnDialog) -> int:
        self.name.setCurrentText("Mechanic")
        self.roll.setValue(12)
        assert "never" in self.preview.text() and self.ok_button.isEnabled()
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(AwardDialog, "exec", award)
    monkeypatch.setattr(ImproveDialog, "exec", improve)
    monkeypatch.setattr(LearnDialog, "exec", learn)
    action(window.sheet_menu, "Award Bonus Points…").trigger()
    action(window.sheet_menu, "Improve Skill…").trigger()
    action(window.sheet_menu, "Learn New Skill…").trigger()
    assert cell(view, 2, RATING) == "9"
    f = sheet_figures(form.document.sheet)
    assert f.bonus.balance == 6 + 20 - 9 - 12
    assert f.never_learnable == ["mechanic"]
    window.undo_action.trigger()  # the learning
    assert sheet_figures(form.document.sheet).bonus.balance == 17
    window.redo_action.trigger()
    assert not [f for f in form.document.findings if f.severity is Severity.ERROR]

    # save, close, reopen
    target = tmp_path / "lockhart.sheet.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_current_as()  # a file (Save keeps a new sheet in the library)
    assert not window.isWindowModified()
    window.close_tab()
    assert window.current_form() is None
    reopened = window.open_path(target)
    assert isinstance(reopened, ForgottenFuturesForm)
    sheet = reopened.document.sheet
    f = sheet_figures(sheet)
    assert (f.name, f.profession, f.age) == (
        "Professor Ωμέγα <Lockhart>",
        "Aeronaut",
        "41",
    )
    assert f.characteristics == {"body": 4, "mind": 5, "soul": 3}
    assert [(s.name, s.points, s.rating) for s in f.skills] == [
        ("Brawling", 0, 4),
        ("Stealth", 0, 2),
        ("Marksman", 3, 9),
    ]
    assert f.wounds.boxes["injury"] and f.wounds.body_penalty == -2
    assert [(e.kind, e.amount, e.outcome) for e in sheet.bonus_ledger] == [
        ("award", 20, None),
        ("improve", -9, "success"),
        ("add", -12, "never"),
    ]
    assert reopened.findChild(QLineEdit, "name").text() == "Professor Ωμέγα <Lockhart>"
