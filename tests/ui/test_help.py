"""Help as a person uses it: F1 opens the manual at what they are looking at; it searches."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from sheetapp.systems.registry import system_ids
from sheetapp.ui.amazing_engine.wizards import PrimeCharacterWizard
from sheetapp.ui.help_window import HelpWindow, load_topics
from sheetapp.ui.main_window import MainWindow


def press_f1(qtbot, widget) -> HelpWindow:
    widget.setFocus()
    qtbot.keyClick(QApplication.focusWidget() or widget, Qt.Key.Key_F1)
    shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, HelpWindow)]
    shown += widget.window().findChildren(HelpWindow)
    visible = [w for w in shown if w.isVisible()]
    assert visible, "F1 opened no help"
    return visible[0]


def test_every_topic_has_a_title_and_words() -> None:
    topics = load_topics()
    assert {t.id for t in topics} >= {*system_ids(), "library", "table", "printing"}
    for topic in topics:
        assert topic.title and len(topic.text.split()) > 40, topic.id


@pytest.mark.parametrize("system_id", system_ids())
def test_f1_on_a_sheet_opens_its_systems_topic(window: MainWindow, qtbot, system_id) -> None:
    window.new_random_npc(system_id)
    field = window.current_form().findChildren(QLineEdit)[0]
    assert press_f1(qtbot, field).current_topic == system_id


def test_f1_in_the_roster_and_the_table(window: MainWindow, qtbot) -> None:
    window.show_library()
    assert press_f1(qtbot, window.library_tab.filter_edit).current_topic == "library"
    window.show_table()
    qtbot.waitUntil(window.table_panel.isVisible)
    assert press_f1(qtbot, window.table_panel).current_topic == "table"


def test_f1_in_a_wizard_opens_help_the_wizard_can_use(qtbot) -> None:
    wizard = PrimeCharacterWizard()
    qtbot.addWidget(wizard)
    with qtbot.waitActive(wizard):
        wizard.show()
        wizard.activateWindow()
    shown = press_f1(qtbot, wizard.currentPage())
    assert shown.current_topic == "amazing-engine"
    assert shown.window() is shown and shown.parentWidget() is wizard  # not blocked by it


def test_search_keeps_the_topics_that_hold_every_word(window: MainWindow, qtbot) -> None:
    shown = press_f1(qtbot, window.tabs)
    qtbot.keyClicks(shown.search, "revisions trash")
    visible = [
        shown.list.item(r).text()
        for r in range(shown.list.count())
        if not shown.list.item(r).isHidden()
    ]
    assert visible == ["The library"]
    assert shown.browser.textCursor().selectedText().casefold() == "revisions"


def test_the_keyboard_topic_lists_the_windows_real_shortcuts(window: MainWindow, qtbot) -> None:
    shown = press_f1(qtbot, window.tabs)
    shown.show_topic("shortcuts")
    text = shown.browser.toPlainText()
    assert "Export PDF" in text and "Ctrl+E" in text
    assert "Help Contents" in text and "F1" in text


def test_about_says_where_the_data_is(window: MainWindow, monkeypatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _p, _t, text: said.append(text))
    window.help_area.about()
    from sheetapp.data_dir import data_dir

    assert str(data_dir()) in said[0] and "Open Font License" in said[0]


def test_every_topic_title_is_whole_in_the_list(window: MainWindow, qtbot) -> None:
    shown = press_f1(qtbot, window.tabs)
    qtbot.waitExposed(shown)
    room = shown.list.viewport().width()
    cut = [
        shown.list.item(r).text()
        for r in range(shown.list.count())
        if shown.list.fontMetrics().horizontalAdvance(shown.list.item(r).text()) + 8 > room
    ]
    assert cut == []
