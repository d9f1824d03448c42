"""Pieces every tab of the Alternity form shares: the tab base (refresh only while shown),
bound-widget helpers, a table model that shows labels for stored values, and a combo
delegate for cells with a fixed set of choices."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.ui.binding import FieldRegistry, RefreshWhenShown, bind_line_edit, bind_spin
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column, ListTableModel

Path = tuple[str | int, ...]
Index = QModelIndex | QPersistentModelIndex
Choices = Callable[[], Sequence[tuple[str, Any]]]


class HeroTab(RefreshWhenShown, QWidget):
    """Subclasses build their widgets, call ``watch()`` and implement ``show_sheet``."""

    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.fields = fields

    @property
    def sheet(self) -> AlternitySheet:
        return self.document.sheet  # type: ignore[return-value]

    def watch(self) -> None:
        self.document.changed.connect(self.schedule_refresh)

    def refresh(self) -> None:
        self.show_sheet(self.sheet)

    def show_sheet(self, sheet: AlternitySheet) -> None:
        raise NotImplementedError

    def line(self, path: Path, name: str, tip: str = "") -> QLineEdit:
        edit = QLineEdit(objectName=name)
        bind_line_edit(self.document, path, edit)
        self.fields.add(path, edit, tip)
        return edit

    def spin(
        self, path: Path, name: str, low: int, high: int, tip: str = "", *, optional: bool = True
    ) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setRange(low, high)
        spin.setMaximumWidth(110)
        bind_spin(self.document, path, spin, optional=optional)
        self.fields.add(path, spin, tip)
        return spin


def figure(name: str, tip: str) -> QLabel:
    """A label showing a derived figure, with the rule behind it as its tooltip."""
    label = QLabel(objectName=name)
    label.setProperty("role", "figure")
    label.setToolTip(tip)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "hint")
    label.setWordWrap(True)
    return label


def scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    return area


class LabelledListModel(ListTableModel):
    """A list table whose columns may show a label for the stored value (an enum, a step)."""

    def __init__(
        self,
        document: SheetDocument,
        list_path: Path,
        columns: Sequence[Column],
        labels: dict[str, Callable[[Any], str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, list_path, columns, parent)
        self.labels = labels
        # computed columns follow the whole sheet (an ability, the load), not just the list
        document.changed.connect(self._recompute)

    def _recompute(self) -> None:
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole and column.key in self.labels:
            value = getattr(self.item(index.row()), column.key or "", None)
            return self.labels[column.key](value)
        return super().data(index, role)


class ComboDelegate(QStyledItemDelegate):
    """Edits a cell by choosing among (label, value) pairs; ``choices`` is asked each time,
    so the list can follow the sheet (the broad skills it has)."""

    def __init__(self, choices: Choices, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choices = choices

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        for label, value in self.choices():
            combo.addItem(label, value)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if not isinstance(editor, QComboBox):
            return
        model = index.model()
        item = model.item(index.row()) if isinstance(model, ListTableModel) else None
        key = model.columns[index.column()].key if isinstance(model, ListTableModel) else None
        value = getattr(item, key or "", None)
        value = getattr(value, "value", value)
        found = editor.findData(value)
        editor.setCurrentIndex(max(found, 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


def table(model: ListTableModel, name: str, *, stretch: int = 0) -> QTableView:
    view = QTableView(objectName=name)
    view.setModel(model)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return view
