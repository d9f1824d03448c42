"""A small table of rows a wizard page lets the person add to, fill in and remove.

Skills, weapons, tools and equipment are lists whose length the person decides. Each row
holds one editor per column (a line edit, a spin box, or an editable list of suggestions),
so a row is filled like any other form and a test drives it by object name:
``{name}_{row}_{key}``. The editor only collects what was typed; the page turns the rows
into the backend's models and the rules judge them. Findings on a cell (``skills[1].name``)
outline that cell, as :class:`~sheetapp.ui.wizard.steps.StepPage` does for fixed widgets.
Escape in a cell takes back what was typed there since the cell took the focus, as it
cancels a table cell's edit; only an Escape with nothing to take back reaches the wizard
(which asks before throwing the character away).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from sheetapp.findings import Finding, join_path
from sheetapp.i18n import _
from sheetapp.ui.theme import mark_finding
from sheetapp.ui.wizard.steps import SEVERITY_ORDER

Cell = str | int | float


@dataclass(frozen=True)
class Column:
    """One column: ``kind`` "text", "int", "real" (kilograms) or "pick" (text with a list
    of suggestions, such as the character's skills)."""

    key: str
    header: str
    tip: str
    kind: Literal["text", "int", "real", "pick"] = "text"
    minimum: int = 0
    maximum: int = 99
    default: Cell = ""
    stretch: bool = False


class RowsEditor(QWidget):
    """A table of rows with an Add button below it and a Remove button on each row."""

    rows_changed = Signal()

    def __init__(self, name: str, columns: Sequence[Column], add_text: str) -> None:
        super().__init__(objectName=name)
        self.columns = list(columns)
        self._editors: list[dict[str, QWidget]] = []
        self._removers: list[QPushButton] = []
        self._choices: dict[str, list[str]] = {}
        self._escape = _EscapeTakesBack(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(self.columns) + 1, objectName=f"{name}_table")
        self.table.setHorizontalHeaderLabels([_(c.header) for c in self.columns] + [""])
        header = self.table.horizontalHeader()
        for i, column in enumerate(self.columns):
            self.table.horizontalHeaderItem(i).setToolTip(_(column.tip))
            mode = (
                QHeaderView.ResizeMode.Stretch
                if column.stretch
                else QHeaderView.ResizeMode.ResizeToContents
            )
            header.setSectionResizeMode(i, mode)
        header.setSectionResizeMode(len(self.columns), QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        outer.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(add_text, objectName=f"{name}_add")
        self.add_button.clicked.connect(lambda: self.add_row())
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        outer.addLayout(buttons)

    # --- rows -------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Cell]]:
        """What each row holds, in order, by column key."""
        return [{c.key: _value(editors[c.key]) for c in self.columns} for editors in self._editors]

    def add_row(self, values: dict[str, Cell] | None = None) -> None:
        """A new row at the bottom (filled from ``values``), its first cell focused."""
        self._append(values or {})
        self._editors[-1][self.columns[0].key].setFocus()
        self.rows_changed.emit()

    def set_rows(self, rows: Iterable[dict[str, Cell]]) -> None:
        self.table.setRowCount(0)
        self._editors.clear()
        self._removers.clear()
        for values in rows:
            self._append(values)
        self.rows_changed.emit()

    def remove_row(self, row: int) -> None:
        """Drop one row; the rows below move up and take their new numbers as names."""
        # The view deletes the row's widgets later (the clicked button may be among them);
        # until then they drop their names, so a search by name never finds a dying row.
        for editor in (*self._editors[row].values(), self._removers[row]):
            editor.setObjectName("")
        self.table.removeRow(row)
        del self._editors[row]
        del self._removers[row]
        for i in range(row, len(self._editors)):
            for key, editor in self._editors[i].items():
                editor.setObjectName(f"{self.objectName()}_{i}_{key}")
            self._removers[i].setObjectName(f"{self.objectName()}_{i}_remove")
        self.rows_changed.emit()

    def _append(self, values: dict[str, Cell]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        editors: dict[str, QWidget] = {}
        for i, column in enumerate(self.columns):
            editor = self._editor(column, values.get(column.key, column.default))
            editor.setObjectName(f"{self.objectName()}_{row}_{column.key}")
            editor.setToolTip(_(column.tip))
            self._escape.watch(editor)
            self.table.setCellWidget(row, i, editor)
            editors[column.key] = editor
        remove = QPushButton(_("Remove"), objectName=f"{self.objectName()}_{row}_remove")
        remove.setToolTip(_("Take this row off the list."))
        remove.clicked.connect(
            lambda _unused=False, b=remove: self.remove_row(self._removers.index(b))
        )
        self.table.setCellWidget(row, len(self.columns), remove)
        self._editors.append(editors)
        self._removers.append(remove)
        self.table.resizeRowToContents(row)

    def _editor(self, column: Column, value: Cell) -> QWidget:
        if column.kind == "int":
            box = QSpinBox()
            box.setRange(column.minimum, column.maximum)
            box.setValue(int(value or 0))
            box.valueChanged.connect(self.rows_changed)
            return box
        if column.kind == "real":
            real = QDoubleSpinBox()
            real.setRange(column.minimum, column.maximum)
            real.setDecimals(1)
            real.setSuffix(_(" kg"))
            real.setValue(float(value or 0))
            real.valueChanged.connect(self.rows_changed)
            return real
        if column.kind == "pick":
            combo = QComboBox()
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.addItems(self._choices.get(column.key, []))
            combo.setEditText(str(value))
            combo.editTextChanged.connect(self.rows_changed)
            return combo
        line = QLineEdit(str(value))
        line.textChanged.connect(self.rows_changed)
        return line

    # --- what the rest of the sheet says ----------------------------------------------

    def set_choices(self, key: str, choices: Sequence[str]) -> None:
        """The suggestions every "pick" cell of column ``key`` offers (typed text stays)."""
        if self._choices.get(key) == list(choices):
            return
        self._choices[key] = list(choices)
        for editors in self._editors:
            combo = editors[key]
            if not isinstance(combo, QComboBox):
                continue
            with QSignalBlocker(combo):
                text = combo.currentText()
                combo.clear()
                combo.addItems(choices)
                combo.setEditText(text)

    def show_findings(self, findings: Iterable[Finding], base: str) -> None:
        """Outline each cell a finding points at (``base[row].key``)."""
        worst: dict[str, int] = {}
        for finding in findings:
            level = SEVERITY_ORDER[finding.severity]
            worst[finding.path] = min(level, worst.get(finding.path, 2))
        for row, editors in enumerate(self._editors):
            for key, editor in editors.items():
                level = worst.get(join_path(base, row, key), 2)
                value = {0: "error", 1: "warning"}.get(level, "")
                mark_finding(editor, value)


class _EscapeTakesBack(QObject):
    """Escape in a cell puts back what it held when it took the focus; with nothing to
    put back the key goes on to the dialog. The focus going to a menu or another window
    and coming back is the same edit."""

    AWAY = frozenset({Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason})

    def watch(self, editor: QWidget) -> None:
        editor.setProperty("held", _value(editor))
        editor.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(watched, QWidget):
            return False
        kind = event.type()
        if kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            if event.reason() not in self.AWAY:
                watched.setProperty("held", _value(watched))
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            held = watched.property("held")
            if event.key() == Qt.Key.Key_Escape and held != _value(watched):
                _set_value(watched, held)
                return True
        return False


def _set_value(editor: QWidget, value: Cell) -> None:
    if isinstance(editor, QSpinBox):
        editor.setValue(int(value))
    elif isinstance(editor, QDoubleSpinBox):
        editor.setValue(float(value))
    elif isinstance(editor, QComboBox):
        editor.setEditText(str(value))
    elif isinstance(editor, QLineEdit):
        editor.setText(str(value))


def _value(editor: QWidget) -> Cell:
    if isinstance(editor, QSpinBox | QDoubleSpinBox):
        return editor.value()
    if isinstance(editor, QComboBox):
        return editor.currentText()
    return editor.text() if isinstance(editor, QLineEdit) else ""
