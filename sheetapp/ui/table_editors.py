"""Cell editors for list tables: a choice among labelled values, a number that may be
cleared, a fraction in the reader's locale, and a name picked from suggestions or typed.

Each writes through the model's ``setData``, so an edit is one undoable command and a value
the rules refuse is reported like any other field's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.ui.list_table_model import DASH

Index = QModelIndex | QPersistentModelIndex
Choices = Sequence[tuple[str, Any]]


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box of (label, value) choices; the value goes to the model as is, as soon as
    one is picked. ``choices`` may be a function, asked each time an editor opens, so the
    list can follow the sheet (the broad skills it has)."""

    def __init__(
        self, choices: Choices | Callable[[], Choices], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.choices = choices

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        for text, value in self.choices() if callable(self.choices) else self.choices:
            combo.addItem(_(text), value)
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
    """A spin box from ``low`` to ``high``; with ``optional`` one step below ``low`` shows
    "–" and clears the number."""

    def __init__(
        self,
        low: int = 0,
        high: int = 99,
        *,
        optional: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.low, self.high, self.optional = low, high, optional

    @property
    def _cleared(self) -> int:
        return self.low - 1 if self.optional else self.low

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(self._cleared, self.high)
        if self.optional:
            spin.setSpecialValueText(DASH)
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QSpinBox):
            value = index.data(Qt.ItemDataRole.EditRole)
            editor.setValue(value if isinstance(value, int) else self._cleared)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            value = editor.value()
            cleared = self.optional and value == self._cleared
            model.setData(index, None if cleared else value, Qt.ItemDataRole.EditRole)


class DecimalEditor(QDoubleSpinBox):
    """A fraction typed into a cell (a weight), read and written the reader's way (German
    "0,125") to as many places as it has: Qt's stock editor showed two, so opening a
    0.125 kg cell and leaving it stored 0.13."""

    PLACES = 6  # kept when typed; shown without trailing zeros
    LIMIT = 1e9  # past any figure a sheet holds: the rules refuse what is too large

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrame(False)
        self.setAutoFillBackground(True)  # the cell's own text stays hidden behind its arrows
        self.setDecimals(self.PLACES)
        self.setRange(-self.LIMIT, self.LIMIT)

    def textFromValue(self, value: float) -> str:
        locale = self.locale()
        shortest = QLocale.FloatingPointPrecisionOption.FloatingPointShortest
        return locale.toString(value, "f", shortest).replace(locale.groupSeparator(), "")

    def _as_typed_point(self, text: str) -> str | None:
        """``text`` read with its one point as the decimal mark, where the locale writes a
        comma and none was typed: a German or French reader who types "2.25" by habit (or
        from a keypad) means 2.25, not 225 (German reads the point as grouping, French drops
        it). A figure grouped the locale's way ("1.000,5") has its comma and stays as typed."""
        decimal = self.locale().decimalPoint()
        if decimal == "." or decimal in text or text.count(".") != 1:
            return None
        return text.replace(".", decimal)

    def validate(self, text: str, pos: int) -> object:
        state, checked, pos = super().validate(text, pos)
        pointed = self._as_typed_point(text)
        if state == QValidator.State.Invalid and pointed is not None:
            state = super().validate(pointed, pos)[0]
            checked = text
        return state, checked, pos

    def valueFromText(self, text: str) -> float:
        pointed = self._as_typed_point(text)
        return super().valueFromText(text if pointed is None else pointed)


class CellDelegate(QStyledItemDelegate):
    """A list table's own cells: a fraction edits in a ``DecimalEditor``, anything else in
    Qt's editor for its type (the columns with an editor of their own set it apart)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        if isinstance(index.data(Qt.ItemDataRole.EditRole), float):
            return DecimalEditor(parent)
        return super().createEditor(parent, option, index)


class SuggestionDelegate(QStyledItemDelegate):
    """An editable combo offering ``names()`` (the character's skills) while still taking
    any text."""

    def __init__(self, names: Callable[[], Sequence[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._names = names

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        combo.setEditable(True)
        combo.addItems([name for name in self._names() if name])
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole) or ""))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())
