"""The gear tab adds weapons and equipment from the character's universe's catalogue, with
the damage, lethality and weight the pack gives; the weight shows in the load at once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu, QPushButton

from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import blank_sheet
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.ui.amazing_engine.form import create_form
from sheetapp.ui.amazing_engine.gear_tab import GearTab
from sheetapp.ui.document import SheetDocument


def choose_from_menu(qtbot, button: QPushButton, starts: str) -> None:
    """Click the button and pick the menu line that starts with ``starts``, by keyboard."""
    menu = button.findChild(QMenu)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text().startswith(starts))
    menu.setActiveAction(action)
    QTest.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not menu.isVisible())


def test_weapons_and_armour_come_from_the_universe_with_their_numbers(qtbot) -> None:
    sheet = blank_sheet(catalog.builtin_universes()["verdigris"], npc=True)
    sheet.characters[0].attributes[Attribute.FITNESS] = 5
    document = SheetDocument(sheet)
    form = create_form(document)
    qtbot.addWidget(form)
    form.show()
    form.show_character(0)
    tab = next(iter(form.findChildren(GearTab)))
    tabs = tab.parentWidget().parentWidget()  # the character page's tabs: click "Gear"
    bar = tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tabs.indexOf(tab)).center())
    assert tab.isVisible()
    choose_from_menu(qtbot, tab.findChild(QPushButton, "catalogue_weapons"), "Regulator's pistol")
    weapon = document.sheet.characters[0].weapons[0]
    assert (weapon.name, weapon.damage, weapon.lethality, weapon.weight_kg) == (
        "Regulator's pistol", "2d6", 5, 1.1
    )
    choose_from_menu(qtbot, tab.findChild(QPushButton, "catalogue_equipment"), "Gear-plate vest")
    vest = document.sheet.characters[0].equipment[0]
    assert vest.weight_kg == 6.0 and "a hit loses 3 damage" in vest.notes
    assert tab.load.text().startswith("Load 7.1 kg of 5 free: running halved")
    document.undo_stack.undo()
    assert document.sheet.characters[0].equipment == []
    assert tab.load.text().startswith("Load 1.1 kg")
