"""Tabs for sheets that are still opening: the window paints first, the sheets follow.

Loading a sheet (reading, validating through its pydantic models, building its form) costs
several times what it takes Qt to show an empty window. At start-up that work would keep the
window from appearing at all, so each sheet gets its tab at once, holding an "Opening NAME…"
placeholder, and is opened from the event loop after the window's first paint, one sheet per
turn of the loop so the window stays responsive and each tab fills in as soon as it is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QTabWidget, QWidget

from sheetapp.i18n import _
from sheetapp.ui.first_paint import after_first_paint
from sheetapp.ui.labels import hint_label, literal

# Opens one sheet in a new tab at the end of the tab bar and returns that tab's page, or
# None when the sheet could not be opened (the opener has told the person why).
Opener = Callable[[], QWidget | None]


@dataclass
class _Pending:
    placeholder: QWidget
    opener: Opener


def placeholder_text(name: str) -> str:
    return _("Opening {name}…").format(name=name)


class OpeningTabs(QObject):
    """Placeholder tabs in ``tabs`` whose sheets open after ``window`` first paints.

    ``finished`` is emitted after the first paint, once every pending sheet has been opened
    (or failed to), also when there was none.
    """

    finished = Signal()

    def __init__(self, tabs: QTabWidget, window: QWidget) -> None:
        super().__init__(window)
        self._tabs = tabs
        self._pending: list[_Pending] = []
        after_first_paint(window, self._open_next)

    def add(self, name: str, opener: Opener) -> None:
        """A tab for ``name`` now; ``opener`` runs once the window has painted."""
        text = placeholder_text(name)
        placeholder = hint_label(text, "opening_placeholder")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        index = self._tabs.addTab(placeholder, literal(text))
        self._tabs.setCurrentIndex(index)
        self._pending.append(_Pending(placeholder, opener))

    def cancel(self, page: QWidget | None) -> bool:
        """Close ``page`` if it is a placeholder (the person closed the tab before its sheet
        opened): the sheet is then not opened. False for any other page."""
        for pending in self._pending:
            if pending.placeholder is page:
                self._pending.remove(pending)
                self._tabs.removeTab(self._tabs.indexOf(page))
                page.deleteLater()
                return True
        return False

    def _open_next(self) -> None:
        if not self._pending:
            self.finished.emit()
            return
        pending = self._pending.pop(0)
        tabs = self._tabs
        was_current = tabs.currentWidget() is pending.placeholder
        page = pending.opener()
        index = tabs.indexOf(pending.placeholder)
        tabs.removeTab(index)
        pending.placeholder.deleteLater()
        if page is not None and index >= 0:
            # The opener put the sheet last; it belongs where its placeholder was.
            tabs.tabBar().moveTab(tabs.indexOf(page), index)
            if was_current:
                tabs.setCurrentWidget(page)
        QTimer.singleShot(0, self._open_next)
