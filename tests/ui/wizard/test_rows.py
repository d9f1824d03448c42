"""The rows editor wizards use for lists: rows are added, filled, removed and named by place."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox

from sheetapp.findings import error, warning
from sheetapp.ui.wizard.rows import Column, RowsEditor

COLUMNS = (
    Column("name", "Name", "What it is.", stretch=True),
    Column("ob", "OB", "A bonus.", kind="int", minimum=-3, maximum=9, default=1),
    Column("skill", "Skill", "The skill.", kind="pick"),
)


def make(qtbot) -> RowsEditor:
    editor = RowsEditor("things", COLUMNS, "&Add thing")
    qtbot.addWidget(editor)
    editor.show()
    return editor


def test_rows_are_added_filled_and_removed_and_keep_their_names_by_place(qtbot):
    editor = make(qtbot)
    seen = []
    editor.rows_changed.connect(lambda: seen.append(len(editor.rows())))
    for _ in range(3):
        qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    for row, name in enumerate(("first", "second", "third")):
        qtbot.keyClicks(editor.findChild(QLineEdit, f"things_{row}_name"), name)
    editor.findChild(QSpinBox, "things_2_ob").setValue(-2)
    assert [r["name"] for r in editor.rows()] == ["first", "second", "third"]
    assert [r["ob"] for r in editor.rows()] == [1, 1, -2]  # new rows take the default

    remove = editor.findChild(QPushButton, "things_1_remove")
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)

    assert editor.rows() == [
        {"name": "first", "ob": 1, "skill": ""},
        {"name": "third", "ob": -2, "skill": ""},
    ]
    assert editor.findChild(QLineEdit, "things_1_name").text() == "third"
    assert editor.findChild(QSpinBox, "things_1_ob").value() == -2
    assert editor.findChild(QLineEdit, "things_2_name") is None
    assert seen[-1] == 2
    qtbot.mouseClick(editor.findChild(QPushButton, "things_1_remove"), Qt.MouseButton.LeftButton)
    assert [r["name"] for r in editor.rows()] == ["first"]


def test_suggestions_change_without_losing_what_was_typed(qtbot):
    editor = make(qtbot)
    editor.set_rows([{"name": "Pistol", "skill": "Firearms"}])
    editor.set_choices("skill", ["Firearms", "Medicine"])
    combo = editor.findChild(QComboBox, "things_0_skill")
    assert combo.currentText() == "Firearms"
    assert [combo.itemText(i) for i in range(combo.count())] == ["Firearms", "Medicine"]
    editor.set_choices("skill", ["Medicine"])
    assert combo.currentText() == "Firearms"


def test_findings_outline_the_cells_they_name_and_clear_when_gone(qtbot):
    editor = make(qtbot)
    editor.set_rows([{"name": ""}, {"name": "Knife", "ob": 9}])
    editor.show_findings(
        [warning("x.unnamed", "things[0].name", "Name it."), error("x.ob", "things[1].ob", "No.")],
        "things",
    )
    assert editor.findChild(QLineEdit, "things_0_name").property("finding") == "warning"
    assert editor.findChild(QSpinBox, "things_1_ob").property("finding") == "error"
    assert editor.findChild(QLineEdit, "things_1_name").property("finding") == ""
    editor.show_findings([], "things")
    assert editor.findChild(QSpinBox, "things_1_ob").property("finding") == ""
