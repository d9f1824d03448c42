"""Driving the universe editor as a person does: click the page, click a button, type."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from sheetapp.ui.universe_editor.window import UniverseEditor


def go_to(qtbot, editor: UniverseEditor, title: str) -> None:
    nav = editor.nav
    [item] = nav.findItems(title, Qt.MatchFlag.MatchExactly)
    rect = nav.visualItemRect(item)
    qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert editor.stack.currentWidget().isVisible()


def click(qtbot, editor: QWidget, name: str) -> None:
    button = editor.findChild(QPushButton, name)
    assert button is not None and button.isEnabled(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def type_into(qtbot, editor: QWidget, name: str, text: str) -> None:
    """Click the field, select what it holds, type over it."""
    edit = editor.findChild(QLineEdit, name)
    assert edit is not None and edit.isEnabled(), name
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)


def type_focused(qtbot, editor: QWidget, text: str) -> None:
    """Type over the selected text of the field that has the focus (a new record's first)."""
    widget = editor.focusWidget()
    assert isinstance(widget, QLineEdit), widget
    qtbot.keyClicks(widget, text)


def set_spin(qtbot, editor: QWidget, name: str, value: float) -> None:
    spin = editor.findChild(QAbstractSpinBox, name)
    assert spin is not None, name
    spin.setFocus()
    spin.selectAll()
    typed = spin.locale().toString(value) if isinstance(value, float) else str(value)
    qtbot.keyClicks(spin, typed)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def choose(qtbot, editor: QWidget, name: str, text: str) -> None:
    combo = editor.findChild(QComboBox, name)
    index = combo.findText(text)
    assert index >= 0, (name, text)
    combo.setFocus()
    combo.setCurrentIndex(index)  # as picking from the popup does


def tick_box(qtbot, editor: QWidget, name: str) -> None:
    box = editor.findChild(QCheckBox, name)
    before = box.isChecked()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert box.isChecked() != before


def tick_name(qtbot, editor: QWidget, list_name: str, text: str) -> None:
    """Tick a name in a check list by clicking its box (the space bar where a style puts
    the box elsewhere)."""
    view = editor.findChild(QListWidget, list_name)

    def item():
        [found] = view.findItems(text, Qt.MatchFlag.MatchExactly)
        return found

    before = item().checkState()
    view.scrollToItem(item())
    rect = view.visualItemRect(item())
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 10, rect.center().y())
    )
    if item().checkState() == before:
        view.setCurrentItem(item())
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert item().checkState() != before


def answer_dialog(qtbot, trigger: Callable[[], object], name: str, button) -> dict[str, str]:
    """Run ``trigger`` (which opens a modal dialog, named ``name``; "" for a message box)
    and press ``button`` in it; what the dialog showed (its labels and text boxes by
    object name, a message box's text as "text")."""
    seen: dict[str, str] = {}

    def press() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog) or (name and dialog.objectName() != name):
            QTimer.singleShot(20, press)
            return
        for label in dialog.findChildren(QLabel):
            seen[label.objectName()] = label.text()
        for edit in dialog.findChildren(QPlainTextEdit):
            seen[edit.objectName()] = edit.toPlainText()
        if isinstance(dialog, QMessageBox):
            seen["text"] = dialog.text()
            qtbot.mouseClick(dialog.button(button), Qt.MouseButton.LeftButton)
            return
        box = dialog.findChild(QDialogButtonBox)
        qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)

    QTimer.singleShot(20, press)
    trigger()
    return seen
