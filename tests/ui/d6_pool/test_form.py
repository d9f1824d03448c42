"""A person fills in a d6 dice pool sheet by hand: blank sheet from the File menu, typed
values, live figures and findings, XP from the Sheet menu, undo, save, close, reopen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.ui.d6_pool.form import D6PoolForm
from sheetapp.ui.d6_pool.xp_dialogs import AwardDialog, SpendDialog

SCORES = {
    "strength": 3,
    "dexterity": 4,
    "stamina": 3,
    "intelligence": 4,
    "wisdom": 3,
    "charisma": 3,
}
NAME, RATING, POOL = 0, 2, 3  # skill table columns


def menu_action(menu, text: str):
    found = [a for a in menu.actions() if a.text().replace("&", "") == text]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


def type_into(qtbot, widget: QLineEdit | QSpinBox, text: str) -> None:
    """Select what the field shows and type over it, then leave the field."""
    (widget.lineEdit() if isinstance(widget, QSpinBox) else widget).selectAll()
    qtbot.keyClicks(widget, text)
    if isinstance(widget, QSpinBox):
        qtbot.keyClick(widget, Qt.Key.Key_Tab)


def edit_cell(qtbot, view: QTableView, row: int, column: int, text: str) -> None:
    """Open the cell's editor as a double click would, type, and press Enter."""
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    editors = [
        w
        for w in view.viewport().findChildren(QWidget)
        if isinstance(w, QSpinBox | QLineEdit)
        and w.parentWidget() is view.viewport()
        and w.isVisible()
    ]
    assert len(editors) == 1, editors  # the one the delegate just opened
    editor = editors[0]
    (editor.lineEdit() if isinstance(editor, QSpinBox) else editor).selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # the view commits and closes the editor in a queued call
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)


def cell(view: QTableView, row: int, column: int) -> str:
    return view.model().index(row, column).data()


def findings(form: D6PoolForm) -> dict[str, str]:
    return {f.path: f.code for f in form.document.findings}


def test_filling_a_sheet_by_hand(window, qtbot, tmp_path, monkeypatch) -> None:
    menu_action(window.new_blank_menu, "d6 Dice Pool").trigger()
    form = window.current_form()
    assert isinstance(form, D6PoolForm)
    assert window.isWindowModified()

    # The character page: name, the 6d6 roll and the six attributes, typed in.
    type_into(qtbot, form.findChild(QLineEdit, "name"), "Mira <Quill> & Co")
    type_into(qtbot, form.findChild(QSpinBox, "attribute_roll"), "20")
    health = form.findChild(QLabel, "figure_health")
    assert health.text() == "–"
    assert findings(form)["attributes.stamina"] == "d6.attributes.missing"
    for attribute, score in SCORES.items():
        type_into(qtbot, form.findChild(QSpinBox, f"score_{attribute}"), str(score))
    assert health.text() == "6 points"  # twice Stamina, as soon as it is typed
    assert "attributes.stamina" not in findings(form)
    assert form.findChild(QLabel, "unskilled_dexterity").text() == "unskilled 2"
    assert findings(form)["skills"] == "d6.skills.unspent"  # Int + Wis + Cha = 10 to spend

    # Skills: add one, name it and rate it in the table; its pool follows.
    form.pages.setCurrentWidget(form.rolls_tab)
    skills = form.rolls_tab.findChild(QTableView, "skills")
    qtbot.mouseClick(form.rolls_tab.findChild(QPushButton, "add_skills"), Qt.MouseButton.LeftButton)
    edit_cell(qtbot, skills, 0, NAME, "Ranged")
    edit_cell(qtbot, skills, 0, RATING, "6")
    assert cell(skills, 0, NAME) == "Ranged"
    assert cell(skills, 0, POOL) == "10"  # Dexterity 4 + Ranged 6
    assert findings(form)["skills"] == "d6.skills.unspent"  # 4 of 10 still to spend
    qtbot.mouseClick(form.rolls_tab.findChild(QPushButton, "add_skills"), Qt.MouseButton.LeftButton)
    edit_cell(qtbot, skills, 1, NAME, "Dodge")
    edit_cell(qtbot, skills, 1, RATING, "4")
    assert "skills" not in findings(form)  # all 10 skill points spent
    window.undo_action.trigger()
    assert cell(skills, 1, RATING) == 1 and findings(form)["skills"] == "d6.skills.unspent"
    window.redo_action.trigger()
    assert cell(skills, 1, RATING) == 4

    # Raising Dexterity updates the pool in the table without touching the table.
    form.pages.setCurrentWidget(form.character_tab)
    assert form.findChild(QLabel, "figure_dodge").text() == "4 successes"  # caught up on show
    type_into(qtbot, form.findChild(QSpinBox, "score_dexterity"), "5")
    assert cell(skills, 0, POOL) == "11"
    assert findings(form)["attributes"] == "d6.attributes.overspent"  # 21 of 20 points
    window.undo_action.trigger()
    assert cell(skills, 0, POOL) == "10" and "attributes" not in findings(form)

    # XP from the Sheet menu: an award, then Ranged cannot rise past 6 but Stamina can.
    def award(self: AwardDialog) -> int:
        self.findChild(QSpinBox, "amount").setValue(20)
        return QDialog.DialogCode.Accepted.value

    refusals: list[str] = []

    def spend(self: SpendDialog) -> int:
        self.kind.setCurrentIndex(self.kind.findData("skill"))
        refusals.append(self.problem.text())
        assert not self.ok_button.isEnabled()
        self.kind.setCurrentIndex(self.kind.findData("attribute"))
        self.which.setCurrentIndex(self.which.findData("stamina"))
        assert self.to.value() == 4 and "Costs 16 XP; 4 XP left" in self.preview.text()
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(AwardDialog, "exec", award)
    monkeypatch.setattr(SpendDialog, "exec", spend)
    menu_action(window.sheet_menu, "Award XP…").trigger()
    menu_action(window.sheet_menu, "Spend XP…").trigger()
    assert refusals == ["Ranged would be 7; ratings go no higher than 6."]
    assert health.text() == "8 points"
    assert form.findChild(QLabel, "figure_xp").text() == "4"

    # Save, close, reopen: every value as it was.
    target = tmp_path / "mira.sheet.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_current_as()  # a file (Save keeps a new sheet in the library)
    assert not window.isWindowModified()
    window.close_tab()
    assert window.current_form() is None
    reopened = window.open_path(target)
    assert isinstance(reopened, D6PoolForm)
    f = sheet_figures(reopened.document.sheet)
    assert f.name == "Mira <Quill> & Co"
    assert f.attributes == {**SCORES, "stamina": 4}
    assert [(s.name, s.rating, s.pool.dice) for s in f.skills] == [
        ("Ranged", 6, 10),
        ("Dodge", 4, 8),
    ]
    assert f.xp == 4 and f.health == 8
    assert [e.kind for e in reopened.document.sheet.xp_ledger] == ["award", "attribute"]
    assert reopened.findChild(QLabel, "figure_health").text() == "8 points"
