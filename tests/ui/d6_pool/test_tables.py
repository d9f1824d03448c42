"""The d6 tables edited cell by cell: a choice picked from its list is stored at once, a
number stepped down to "–" is unset again, a GM attribute comes and goes with its buttons;
and every table is a sound Qt model."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QSpinBox, QTableView

from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from sheetapp.ui.d6_pool.form import D6PoolForm
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form

KIND, ROLL = 1, 2  # trait and GM attribute columns


def random_form(qtbot) -> D6PoolForm:
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=5))
    form = create_form(SheetDocument(sheet))
    assert isinstance(form, D6PoolForm)
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    return form


def open_editor(view: QTableView, row: int, column: int):
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    QApplication.processEvents()
    return QApplication.focusWidget()


def test_cells_edit_as_a_person_expects_and_models_are_sound(qtbot, qtmodeltester) -> None:
    form = random_form(qtbot)
    document = form.document

    # A trait's kind: picking from the list stores it before the editor closes.
    form.pages.setCurrentWidget(form.rolls_tab)
    traits = form.rolls_tab.findChild(QTableView, "traits")
    assert document.sheet.traits, "the random sheet has traits"
    before = document.sheet.traits[0].kind
    combo = open_editor(traits, 0, KIND)
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == ["Positive", "Negative"]
    qtbot.keyClick(combo, Qt.Key.Key_Up if before == "negative" else Qt.Key.Key_Down)
    after = "positive" if before == "negative" else "negative"
    assert document.sheet.traits[0].kind == after
    assert traits.model().index(0, KIND).data() == after.capitalize()
    qtbot.keyClick(combo, Qt.Key.Key_Escape)
    document.undo_stack.undo()
    assert document.sheet.traits[0].kind == before

    # A GM attribute: added with its button, its roll typed, then stepped down to "–".
    form.pages.setCurrentWidget(form.character_tab)
    extras = form.character_tab.findChild(QTableView, "extra_attributes")
    qtbot.mouseClick(form.findChild(QPushButton, "add_extra"), Qt.MouseButton.LeftButton)
    assert [e.name for e in document.sheet.extra_attributes] == ["New attribute"]
    spin = open_editor(extras, 0, ROLL)
    assert isinstance(spin, QSpinBox) and spin.maximum() == 6
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.sheet.extra_attributes[0].roll == 2)
    spin = open_editor(extras, 0, ROLL)
    for _ in range(3):
        qtbot.keyClick(spin, Qt.Key.Key_Down)
    assert spin.text() == "–"
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.sheet.extra_attributes[0].roll is None)
    assert extras.model().index(0, ROLL).data() == "–"

    tabs = (form.character_tab, form.rolls_tab, form.gear_tab, form.xp_tab)
    models = (tabs[0].extras, tabs[1].skills, tabs[1].traits, tabs[2].model, tabs[3].model)
    for model in models:
        qtmodeltester.check(model)

    extras.selectRow(0)
    qtbot.mouseClick(form.findChild(QPushButton, "remove_extra"), Qt.MouseButton.LeftButton)
    assert document.sheet.extra_attributes == []


def test_the_gear_table_shows_what_each_weapon_needs_against_a_target(qtbot) -> None:
    from sheetapp.systems.d6_pool.catalog import EQUIPMENT, item_line
    from tests.systems.d6_pool.sheets import finished

    sheet = finished()
    wanted = ("Buster Sword", "Double Barreled Shotgun", "Sap")
    sheet.equipment = [item_line(e) for e in EQUIPMENT if e.name in wanted]
    form = create_form(SheetDocument(sheet))
    assert isinstance(form, D6PoolForm)
    qtbot.addWidget(form)
    model = form.gear_tab.model
    column = next(
        c for c in range(model.columnCount())
        if model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "To hurt"
    )  # fmt: skip

    def shown() -> list[str]:
        return [model.index(r, column).data() for r in range(model.rowCount())]

    assert shown() == ["3", "3", "no roll"]
    form.gear_tab.target["armour"].setValue(4)  # Buster: 3 + (4 - 3); shotgun: 3 + 4 x 2
    assert shown() == ["4", "11", "no roll"]
