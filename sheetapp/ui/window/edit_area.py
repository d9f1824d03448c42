"""The Edit menu: Undo and Redo of whatever has focus (the window's undo group picks the
stack), and Preferences, whose settings take effect as OK is pressed."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QMainWindow

from sheetapp.i18n import _
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.settings import Settings
from sheetapp.ui.theme import apply_theme


class EditArea(QObject):
    preferences_applied = Signal()  # the other areas take up the new settings

    def __init__(self, window: QMainWindow, settings: Settings, undo_group: QUndoGroup) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        menu = window.menuBar().addMenu(_("&Edit"))
        self.undo_action = undo_group.createUndoAction(window, _("&Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = undo_group.createRedoAction(window, _("&Redo"))
        self.redo_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")]
        )
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addSeparator()
        self.preferences_action = make_action(
            window,
            _("&Preferences…"),
            self.show_preferences,
            tip=_("Theme, paper, autosave, new sheets' universe and what the window starts with"),
        )
        # Ctrl+, where the platform names no Preferences key (Linux desktops, Windows).
        self.preferences_action.setShortcuts(
            QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences)
            or [QKeySequence("Ctrl+,")]
        )
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        menu.addAction(self.preferences_action)

    def show_preferences(self) -> None:
        from sheetapp.ui.preferences_dialog import PreferencesDialog

        dialog = PreferencesDialog(self._settings, self._window)
        try:
            if dialog.exec():
                self.apply_preferences()
        finally:
            dialog.deleteLater()

    def apply_preferences(self) -> None:
        """Make the settings Preferences wrote take effect at once."""
        apply_theme(QApplication.instance(), self._settings.theme())  # type: ignore[arg-type]
        self.preferences_applied.emit()
