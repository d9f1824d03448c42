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


def test_a_weapons_score_shows_the_die_its_roll_rolls(qtbot) -> None:
    """Accuracy moves the die the Roll rolls; the Score cell shows that die, not the
    skill's plain one."""
    from sheetapp.systems.alternity.derived import weapon_skill
    from sheetapp.systems.alternity.rolls import weapon_check
    from sheetapp.systems.alternity.situation import die_for

    sheet = get_system("alternity").new(NewOptions(random=True, seed=1))
    sheet.weapons[0].accuracy = 2  # two steps worse
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    model = form.gear_page.weapons
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    shown = model.index(0, titles.index("Score")).data()
    check = weapon_check(form.document.sheet, 0)
    plain = weapon_skill(form.document.sheet, form.document.sheet.weapons[0])
    assert plain is not None and check.step != plain.step
    assert shown.endswith(" " + die_for(check.step).label)
    assert shown.split()[0] == f"{check.thresholds.ordinary}/{check.thresholds.good}/" + str(
        check.thresholds.amazing
    )
