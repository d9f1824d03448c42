"""The window's menu shortcuts win over a focused text field.

Before a shortcut fires, Qt lets the focused widget claim the key (a ShortcutOverride
event), and text fields claim more than typing needs: on Linux a line edit takes Ctrl+E as
"end of line", so File > Export PDF did nothing while a field had focus. For the keys of
the window's own commands we decline the field's claim; the keys of text editing itself
(undo, copy, paste, select all...) stay the field's.

Only the focused widget is watched (the filter moves with the focus), so the rest of the
application's events never pass through Python.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

_TEXT_EDITING = (
    QKeySequence.StandardKey.Undo,
    QKeySequence.StandardKey.Redo,
    QKeySequence.StandardKey.Copy,
    QKeySequence.StandardKey.Cut,
    QKeySequence.StandardKey.Paste,
    QKeySequence.StandardKey.SelectAll,
    QKeySequence.StandardKey.Delete,
    QKeySequence.StandardKey.Deselect,
)
_COMMAND_MODIFIERS = (
    Qt.KeyboardModifier.ControlModifier
    | Qt.KeyboardModifier.AltModifier
    | Qt.KeyboardModifier.MetaModifier
)


class MenuShortcutsFirst(QObject):
    """Installed once per main window; follows the application's focus."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._watched: QWidget | None = None
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)  # a deleted widget took its filter along
        self._watched = new if new is not None and new.window() is self._window else None
        if self._watched is not None:
            self._watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._is_window_command(event)
        ):
            event.ignore()  # not claimed: the shortcut map runs the menu's action
            return True
        return False

    def _is_window_command(self, event: QKeyEvent) -> bool:
        if not event.modifiers() & _COMMAND_MODIFIERS:
            return False  # typing, never a command
        if any(event.matches(key) for key in _TEXT_EDITING):
            return False
        pressed = QKeySequence(event.keyCombination())
        return any(
            action.isEnabled()
            and any(
                shortcut.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
                for shortcut in action.shortcuts()
            )
            for action in self._window.findChildren(QAction)
        )
