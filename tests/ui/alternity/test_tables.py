"""The Alternity tables edited cell by cell: a specialty's broad skill is picked from the
broad skills the hero has, its base die from the named steps, an ability shows by name;
and every table is a sound Qt model."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QTableView

from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from sheetapp.ui.alternity.form import AlternityForm
from sheetapp.ui.alternity.skills_page import TRAINED
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form

BROAD, BASE_DIE = 0, 5  # specialty columns


def open_editor(view: QTableView, row: int, column: int):
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    QApplication.processEvents()
    return QApplication.focusWidget()


def test_specialty_cells_offer_the_heros_choices_and_models_are_sound(qtbot, qtmodeltester) -> None:
    sheet = get_system("alternity").new(NewOptions(random=True, seed=5))
    form = create_form(SheetDocument(sheet))
    assert isinstance(form, AlternityForm)
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    form.pages.setCurrentWidget(form.skills_page)
    document = form.document
    broad = form.findChild(QTableView, "broad_skills")
    first = document.sheet.broad_skills[0]
    assert broad.model().index(0, 1).data() == first.ability.value.capitalize()

    specialties = form.findChild(QTableView, "specialty_skills")
    combo = open_editor(specialties, 0, BROAD)
    assert isinstance(combo, QComboBox)
    offered = [combo.itemText(i) for i in range(combo.count())]
    assert offered == [b.name for b in document.sheet.broad_skills]
    qtbot.keyClick(combo, Qt.Key.Key_Escape)

    combo = open_editor(specialties, 0, BASE_DIE)
    assert isinstance(combo, QComboBox) and combo.currentText() == TRAINED
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the best die there is: picked, stored at once
    step = combo.currentData()
    assert document.sheet.specialty_skills[0].base_step == step
    assert specialties.model().index(0, BASE_DIE).data() == combo.currentText() != TRAINED
    qtbot.keyClick(combo, Qt.Key.Key_Escape)

    page = form.gear_page
    for model in (form.skills_page.broad, form.skills_page.specialties, page.weapons):
        qtmodeltester.check(model)
    for model in (page.armour, page.equipment):
        qtmodeltester.check(model)
