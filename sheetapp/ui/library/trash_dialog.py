"""The trash: sheets deleted from the roster, to restore or to delete for good."""

from __future__ import annotations

import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.locale_format import date_time
from sheetapp.plural import ngettext
from sheetapp.storage.library import LibraryError
from sheetapp.systems.registry import system_name
from sheetapp.ui.labels import hint_label
from sheetapp.ui.library.dialog_parts import record_list, widen_to_contents
from sheetapp.ui.library.session import LibrarySession

IdRole = Qt.ItemDataRole.UserRole + 1
DELETED = 3  # the column of when a sheet was deleted


class TrashDialog(QDialog):
    """Restoring and emptying go through the session, which tells the roster."""

    def __init__(self, session: LibrarySession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._read_only_reason = session.why_read_only()
        self.setWindowTitle(_("Trash"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                _(
                    "Deleted sheets wait here with their history and their damage at the table. "
                    "Restore brings them back to the roster; Empty Trash deletes them for good."
                )
            )
        )
        self.tree = record_list(
            "trash",
            [_("Name"), _("System"), _("Group"), _("Deleted")],
            QAbstractItemView.SelectionMode.ExtendedSelection,
            stretch=0,
            widths=((1, 130), (2, 130), (DELETED, 140)),
        )
        self.tree.setAlternatingRowColors(True)
        layout.addWidget(self.tree, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton(_("&Restore"), objectName="untrash")
        self.empty_button = QPushButton(_("&Empty Trash…"), objectName="empty_trash")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.empty_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.restore_button.clicked.connect(self.restore_selected)
        self.empty_button.clicked.connect(self.empty)
        self.tree.itemSelectionChanged.connect(self._update_buttons)
        self.setMinimumSize(560, 320)
        self.resize(640, 380)
        self.reload()

    def reload(self) -> None:
        self.tree.clear()
        try:
            rows = self.session.library.trash() if self.session.library else []
        except LibraryError as exc:
            QMessageBox.warning(self, _("Trash"), str(exc))
            rows = []
        for row in rows:
            deleted = date_time(datetime.datetime.fromtimestamp(row.trashed or 0).astimezone())
            item = QTreeWidgetItem(
                [
                    row.name or _("(unnamed sheet {id})").format(id=row.id),
                    system_name(row.system),
                    row.campaign,
                    deleted,
                ]
            )
            item.setData(0, IdRole, row.id)
            self.tree.addTopLevelItem(item)
        widen_to_contents(self.tree, DELETED)
        self._update_buttons()

    def selected_ids(self) -> list[int]:
        return [item.data(0, IdRole) for item in self.tree.selectedItems()]

    def _update_buttons(self) -> None:
        writable = not self._read_only_reason
        self.restore_button.setEnabled(writable and bool(self.selected_ids()))
        self.empty_button.setEnabled(writable and self.tree.topLevelItemCount() > 0)
        for button in (self.restore_button, self.empty_button):
            button.setToolTip(self._read_only_reason)

    def restore_selected(self) -> None:
        ids = self.selected_ids()
        if not ids:
            return
        try:
            self.session.untrash(ids)
        except LibraryError as exc:
            QMessageBox.warning(self, _("Not restored"), str(exc))
        self.reload()

    def empty(self) -> None:
        count = self.tree.topLevelItemCount()
        noun = ngettext("sheet", "{n} sheets", count).format(n=count)
        answer = QMessageBox.question(
            self,
            _("Empty the trash?"),
            _(
                "Delete the {noun} in the trash for good, with their history? "
                "This cannot be undone."
            ).format(noun=noun),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            self.session.empty_trash()
        except LibraryError as exc:
            QMessageBox.warning(self, _("Trash not emptied"), str(exc))
        self.reload()
