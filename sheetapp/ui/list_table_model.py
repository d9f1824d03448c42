"""A table over one list of a sheet (weapons, equipment, a ledger), adapting the list to
Qt's model/view. The list stays in the document: edits go back as undoable commands and the
model follows the document's one change announcement: it compares the list before and after
and tells the view exactly which rows came, went or moved (``list_change``), so the view keeps
its current cell and selection through edits, undo and redo.

``ListTableModel`` refreshes when its own list changes. ``LiveListModel`` is for lists with
computed columns that read the rest of the sheet too (a pool from the attributes, a balance
from the ledger): it repaints those columns on every change of the document."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_change import (
    Change,
    Inserted,
    Moved,
    Removed,
    apply_change,
    list_changes,
)

Index = QModelIndex | QPersistentModelIndex
ROW_MIME = "application/x-sheetapp-row"  # a row dragged within its own table
Path = tuple[str | int, ...]
DASH = "–"  # shown for a value not set (yet) and a figure that cannot be worked out


@dataclass(frozen=True)
class Column:
    title: str
    key: str | None = None  # the item's field; None for a computed column
    compute: Callable[[Any, int], Any] | None = None  # (item, row) -> shown value
    tooltip: str = ""
    align_right: bool = False
    display: Callable[[Any], Any] | None = None  # stored value -> shown text (a code's label)
    centred: bool = False
    # (item, row) -> a cell's tooltip naming the rule and this row's inputs; else ``tooltip``
    explain: Callable[[Any, int], str] | None = None

    @property
    def editable(self) -> bool:
        return self.key is not None


def choice_label(choices: Sequence[tuple[str, Any]]) -> Callable[[Any], Any]:
    """A Column's ``display`` for a stored value among (label, value) choices: its label, or
    the value itself when it is none of them (nothing a file holds is hidden). The labels
    are marked (``N_``) where the choices are listed and read here in the reader's
    language, as ``ChoiceDelegate`` reads them in its combo box."""
    return lambda value: next((_(text) for text, v in choices if v == value), value)


class ListTableModel(QAbstractTableModel):
    refused = Signal(str)  # why a cell's edit was not taken (its view says so)

    def __init__(
        self,
        document: SheetDocument,
        list_path: Path,
        columns: Sequence[Column],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.list_path = list_path
        self.columns = list(columns)
        self._items: list[Any] = list(document.value(list_path) or [])
        document.changed.connect(self._refresh)

    def _refresh(self) -> None:
        items = list(self.document.value(self.list_path) or [])
        for change in list_changes(self._items, items):
            self._announce(change, items)

    def _announce(self, change: Change, items: list[Any]) -> None:
        """Take one step towards ``items`` between the begin and end calls Qt asks for."""
        root = QModelIndex()
        if isinstance(change, Inserted):
            self.beginInsertRows(root, change.first, change.last)
            apply_change(self._items, change, items)
            self.endInsertRows()
        elif isinstance(change, Removed):
            self.beginRemoveRows(root, change.first, change.last)
            apply_change(self._items, change, items)
            self.endRemoveRows()
        elif isinstance(change, Moved):
            self.beginMoveRows(root, change.row, change.row, root, change.to)
            apply_change(self._items, change, items)
            self.endMoveRows()
        else:
            apply_change(self._items, change, items)
            last_column = len(self.columns) - 1
            self.dataChanged.emit(self.index(change.first, 0), self.index(change.last, last_column))

    def item(self, row: int) -> Any:
        return self._items[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0):
        if orientation != Qt.Orientation.Horizontal:
            return None
        column = self.columns[section]
        # Titles and tips may be marked in a table at import (N_): read in the language here.
        if role == Qt.ItemDataRole.DisplayRole:
            return _(column.title)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return _(column.tooltip)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():  # Qt's model contract: the root has no flags
            return Qt.ItemFlag.NoItemFlags
        base = (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsDragEnabled
        )
        column = self.columns[index.column()]
        if column.editable:
            value = getattr(self._items[index.row()], column.key or "", None)
            if isinstance(value, bool):
                return base | Qt.ItemFlag.ItemIsUserCheckable
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        column = self.columns[index.column()]
        item = self._items[index.row()]
        value = (
            column.compute(item, index.row())
            if column.compute
            else getattr(item, column.key or "", None)
        )
        value = getattr(value, "value", value)
        if isinstance(value, bool):
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        if role == Qt.ItemDataRole.DisplayRole and column.display is not None:
            return column.display(value)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if isinstance(value, float) and role == Qt.ItemDataRole.DisplayRole:
                return number(value)  # German "1,5"; the editor (a spin box) reads it so too
            return "" if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align_right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.centred:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column.explain is not None:
            return column.explain(item, index.row()) or _(column.tooltip) or None
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return _(column.tooltip)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        column = self.columns[index.column()]
        if not column.editable:
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        path = (*self.list_path, index.row(), column.key or "")
        problem = self.document.edit(
            path, value, _("Edit {field}").format(field=_(column.title))
        )
        if problem is not None:
            self.refused.emit(problem)
        return problem is None

    # --- rows -----------------------------------------------------------------------------------

    def append(self, item: Any, text: str) -> int:
        """Add ``item`` at the end as one undoable step; the row it took."""
        self.document.edit(self.list_path, [*self._items, item], text)
        return len(self._items) - 1

    def remove_rows(self, rows: Sequence[int], text: str) -> None:
        drop = set(rows)
        kept = [item for i, item in enumerate(self._items) if i not in drop]
        self.document.edit(self.list_path, kept, text)

    def move_row(self, row: int, to: int, text: str) -> bool:
        """Put row ``row`` at position ``to`` (counted in the list as it ends) as one undoable
        step; False when either is outside the list or they are the same."""
        if row == to or not (0 <= row < len(self._items) and 0 <= to < len(self._items)):
            return False
        items = list(self._items)
        items.insert(to, items.pop(row))
        return self.document.edit(self.list_path, items, text) is None

    def moveRows(
        self, parent: Index, row: int, count: int, destination: Index, child: int
    ) -> bool:
        """Qt's move, as a drop asks for it: ``child`` is the row the moved one goes before."""
        if parent.isValid() or destination.isValid() or count != 1:
            return False
        return self.move_row(row, child - 1 if child > row else child, _("Move row"))

    # --- dragging a row within the table ---------------------------------------------------------

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [ROW_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        rows = sorted({index.row() for index in indexes if index.isValid()})
        if len(rows) == 1:
            data.setData(ROW_MIME, QByteArray(str(rows[0]).encode()))
        return data

    def canDropMimeData(self, data: QMimeData, action, row: int, column: int, parent) -> bool:
        return action == Qt.DropAction.MoveAction and data.hasFormat(ROW_MIME)

    def dropMimeData(self, data: QMimeData, action, row: int, column: int, parent) -> bool:
        """A row dropped between rows (or on one) moves there through the document, so the
        move is one undo step; False tells the view there is nothing left for it to remove."""
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        source = int(bytes(data.data(ROW_MIME).data()).decode())
        before = row if row >= 0 else parent.row() if parent.isValid() else len(self._items)
        self.moveRows(QModelIndex(), source, 1, QModelIndex(), before)
        return False


class LiveListModel(ListTableModel):
    """A list table whose computed columns follow every change of the sheet, not only of
    the list; a stored value that is unset shows "–"."""

    def __init__(
        self,
        document: SheetDocument,
        list_path: Path,
        columns: Sequence[Column],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, list_path, columns, parent)
        computed = [i for i, column in enumerate(self.columns) if column.compute is not None]
        self._computed = (min(computed), max(computed)) if computed else None
        document.changed.connect(self.repaint_computed)

    def repaint_computed(self) -> None:
        """Show the computed columns afresh (after the sheet, or an input they read, changed)."""
        if self._computed is not None and self.rowCount():
            first, last = self._computed
            self.dataChanged.emit(self.index(0, first), self.index(self.rowCount() - 1, last))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            column = self.columns[index.column()]
            unset = column.key and getattr(self.item(index.row()), column.key, 0) is None
            if unset and column.display is None:
                return DASH
        return super().data(index, role)
