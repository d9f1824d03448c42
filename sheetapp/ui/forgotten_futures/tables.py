"""Tables over the record's lists (skills, weapons, armour, the bonus ledger): choice and
number editors, computed columns that follow every edit, and a box with Add and Remove.

The shared ``ListTableModel`` refreshes only when its own list changes; ratings and Effects
also change with the characteristics and the ledger, so ``FigureTableModel`` repaints on
every document change, reading the figures from one cache recomputed once per edit.
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
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column, ListTableModel

Index = QModelIndex | QPersistentModelIndex
Choices = Sequence[tuple[str, Any]]
NO_VALUE = -100  # a number editor at this value clears the field
DASH = "–"


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


def figure(cache: FiguresCache, section: str, key: str) -> Callable[[Any, int], Any]:
    """A Column's compute function: the row's ``key`` in the figures' ``section`` list."""

    def compute(_item: Any, row: int) -> Any:
        rows = cache()[section]
        value = rows[row][key] if row < len(rows) else None
        return DASH if value is None else value

    return compute


class FigureTableModel(ListTableModel):
    """A list table whose choice columns show labels, and whose computed columns follow
    every change of the sheet."""

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

    def flags(self, index: Index) -> Qt.ItemFlag:
        # Qt's model contract: no flags for the invalid index (the root)
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return super().flags(index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        column = self.columns[index.column()] if index.isValid() else None
        shown = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole)
        if column is not None and column.key in self.choices and role in shown:
            value = getattr(self.item(index.row()), column.key, None)
            value = getattr(value, "value", value)
            if role == Qt.ItemDataRole.EditRole:
                return value
            return next((text for text, v in self.choices[column.key] if v == value), value)
        if (
            role == Qt.ItemDataRole.DisplayRole
            and column is not None
            and column.key
            and getattr(self.item(index.row()), column.key, 0) is None
        ):
            return DASH
        if (
            role == Qt.ItemDataRole.TextAlignmentRole
            and column is not None
            and column.key is None
            and not column.align_right
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
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
        if isinstance(editor, QComboBox):
            found = editor.findData(index.data(Qt.ItemDataRole.EditRole))
            editor.setCurrentIndex(max(found, 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class NumberDelegate(QStyledItemDelegate):
    """A spin box from ``low`` to ``high``; with ``optional`` its lowest value, shown "–",
    clears the number."""

    def __init__(
        self, low: int, high: int, *, optional: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.low, self.high, self.optional = low, high, optional

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index):
        spin = QSpinBox(parent)
        spin.setRange(NO_VALUE if self.optional else self.low, self.high)
        if self.optional:
            spin.setSpecialValueText(DASH)
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QSpinBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            editor.setValue(value if isinstance(value, int) else NO_VALUE)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            value = editor.value()
            cleared = self.optional and value == NO_VALUE
            model.setData(index, None if cleared else value, Qt.ItemDataRole.EditRole)


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


def list_box(
    title: str,
    model: ListTableModel,
    view: QTableView,
    *,
    noun: str,
    blank: Callable[[], Any],
    samples: Sequence[tuple[str, Callable[[], Any]]] = (),
    hint: str = "",
) -> QGroupBox:
    """A titled table with Add (a blank line, or one from the rules' lists) and Remove."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.addWidget(view)
    buttons = QHBoxLayout()
    add = QPushButton(f"Add {noun}", objectName=f"add_{view.objectName()}")
    add.clicked.connect(lambda: model.append(blank(), f"Add {noun}"))
    buttons.addWidget(add)
    if samples:
        pick = QPushButton("Add from the lists…", objectName=f"sample_{view.objectName()}")
        menu = QMenu(pick)
        for name, make in samples:
            menu.addAction(name, lambda m=make, n=name: model.append(m(), f"Add {n}"))
        pick.setMenu(menu)
        buttons.addWidget(pick)
    remove = QPushButton("Remove", objectName=f"remove_{view.objectName()}")
    remove.clicked.connect(
        lambda: model.remove_rows(
            sorted({i.row() for i in view.selectionModel().selectedRows()}), f"Remove {noun}"
        )
    )
    buttons.addWidget(remove)
    buttons.addStretch(1)
    if hint:
        note = QLabel(hint, objectName=f"hint_{view.objectName()}")
        note.setProperty("role", "hint")
        buttons.addWidget(note)
    layout.addLayout(buttons)
    return box
