"""The Help menu: the manual at what the person is looking at, the rules texts, About. The
Help window's module is imported when first asked for: the window paints before anyone can."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QWidget

from sheetapp.i18n import _
from sheetapp.ui.help_topic import topic_for
from sheetapp.ui.menu_actions import make_action


class HelpArea(QObject):
    """``library_path``: the open library's file, for About (opening it if need be)."""

    def __init__(self, window: QMainWindow, library_path: Callable[[], Path | None]) -> None:
        super().__init__(window)
        self._window = window
        self._library_path = library_path
        menu = window.menuBar().addMenu(_("&Help"))
        menu.addAction(
            make_action(
                window,
                _("&Help Contents"),
                lambda: self.show_help(QApplication.focusWidget() or window),
                QKeySequence.StandardKey.HelpContents,
                _("The manual, opened at what you are looking at"),
            )
        )
        menu.addAction(
            make_action(
                window,
                _("&Rules Texts"),
                lambda: self.show_help(window, "rules-texts"),
                tip=_("Which rules each system follows, and where to find them"),
            )
        )
        menu.addSeparator()
        menu.addAction(make_action(window, _("&About sheetapp"), self.about))

    def show_help(self, about: QWidget, topic: str | None = None) -> None:
        """The Help window at the topic of ``about``, or at ``topic``."""
        from sheetapp.ui.help_window import open_help

        open_help(about, topic if topic is not None else topic_for(about))

    def about(self) -> None:
        from sheetapp.ui.help_window import about_text

        QMessageBox.about(self._window, _("About sheetapp"), about_text(self._library_path()))
