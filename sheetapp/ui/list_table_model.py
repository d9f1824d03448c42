"""A table over one list of a sheet (weapons, equipment, a ledger), adapting the list to
Qt's model/view. The list stays in the document: edits go back as undoable commands and the
model refreshes when the document changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QWidget

from sheetapp.ui.document import SheetDocument

Index = QModelIndex | QPersistentModelIndex
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Column:
    title: str
    key: str | None = None  # the item's field; None for a computed column
    compute: Callable[[Any, int], Any] | None = None  # (item, row) -> shown value
    tooltip: str = ""
    align_right: bool = False

    @property
    def editable(self) -> bool:
        return self.key is not None


class ListTableModel(QAbstractTableModel):
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
        if items == self._items:
            return
        if len(items) == len(self._items):
            self._items = items
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(items) - 1, len(self.columns) - 1)
            )
            return
        self.beginResetModel()
        self._items = items
        self.endResetModel()

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
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
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
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if isinstance(value, float) and role == Qt.ItemDataRole.DisplayRole:
                return f"{value:g}"
            return "" if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and column.align_right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return column.tooltip
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        column = self.columns[index.column()]
        if not column.editable:
            return False
        if role == Qt.ItemDataRole.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        path = (*self.list_path, index.row(), column.key or "")
        problem = self.document.edit(path, value, f"Edit {column.title.lower()}")
        return problem is None

    # --- rows -----------------------------------------------------------------------------------

    def append(self, item: Any, text: str) -> None:
        self.document.edit(self.list_path, [*self._items, item], text)

    def remove_rows(self, rows: Sequence[int], text: str) -> None:
        drop = set(rows)
        kept = [item for i, item in enumerate(self._items) if i not in drop]
        self.document.edit(self.list_path, kept, text)
