"""Keys that move between the window's tabs from anywhere in it.

Ctrl+Tab and Ctrl+Page Down go to the next tab (the roster, then each sheet), Ctrl+Shift+Tab
and Ctrl+Page Up to the one before, wrapping round. A tab widget answers those keys itself,
so with the focus inside a sheet's own pages the innermost one took them and the sheets
stopped cycling; as window actions (which ``menu_shortcuts_first`` lets win over the
focused field) they move between sheets wherever the focus is. A sheet's own pages are
reached with the Tab key to their tab bar and the arrow keys.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

from sheetapp.i18n import _
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.window.menu_sections import MenuSections

NEXT_KEYS = ("Ctrl+Tab", "Ctrl+PgDown")
# Shift+Tab reaches Qt as Backtab: both spellings, so every platform's keyboard matches.
PREVIOUS_KEYS = ("Ctrl+Shift+Tab", "Ctrl+Shift+Backtab", "Ctrl+PgUp")


class SheetKeys(QObject):
    """The View menu's Next Tab and Previous Tab."""

    def __init__(self, window: QMainWindow, tabs: QTabWidget, view: MenuSections) -> None:
        super().__init__(window)
        self._tabs = tabs
        self.next_action = make_action(
            window, _("Ne&xt Tab"), lambda: self.step(1), tip=_("The next sheet, or the roster")
        )
        self.next_action.setShortcuts([QKeySequence(k) for k in NEXT_KEYS])
        self.previous_action = make_action(
            window,
            _("Pre&vious Tab"),
            lambda: self.step(-1),
            tip=_("The sheet before, or the roster"),
        )
        self.previous_action.setShortcuts([QKeySequence(k) for k in PREVIOUS_KEYS])
        view.menu.addSeparator()
        view.menu.addAction(self.next_action)
        view.menu.addAction(self.previous_action)

    def step(self, by: int) -> None:
        """Bring forward the tab ``by`` places on, wrapping round, and focus in it."""
        count = self._tabs.count()
        if count < 2:
            return
        self._tabs.setCurrentIndex((self._tabs.currentIndex() + by) % count)
        page = self._tabs.currentWidget()
        if page is not None:
            target = page.focusWidget()  # where the focus was when this tab was left
            if target is None or not target.isVisible():
                target = first_field(page)
            (target or page).setFocus(Qt.FocusReason.TabFocusReason)


def first_field(page: QWidget) -> QWidget | None:
    """The first control of ``page`` the Tab key would reach."""
    widget = page.nextInFocusChain()
    while widget is not page and page.isAncestorOf(widget):
        if (
            widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.isVisible()
            and widget.isEnabled()
        ):
            return widget
        widget = widget.nextInFocusChain()
    return None
