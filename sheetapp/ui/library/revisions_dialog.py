"""A sheet's history: every saved revision with its time, note and size, and Restore.

Restoring is the library's own operation (the old revision becomes a new current one, so
nothing is overwritten); the dialog asks for it through ``restore_requested`` so whoever
opened the dialog can also bring an open tab up to date.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.storage.library import Library, LibraryError, Revision
from sheetapp.ui.labels import hint_label
from sheetapp.ui.library.dialog_parts import record_list

NumberRole = Qt.ItemDataRole.UserRole + 1


def size_text(size: int) -> str:
    """A stored document's size as a person reads it.

    >>> size_text(512), size_text(2048), size_text(3_500_000)
    ('512 B', '2.0 KB', '3.3 MB')
    """
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


class RevisionsDialog(QDialog):
    restore_requested = Signal(int)

    def __init__(
        self,
        library: Library,
        sheet_id: int,
        *,
        read_only_reason: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.sheet_id = sheet_id
        name = library.row(sheet_id).name or f"sheet {sheet_id}"
        self.setWindowTitle(f"Revisions of {name}")
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                "Every save is kept. Restoring a revision makes it current again as a new "
                "revision, so the one it replaces stays in this list."
            )
        )
        self.tree = record_list(
            "revisions",
            ["Revision", "Saved", "Note", "Size"],
            QAbstractItemView.SelectionMode.SingleSelection,
            stretch=2,
            widths=((0, 90), (1, 150), (3, 80)),
        )
        self.tree.setAlternatingRowColors(True)
        layout.addWidget(self.tree, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton("&Restore", objectName="restore")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._read_only_reason = read_only_reason
        self.restore_button.clicked.connect(self._restore)
        self.tree.itemSelectionChanged.connect(self._update_button)
        self.tree.itemDoubleClicked.connect(lambda *_: self._restore())
        self.setMinimumSize(560, 320)
        self.resize(640, 380)
        self.reload()

    def reload(self) -> None:
        self.tree.clear()
        try:
            revisions = self.library.revisions(self.sheet_id)
        except LibraryError as exc:
            revisions = []
            self.tree.addTopLevelItem(QTreeWidgetItem(["", "", str(exc), ""]))
        for revision in revisions:
            self.tree.addTopLevelItem(_item(revision))
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))
        self._update_button()

    def selected_revision(self) -> Revision | None:
        item = self.tree.currentItem()
        return item.data(0, NumberRole) if item is not None else None

    def _update_button(self) -> None:
        revision = self.selected_revision()
        if self._read_only_reason:
            self.restore_button.setEnabled(False)
            self.restore_button.setToolTip(self._read_only_reason)
            return
        self.restore_button.setEnabled(revision is not None and not revision.current)
        self.restore_button.setToolTip(
            "This revision is the current one"
            if revision is not None and revision.current
            else "Make the selected revision current again (as a new revision)"
        )

    def _restore(self) -> None:
        revision = self.selected_revision()
        if revision is not None and not revision.current and not self._read_only_reason:
            self.restore_requested.emit(revision.number)
            self.reload()


def _item(revision: Revision) -> QTreeWidgetItem:
    saved = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(revision.saved))
    number = f"{revision.number} (current)" if revision.current else str(revision.number)
    item = QTreeWidgetItem([number, saved, revision.note, size_text(revision.size)])
    item.setData(0, NumberRole, revision)
    item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if revision.current:
        font = item.font(0)
        font.setBold(True)
        for column in range(4):
            item.setFont(column, font)
    return item
