"""Tables over the sheet's lists (skills, weapons, tools) with add and remove buttons.

``LiveListModel`` widens the shared list model: its computed columns may read other fields
of the sheet (a skill's roll with the wound penalty), so it repaints them on every change,
not only when its own list changes. ``SkillChoice`` lets a weapon or tool pick one of the
character's skills while still accepting any text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column, ListTableModel

Index = QModelIndex | QPersistentModelIndex


class LiveListModel(ListTableModel):
    def __init__(
        self,
        document: SheetDocument,
        list_path: tuple[str | int, ...],
        columns: Sequence[Column],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, list_path, columns, parent)
        document.changed.connect(self._repaint_computed)

    def _repaint_computed(self) -> None:
        rows = self.rowCount()
        for column, spec in enumerate(self.columns):
            if spec.compute is not None and rows:
                self.dataChanged.emit(self.index(0, column), self.index(rows - 1, column))


class SkillChoice(QStyledItemDelegate):
    """An editable combo of the character's skill names."""

    def __init__(self, skills: Callable[[], list[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._skills = skills

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        combo.setEditable(True)
        combo.addItems([name for name in self._skills() if name])
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole) or ""))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())


def list_box(
    title: str,
    model: ListTableModel,
    name: str,
    make: Callable[[], Any],
    fields: FieldRegistry,
    *,
    stretch: Sequence[int] = (0,),
) -> tuple[QGroupBox, QTableView]:
    """A titled table with Add and Remove buttons; ``stretch`` columns take the spare width."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    view = QTableView(objectName=name)
    view.setModel(model)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for column in stretch:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
    fields.add(model.list_path, view)
    layout.addWidget(view)
    buttons = QHBoxLayout()
    noun = title.lower()
    add = QPushButton(f"Add {noun.rstrip('s')}", objectName=f"add_{name}")
    add.clicked.connect(lambda: model.append(make(), f"Add to {noun}"))
    remove = QPushButton("Remove", objectName=f"remove_{name}")
    remove.clicked.connect(
        lambda: model.remove_rows(
            sorted({i.row() for i in view.selectionModel().selectedRows()}), f"Remove from {noun}"
        )
    )
    buttons.addWidget(add)
    buttons.addWidget(remove)
    buttons.addStretch(1)
    layout.addLayout(buttons)
    return box, view
