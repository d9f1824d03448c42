"""The Amplitude tables edited cell by cell: a weapon's skill is picked from the
character's skills or typed, and a skill's roll with the wound follows the wound track;
every table is a sound Qt model."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QTableView

from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from sheetapp.ui.amplitude.form import AmplitudeForm
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form

SKILL, WITH_WOUND = 2, 2  # weapon and skill columns


def test_a_weapons_skill_is_offered_from_the_sheet_and_models_are_sound(
    qtbot, qtmodeltester
) -> None:
    sheet = get_system("amplitude").new(NewOptions(random=True, seed=5))
    form = create_form(SheetDocument(sheet))
    assert isinstance(form, AmplitudeForm)
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    document = form.document

    weapons = form.findChild(QTableView, "weapons")
    index = weapons.model().index(0, SKILL)
    weapons.setCurrentIndex(index)
    weapons.edit(index)
    QApplication.processEvents()
    combo = QApplication.focusWidget()
    if not isinstance(combo, QComboBox):
        combo = combo.parentWidget()  # the focus is in the combo's line edit
    assert isinstance(combo, QComboBox) and combo.isEditable()
    names = [s.name for s in document.sheet.skills]
    assert [combo.itemText(i) for i in range(combo.count())] == names
    combo.lineEdit().selectAll()
    qtbot.keyClicks(combo.lineEdit(), "Archery")  # not a skill yet: typed text is kept
    qtbot.keyClick(combo.lineEdit(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.sheet.weapons[0].skill == "Archery")

    skills = form.findChild(QTableView, "skills")
    ob = document.sheet.skills[0].ob
    assert skills.model().index(0, WITH_WOUND).data() == f"{ob:+d}"
    document.edit(("wound",), "moderate", "Wound")  # -2 to every roll
    assert skills.model().index(0, WITH_WOUND).data() == f"{ob - 2:+d}"

    for model in (form.character_tab.skills, form.character_tab.weapons):
        qtmodeltester.check(model)
