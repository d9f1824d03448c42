"""The findings of the current sheet: a table model over the document's findings, and a
dock that asks the form to jump to a finding's field when one is activated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QHeaderView, QTableView, QWidget

from sheetapp.findings import Finding, Severity
from sheetapp.i18n import N_, _
from sheetapp.ui.theme import tone

if TYPE_CHECKING:  # the document brings pydantic; the window paints before it loads
    from sheetapp.ui.document import SheetDocument

_TONES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
PathRole = Qt.ItemDataRole.UserRole + 1

Index = QModelIndex | QPersistentModelIndex


class FindingsModel(QAbstractTableModel):
    HEADERS = ("", N_("Field"), N_("Finding"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._findings: list[Finding] = []
        self._labels: list[str] = []
        self._document: SheetDocument | None = None

    def set_document(self, document: SheetDocument | None) -> None:
        if self._document is not None:
            self._document.findings_changed.disconnect(self._reload_and_tell)
        self._document = document
        if document is not None:
            document.findings_changed.connect(self._reload_and_tell)
        self._reload()

    def _reload_and_tell(self) -> None:
        """The sheet's findings changed by an edit: a screen reader says the new ones (the
        focus stays in the field being edited)."""
        from sheetapp.ui.announce import announce

        before = set(zip(self._labels, (f.message for f in self._findings), strict=True))
        self._reload()
        for label, finding in zip(self._labels, self._findings, strict=True):
            if (label, finding.message) not in before and finding.severity is not Severity.INFO:
                announce(self.parent() or self, f"{label}: {finding.message}")

    def _reload(self) -> None:
        self.beginResetModel()
        found = self._document.findings if self._document else []
        self._findings = sorted(found, key=lambda f: _ORDER[f.severity])
        document = self._document
        self._labels = [
            document.plugin.field_label(document.sheet, f.path) if document else f.path
            for f in self._findings
        ]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._findings)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(self.HEADERS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        finding = self._findings[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (finding.severity.word(), self._labels[index.row()], finding.message)[column]
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return tone(_TONES[finding.severity])  # asked at paint: follows the theme
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{finding.message}\n{finding.path} [{finding.code}]"
        if role == PathRole:
            return finding.path
        return None

    def counts(self) -> dict[Severity, int]:
        return {s: sum(f.severity is s for f in self._findings) for s in Severity}


class FindingsDock(QDockWidget):
    jump_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Findings"), parent)
        self.setObjectName("findings_dock")
        self.model = FindingsModel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setWordWrap(True)
        self.view.verticalHeader().hide()
        self.view.setTabKeyNavigation(False)  # Tab goes on; the arrows move between rows
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(1, 220)
        self.view.activated.connect(self._activate)
        self.view.clicked.connect(self._activate)
        self.setWidget(self.view)

    def _activate(self, index: QModelIndex) -> None:
        self.jump_requested.emit(self.model.data(index, PathRole))
