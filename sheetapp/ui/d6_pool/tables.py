"""Tables over the sheet's lists (skills, traits, gear, GM attributes, the ledger) with
choice and number editors, and columns computed from the sheet's figures.

The shared ``ListTableModel`` refreshes only when its own list changes; pools also change
with the attributes, so ``FigureTableModel`` repaints on every document change, reading the
figures from one cache that is recomputed once per edit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column, ListTableModel

Index = QModelIndex | QPersistentModelIndex
Choices = Sequence[tuple[str, Any]]
NO_VALUE = -1  # a number editor at this value clears the field


class FiguresCache:
    """``sheet_figures`` of the document's current sheet, computed once per sheet."""

    def __init__(self, document: SheetDocument) -> None:
        self.document = document
        self._sheet: object = None
        self._figures: dict[str, Any] = {}

    def __call__(self) -> dict[str, Any]:
        sheet = self.document.sheet
        if sheet is not self._sheet:
            self._figures = sheet_figures(sheet)  # type: ignore[arg-type]
            self._sheet = sheet
        return self._figures


class FigureTableModel(ListTableModel):
    """A list table whose choice columns show labels, numbers show "–" when unset, and
    computed columns follow every change of the sheet."""

    def __init__(
        self,
        document: SheetDocument,
        list_path: tuple[str | int, ...],
        columns: Sequence[Column],
        choices: dict[str, Choices] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, list_path, columns, parent)
        self.choices = choices or {}
        document.changed.connect(self._repaint)

    def _repaint(self) -> None:
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        column = self.columns[index.column()] if index.isValid() else None
        if (
            column is not None
            and column.key in self.choices
            and role
            in (
                Qt.ItemDataRole.DisplayRole,
                Qt.ItemDataRole.EditRole,
            )
        ):
            value = getattr(self.item(index.row()), column.key, None)
            value = getattr(value, "value", value)
            if role == Qt.ItemDataRole.EditRole:
                return value
            return next((text for text, v in self.choices[column.key] if v == value), "")
        if (
            role == Qt.ItemDataRole.DisplayRole
            and column is not None
            and column.key
            and getattr(self.item(index.row()), column.key, 0) is None
        ):
            return "–"
        return super().data(index, role)


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box of (label, value) choices; the value goes to the model as is."""

    def __init__(self, choices: Choices, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choices = list(choices)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index):
        combo = QComboBox(parent)
        for text, value in self.choices:
            combo.addItem(text, value)
        combo.activated.connect(lambda _i, c=combo: self.commitData.emit(c))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        found = editor.findData(index.data(Qt.ItemDataRole.EditRole))
        editor.setCurrentIndex(max(found, 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class NumberDelegate(QStyledItemDelegate):
    """A spin box; its lowest value, shown "–", clears the number."""

    def __init__(self, high: int = 99, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.high = high

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index):
        spin = QSpinBox(parent)
        spin.setRange(NO_VALUE, self.high)
        spin.setSpecialValueText("–")
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QSpinBox)
        value = index.data(Qt.ItemDataRole.EditRole)
        editor.setValue(value if isinstance(value, int) else NO_VALUE)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        value = editor.value()
        model.setData(index, None if value == NO_VALUE else value, Qt.ItemDataRole.EditRole)


def table_view(
    model: ListTableModel,
    name: str,
    delegates: dict[str, QStyledItemDelegate],
    *,
    stretch: Sequence[str] = (),
) -> QTableView:
    """A view over ``model``: delegates by column key; ``stretch`` columns take the room."""
    view = QTableView(objectName=name)
    view.setModel(model)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.setEditTriggers(
        QTableView.EditTrigger.DoubleClicked
        | QTableView.EditTrigger.EditKeyPressed
        | QTableView.EditTrigger.AnyKeyPressed
        | QTableView.EditTrigger.SelectedClicked
    )
    header = view.horizontalHeader()
    for i, column in enumerate(model.columns):
        key = column.key or column.title
        if key in delegates:
            view.setItemDelegateForColumn(i, delegates[key])
        mode = (
            QHeaderView.ResizeMode.Stretch
            if key in stretch
            else QHeaderView.ResizeMode.ResizeToContents
        )
        header.setSectionResizeMode(i, mode)
    return view


def computed(figure: Callable[[dict[str, Any], int], Any], cache: FiguresCache):
    """A compute function for a Column: reads the row's figures from the cache."""
    return lambda _item, row: figure(cache(), row)
