"""A sheet's history: every saved revision with its time, note and size, what changed, and
Restore.

Selecting one revision shows what that save changed (from the revision before it);
selecting two shows what changed from the older to the newer, field by field in the rules'
words (``sheetapp.storage.library.diff``).

Restoring is the library's own operation (the old revision becomes a new current one, so
nothing is overwritten); the dialog asks for it through ``restore_requested`` so whoever
opened the dialog can also bring an open tab up to date.
"""

from __future__ import annotations

import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _, pgettext
from sheetapp.locale_format import date_time, number
from sheetapp.storage.document import DocumentError
from sheetapp.storage.library import Library, LibraryError, Revision
from sheetapp.storage.library.diff import changes
from sheetapp.ui.labels import hint_label
from sheetapp.ui.library.dialog_parts import record_list, widen_to_contents

NumberRole = Qt.ItemDataRole.UserRole + 1
SAVED = 1  # the column of when a revision was saved


def size_text(size: int) -> str:
    """A stored document's size as a person reads it.

    >>> size_text(512), size_text(2048), size_text(3_500_000)
    ('512 B', '2.0 KB', '3.3 MB')
    """
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return _("{value} KB").format(value=number(size / 1024, places=1))
    return _("{value} MB").format(value=number(size / 1024 / 1024, places=1))


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
        name = library.row(sheet_id).name or _("sheet {sheet_id}").format(sheet_id=sheet_id)
        self.setWindowTitle(_("Revisions of {name}").format(name=name))
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                _(
                    "Every save is kept. Select a revision to see what that save changed, or two "
                    "(Ctrl+click) to compare them. Restoring a revision makes it current again as "
                    "a new revision, so the one it replaces stays in this list."
                )
            )
        )
        self.tree = record_list(
            "revisions",
            [
                _("Revision"),
                pgettext("revisions column: when it was saved", "Saved"),
                _("Note"),
                _("Size"),
            ],
            QAbstractItemView.SelectionMode.ExtendedSelection,
            stretch=2,
            widths=((0, 90), (SAVED, 150), (3, 80)),
        )
        self.tree.setAlternatingRowColors(True)
        self.changes_title = QLabel(objectName="revision_changes_title")
        self.changes = QPlainTextEdit(objectName="revision_changes")
        self.changes.setReadOnly(True)
        self.changes.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.changes_title.setBuddy(self.changes)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.changes_title)
        lower_layout.addWidget(self.changes, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tree)
        split.addWidget(lower)
        split.setChildrenCollapsible(False)
        layout.addWidget(split, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton(_("&Restore"), objectName="restore")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._read_only_reason = read_only_reason
        self.restore_button.clicked.connect(self._restore)
        self.tree.itemSelectionChanged.connect(self._update_button)
        self.tree.itemSelectionChanged.connect(self._show_changes)
        self.tree.itemDoubleClicked.connect(lambda *_unused: self._restore())
        self.setMinimumSize(560, 420)
        self.resize(680, 560)
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
        widen_to_contents(self.tree, SAVED)
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))
        self._update_button()
        self._show_changes()

    def selected_revision(self) -> Revision | None:
        """The one revision selected (None when none or several are)."""
        chosen = self.selected_revisions()
        return chosen[0] if len(chosen) == 1 else None

    def selected_revisions(self) -> list[Revision]:
        """The selected revisions, oldest first."""
        found = [item.data(0, NumberRole) for item in self.tree.selectedItems()]
        return sorted((r for r in found if r is not None), key=lambda r: r.number)

    def compared(self) -> tuple[int, int] | None:
        """The two revision numbers compared, older first: the two selected, or the one
        selected and the revision before it; None when there is nothing to compare."""
        chosen = [r.number for r in self.selected_revisions()]
        if len(chosen) == 2:
            return chosen[0], chosen[1]
        if len(chosen) == 1 and chosen[0] > 1:
            return chosen[0] - 1, chosen[0]
        return None

    def _show_changes(self) -> None:
        pair = self.compared()
        chosen = self.selected_revisions()
        if pair is None:
            self.changes_title.setText(_("&Changes:"))
            self.changes.setPlainText(
                _("The first revision: the sheet as it was first saved.")
                if len(chosen) == 1
                else _("Select one revision, or two to compare.")
            )
            return
        older, newer = pair
        self.changes_title.setText(
            _("&Changes from revision {older} to revision {newer}:").format(
                older=older, newer=newer
            )
        )
        try:
            found = changes(
                self.library.load(self.sheet_id, older), self.library.load(self.sheet_id, newer)
            )
        except (LibraryError, DocumentError) as exc:
            self.changes.setPlainText(str(exc))
            return
        self.changes.setPlainText(
            "\n".join(c.text for c in found) or _("Nothing changed: the two hold the same sheet.")
        )

    def _update_button(self) -> None:
        revision = self.selected_revision()
        if self._read_only_reason:
            self.restore_button.setEnabled(False)
            self.restore_button.setToolTip(self._read_only_reason)
            return
        self.restore_button.setEnabled(revision is not None and not revision.current)
        self.restore_button.setToolTip(
            _("This revision is the current one")
            if revision is not None and revision.current
            else _("Make the selected revision current again (as a new revision)")
        )

    def _restore(self) -> None:
        revision = self.selected_revision()
        if revision is not None and not revision.current and not self._read_only_reason:
            self.restore_requested.emit(revision.number)
            self.reload()


def _item(revision: Revision) -> QTreeWidgetItem:
    moment = datetime.datetime.fromtimestamp(revision.saved).astimezone()
    saved = date_time(moment, length="medium")  # with seconds: two saves a minute apart
    number = (
        _("{number} (current)").format(number=revision.number)
        if revision.current
        else str(revision.number)
    )
    item = QTreeWidgetItem([number, saved, revision.note, size_text(revision.size)])
    item.setData(0, NumberRole, revision)
    item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if revision.current:
        font = item.font(0)
        font.setBold(True)
        for column in range(4):
            item.setFont(column, font)
    return item
