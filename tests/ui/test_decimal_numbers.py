"""A German reader sees German decimals in the window: the character page's load reads
"10,4 kg carried", a gear weight cell "1,5", and a weight typed the German way ("2,25")
is kept as the number 2.25 and shown back as "2,25", and a weight of 0.125 opened and
left stays 0.125 (Qt's stock editor, two places, stored 0.13) (tests/test_locale_numbers.py keeps
Python's point-writing format specs out of every string a person reads)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QMainWindow, QTableView

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Equipment
from sheetapp.ui.amazing_engine.character_page import CharacterFormPage
from sheetapp.ui.amazing_engine.form import create_form
from sheetapp.ui.amazing_engine.gear_tab import GearTab
from sheetapp.ui.binding import reveal_in_tabs
from sheetapp.ui.document import SheetDocument

KG_EACH = 1  # the equipment table's "kg each" column


def _character_form(qtbot, rope_kg: float = 1.5):
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    character = sheet.characters[0]
    character.weapons = []
    character.equipment = [
        Equipment(name="Rope", weight_kg=rope_kg),
        Equipment(name="Tent", weight_kg=8.9),
    ]
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.resize(1366, 768)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()  # offscreen, a shown window is active only once asked
    qtbot.waitUntil(form.isActiveWindow)
    form.show_character(0)
    return form


def _edit_rope_weight(qtbot, form, keys: str = ""):
    """Open the rope's weight cell with F2, type ``keys`` over it (none: leave it as it
    is) and press Enter; the text the editor opened with."""
    gear = form.findChildren(GearTab)[0]
    view = form.findChild(QTableView, "equipment")
    reveal_in_tabs(view)
    view.setFocus()
    view.setCurrentIndex(gear.equipment.index(0, KG_EACH))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QAbstractSpinBox)
    shown = editor.text()
    if keys:
        QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(editor, keys)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.state() != QTableView.State.EditingState)  # a queued commit
    return shown


def test_a_german_reader_sees_decimal_commas_and_types_one(qtbot, speak) -> None:
    speak("de")
    form = _character_form(qtbot)
    page = form.findChildren(CharacterFormPage)[0]
    assert page.figure_labels["carry"].text().startswith("10,4 kg")
    gear = form.findChildren(GearTab)[0]
    assert gear.equipment.index(0, KG_EACH).data() == "1,5"

    reveal_in_tabs(gear)  # a tab fills its figures once shown
    qtbot.waitUntil(lambda: "10,4 kg" in gear.load.text())

    assert _edit_rope_weight(qtbot, form, "2,25") == "1,5"

    assert form.document.sheet.characters[0].equipment[0].weight_kg == 2.25
    assert gear.equipment.index(0, KG_EACH).data() == "2,25"
    assert "11,15 kg" in gear.load.text()


def test_a_weight_opened_and_left_keeps_its_places(qtbot, speak) -> None:
    speak("de")
    form = _character_form(qtbot, rope_kg=0.125)
    assert _edit_rope_weight(qtbot, form) == "0,125"
    assert form.document.sheet.characters[0].equipment[0].weight_kg == 0.125


def test_a_point_typed_by_habit_is_the_decimal_mark(qtbot, speak) -> None:
    """A German reader who types "2.25" (a keypad, a habit) means 2.25 kg: Qt read the
    point as German grouping and stored 225; one who groups the German way keeps it."""
    speak("de")
    form = _character_form(qtbot)
    _edit_rope_weight(qtbot, form, "2.25")
    assert form.document.sheet.characters[0].equipment[0].weight_kg == 2.25
    _edit_rope_weight(qtbot, form, "1.000,5")
    assert form.document.sheet.characters[0].equipment[0].weight_kg == 1000.5


def test_a_french_reader_typing_a_point_keeps_it(qtbot, speak) -> None:
    """French has no use for a point in a figure: Qt dropped it, so "2.25" stored 225."""
    speak("fr")
    form = _character_form(qtbot)
    _edit_rope_weight(qtbot, form, "2.25")
    assert form.document.sheet.characters[0].equipment[0].weight_kg == 2.25


def test_a_weight_the_rules_refuse_says_why(qtbot, speak) -> None:
    """A cell's edit refused by the rules said nothing: the cell went back and the reader
    never learnt why. It says so in the window's status bar, as a field does."""
    speak("de")
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = window.statusBar()  # made when first asked for, as the app's window has it
    form = _character_form(qtbot)
    window.setCentralWidget(form)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    _edit_rope_weight(qtbot, form, "-1")
    assert form.document.sheet.characters[0].equipment[0].weight_kg == 1.5
    assert bar.currentMessage().startswith("Nicht angenommen")
    assert "Input should" not in bar.currentMessage()  # pydantic's English
    window.takeCentralWidget()  # the form is the fixture's to close
