"""The keyboard as a person uses it: menu shortcuts work wherever the focus is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFileDialog, QLineEdit

from sheetapp.ui.main_window import MainWindow


class ClaimsCtrlE(QObject):
    """What a line edit does on Linux desktops (X11 key bindings: Ctrl+E is end of line),
    which the offscreen platform used by the tests lacks: it claims the key before the
    window's shortcuts see it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_E
            and event.modifiers() == Qt.KeyboardModifier.ControlModifier
        ):
            event.accept()
        return False


@pytest.fixture
def no_file_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))


def test_export_pdf_shortcut_works_while_typing_in_a_field(
    window: MainWindow, qtbot, hero_file, no_file_dialog
) -> None:
    form = window.open_path(hero_file)
    form.show_character(0)
    name = window.current_form().findChild(QLineEdit, "name")
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    claims = ClaimsCtrlE(name)
    name.installEventFilter(claims)
    with qtbot.waitSignal(window.printing.export_pdf.triggered, timeout=2000):
        qtbot.keyClick(name, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)


def test_text_editing_keys_stay_with_the_field(window: MainWindow, qtbot, hero_file) -> None:
    form = window.open_path(hero_file)
    form.show_character(0)
    name = window.current_form().findChild(QLineEdit, "name")
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    qtbot.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert name.selectedText() == name.text() != ""
    qtbot.keyClicks(name, "Zed")
    assert name.text() == "Zed"


def test_a_deleted_focused_widget_is_let_go(window: MainWindow, qtbot, hero_file) -> None:
    """The shortcut filter follows the focus; when the focused widget is deleted (a page
    rebuilt, a tab closed, the window going away) it must not touch the dead object
    (pytest-qt fails the test on an exception in a slot)."""
    form = window.open_path(hero_file)
    form.show_character(0)
    name = window.current_form().findChild(QLineEdit, "name")
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    name.deleteLater()
    qtbot.wait(20)
    window.tabs.tabBar().setFocus()
    qtbot.wait(20)
