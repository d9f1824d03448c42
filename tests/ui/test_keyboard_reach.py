"""Reaching everything without a mouse: a filter box and its list answer Down and Enter,
Ctrl+Tab and Ctrl+Page Up/Down move between sheets wherever the focus is, and the buttons
of the questions the window asks answer to an Alt+letter. Keys only (QTest key clicks)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.model import Character, Creation
from sheetapp.systems.registry import system_ids
from sheetapp.ui.amazing_engine.xp_spend import BuySkillDialog
from sheetapp.ui.binding import reveal_in_tabs
from sheetapp.ui.help_window import HelpWindow
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.window.sheet_keys import first_field

from .dialogs import prime
from .library.conftest import fill, plain
from .mnemonics import mnemonic


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(focused(), key, modifier)
    QApplication.processEvents()


def test_the_roster_filter_goes_down_to_the_list_and_opens_the_one_match(
    qtbot, window: MainWindow
) -> None:
    fill(window, plain("Ada"), plain("Bram"), plain("Cleo"))
    window.show_library()
    QApplication.processEvents()
    press(Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    tab = window.library_tab
    assert focused() is tab.filter_edit
    press(Qt.Key.Key_Down)
    assert focused() is tab.view
    assert tab.view.selectionModel().isRowSelected(0)
    press(Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(focused(), "Bra")
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_form() is not None)
    assert window.current_form().document.display_name().startswith("Bram")


def test_buy_a_skill_narrows_then_enter_buys_the_one_left(qtbot) -> None:
    sheet = experience.award(prime(), 0, to_character=100, to_core=0)
    dialog = BuySkillDialog(sheet, 0)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog.filter.setFocus()
    press(Qt.Key.Key_Down)
    assert focused() is dialog.skills
    first = dialog.chosen()
    assert first is not None
    dialog.filter.setFocus()
    QTest.keyClicks(dialog.filter, first[1][-1])  # the name of the skill chosen
    dialog.skills.clearSelection()
    press(Qt.Key.Key_Return)
    assert dialog.chosen() == first
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_the_help_search_goes_down_to_the_topics_and_enter_opens_one(qtbot) -> None:
    help_window = HelpWindow([])
    qtbot.addWidget(help_window)
    help_window.show()
    help_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is help_window)
    help_window.search.setFocus()
    QTest.keyClicks(help_window.search, "momentum")
    shown = [
        help_window.list.item(i)
        for i in range(help_window.list.count())
        if not help_window.list.item(i).isHidden()
    ]
    press(Qt.Key.Key_Return)
    assert help_window.list.currentItem() is shown[0]
    assert focused() is help_window.browser
    help_window.search.setFocus()
    help_window.search.clear()
    press(Qt.Key.Key_Down)
    assert focused() is help_window.list


def test_ctrl_tab_cycles_sheets_from_inside_a_sheets_own_pages(qtbot, window: MainWindow) -> None:
    window.new_random_npc("amazing-engine")
    window.new_random_npc("d6-pool")
    tabs = window.tabs
    d6 = window.current_form()
    inner = d6.findChild(QTabWidget, "pages")
    inner.setCurrentIndex(1)
    QApplication.processEvents()
    field = first_field(inner.currentWidget())
    field.setFocus()
    QApplication.processEvents()
    start = tabs.currentIndex()
    press(Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == (start + 1) % tabs.count()
    assert inner.currentIndex() == 1  # the sheet's own pages did not move
    press(Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == start
    press(Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == start - 1
    press(Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == start
    assert tabs.currentWidget().isAncestorOf(focused())  # the focus came along


def test_save_changes_answers_alt_d_for_discard(qtbot, window: MainWindow) -> None:
    window.new_blank("d6-pool")
    form = window.current_form()
    form.document.edit(("name",), "Ada")
    seen: dict[str, list[str]] = {}

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        QApplication.processEvents()
        seen["buttons"] = [b.text() for b in box.buttons()]
        QTest.keyClick(box, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)

    QTimer.singleShot(20, answer)
    assert window.close_tab()
    assert all(mnemonic(text) for text in seen["buttons"]), seen
    assert window.current_form() is not form


def test_f1_on_a_field_opens_its_sheets_topic_where_the_field_is_named(
    qtbot, window: MainWindow
) -> None:
    window.new_random_npc("amazing-engine")
    form = window.current_form()
    field = form.findChild(QWidget, "score_fitness")
    reveal_in_tabs(field)
    field.setFocus()
    QApplication.processEvents()
    press(Qt.Key.Key_F1)
    shown = window.findChild(HelpWindow)
    assert shown is not None and shown.current_topic == "amazing-engine"
    assert shown.browser.textCursor().selectedText().casefold() in {"fitness score", "fitness"}


@pytest.mark.parametrize("system_id", system_ids())
def test_tab_from_a_pages_tabs_goes_to_a_named_field_not_a_blank_stop(
    qtbot, window: MainWindow, system_id: str
) -> None:
    """From any tab bar of a sheet (its pages, an Amazing Engine character's own pages), the
    next Tab is a control a person can see the focus on and a screen reader names: a page's
    scroll area took the focus unseen and unnamed, and the letters typed next were lost."""
    window.new_random_npc(system_id)
    form = window.current_form()
    if system_id == "amazing-engine":
        form.add_character(Character(creation=Creation(method="manual")), "Add character")
    QApplication.processEvents()
    blank = []
    for tabs in form.findChildren(QTabWidget):
        for index in range(tabs.count()):
            reveal_in_tabs(tabs.widget(index))
            QApplication.processEvents()
            tabs.tabBar().setFocus(Qt.FocusReason.TabFocusReason)
            press(Qt.Key.Key_Tab)
            stop = focused()
            if isinstance(stop, QScrollArea) or not stop.accessibleName():
                blank.append(f"{tabs.tabText(index)}: {type(stop).__name__}")
    assert blank == []
