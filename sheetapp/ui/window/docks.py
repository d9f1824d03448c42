"""The docks around the sheet: its findings and their count in the status bar, the dice
beside it and the Table under it, with the View menu's switches for each."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QTabWidget

from sheetapp.findings import Severity
from sheetapp.i18n import _, ngettext
from sheetapp.ui.dice_dock import DiceDock
from sheetapp.ui.findings_dock import FindingsDock
from sheetapp.ui.help_topic import set_help_topic
from sheetapp.ui.window.menu_sections import MenuSections

if TYPE_CHECKING:
    from sheetapp.ui.sheet_form import SheetForm

TABLE_USABLE_HEIGHT = 180  # below this the Table dock shows barely a row of its encounter
TABLE_DEFAULT_HEIGHT = 280
FINDINGS_HEIGHT = 120  # a few findings under the sheet
DICE_WIDTH = 270


class DockArea(QObject):
    """``current_form``: the sheet in front, whose findings and checks the docks show."""

    def __init__(
        self,
        window: QMainWindow,
        tabs: QTabWidget,
        view_menu: MenuSections,
        current_form: Callable[[], SheetForm | None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._tabs = tabs
        self._current_form = current_form
        self.findings_dock = FindingsDock(window)
        self.findings_dock.jump_requested.connect(self._jump)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.findings_dock)
        self.dice_dock = DiceDock(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        self.table_dock = QDockWidget(_("Table"), window)
        self.table_dock.setObjectName("table_dock")
        set_help_topic(self.table_dock, "table")
        self.table_dock.visibilityChanged.connect(self._table_dock_shown)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.table_dock)
        window.tabifyDockWidget(self.findings_dock, self.table_dock)
        self.findings_dock.raise_()

        # Sized for a 1366x768 laptop: the sheet keeps most of the height.
        self._table_height: int | None = None  # the Table dock's height the person gave it
        window.resizeDocks([self.findings_dock], [FINDINGS_HEIGHT], Qt.Orientation.Vertical)
        window.resizeDocks([self.dice_dock], [DICE_WIDTH], Qt.Orientation.Horizontal)

        self.finding_count = QLabel()
        window.statusBar().addPermanentWidget(self.finding_count)

        view_menu.add("docks", self.findings_dock.toggleViewAction())
        view_menu.add("docks", self.dice_dock.toggleViewAction())
        table_toggle = self.table_dock.toggleViewAction()
        table_toggle.setShortcut(QKeySequence("Ctrl+Shift+T"))
        table_toggle.setStatusTip(_("Play at the table: the encounter and damage tracks"))
        view_menu.add("docks", table_toggle)

    def form_added(self, form: SheetForm) -> None:
        """A new tab's checks go to the dice, its findings to the count. A sheet just made
        (neither a file nor in the library yet) with findings brings them to the front,
        before the Table, as they say what is left to fill in; docks the person closed
        stay closed."""
        document = form.document
        form.check_requested.connect(self.dice_dock.set_check)
        document.findings_changed.connect(self.update_status)
        new = document.path is None and document.library_id is None
        if new and document.findings and self.findings_dock.toggleViewAction().isChecked():
            self.findings_dock.raise_()

    def follow(self, form: SheetForm | None) -> None:
        """Show the findings of the sheet now in front."""
        self.findings_dock.model.set_document(form.document if form else None)
        self.update_status()

    def show_table(self) -> None:
        self.table_dock.show()
        self.table_dock.raise_()

    def update_status(self) -> None:
        form = self._current_form()
        if form is None:
            self.finding_count.setText("")
            return
        found = form.document.findings
        errors = sum(f.severity is Severity.ERROR for f in found)
        warnings = sum(f.severity is Severity.WARNING for f in found)
        self.finding_count.setText(
            _("{errors} · {warnings}").format(
                errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
                warnings=ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
            )
        )

    def _jump(self, path: str) -> None:
        form = self._current_form()
        if form is not None and not form.focus_path(path):
            self._window.statusBar().showMessage(
                _("{path} is not shown on this form").format(path=path), 4000
            )

    def _table_dock_shown(self, visible: bool) -> None:
        """The docks under the sheet share one height. Findings need little of it, the
        Table's encounter list more: the Table takes a height when it comes to the front
        (the one the person last gave it, else up to a third of the room the sheet and the
        docks share), keeps it while the Findings are looked at, and gives it back when it
        is closed."""
        window, table = self._window, self.table_dock
        if visible:
            shared = self._tabs.height() + table.height()
            wanted = self._table_height or min(shared // 3, TABLE_DEFAULT_HEIGHT)
            if table.height() < wanted:
                window.resizeDocks([table], [wanted], Qt.Orientation.Vertical)
                QTimer.singleShot(0, lambda: self._top_up_table(wanted))
        elif table.isHidden():  # closed, not just behind the Findings
            if table.height() >= TABLE_USABLE_HEIGHT:
                self._table_height = table.height()
            window.resizeDocks([self.findings_dock], [FINDINGS_HEIGHT], Qt.Orientation.Vertical)

    def _top_up_table(self, wanted: int) -> None:
        """The height asked of resizeDocks includes the docks' tab bar, the height read
        back does not: ask again for what the first request fell short by."""
        short = wanted - self.table_dock.height()
        if self.table_dock.isVisible() and short > 0:
            self._window.resizeDocks([self.table_dock], [wanted + short], Qt.Orientation.Vertical)

