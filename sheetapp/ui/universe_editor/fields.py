"""Widgets bound to keys of the pack: a person's edit goes to the document as an undoable
step; the pack's value comes back with the widget's signals blocked, so nothing echoes.

A binding reads its key path through a function, because on a page of records (the
professions, the weapons) the same field shows whichever record is selected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.names import label as attribute_label
from sheetapp.ui.labels import literal
from sheetapp.ui.theme import mark_finding
from sheetapp.ui.universe_editor.document import PackEditorDocument

KeyPath = tuple[str | int, ...]
PathOf = Callable[[], KeyPath | None]

NUMBER_WIDTH = 120  # px: a number field's width, "9,999.99 kg" with its arrows
MAX_FIELD_CHARS = 4000  # the longest text a pack keeps (descriptions); names are shorter


class Binding:
    """One widget and the key it shows; ``optional`` keys are removed when emptied, so the
    file keeps only what the game master set."""

    def __init__(
        self,
        document: PackEditorDocument,
        widget: QWidget,
        path_of: PathOf,
        label: str,
        *,
        optional: bool = False,
        default: Any = None,
    ) -> None:
        self.document = document
        self.widget = widget
        self.path_of = path_of
        self.label = label
        self.optional = optional
        self.default = default
        self._connect()

    def _connect(self) -> None:
        w = self.widget
        if isinstance(w, QLineEdit):
            w.setMaxLength(MAX_FIELD_CHARS)
            w.textEdited.connect(lambda text: self.send(text))
        elif isinstance(w, QPlainTextEdit):
            w.textChanged.connect(lambda: self.send(w.toPlainText()))
        elif isinstance(w, QAbstractSpinBox):
            # A number keeps its own width: stretched across a wide form, "5" sat a
            # screen's width from its arrows.
            w.setSizePolicy(QSizePolicy.Policy.Fixed, w.sizePolicy().verticalPolicy())
            w.setMinimumWidth(NUMBER_WIDTH)
            self._connect_number(w)
        elif isinstance(w, QCheckBox):
            w.toggled.connect(lambda on: self.send(bool(on)))
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(lambda i: self.send(w.itemData(i)))

    def _connect_number(self, w: QAbstractSpinBox) -> None:
        if isinstance(w, QDoubleSpinBox):
            w.setKeyboardTracking(False)  # one step per value entered, not per digit
            w.valueChanged.connect(lambda value: self.send(round(value, 3)))
        elif isinstance(w, QSpinBox):
            w.setKeyboardTracking(False)
            w.valueChanged.connect(lambda value: self.send(int(value)))

    def send(self, value: Any) -> None:
        path = self.path_of()
        if path is None:
            return
        if self.optional and value in ("", None, self.default):
            value = None
        text = _("Change {field}").format(field=self.label)
        self.document.set_value(path, value, text)

    def load(self) -> None:
        path = self.path_of()
        self.widget.setEnabled(path is not None)
        value = self.document.pack.value(path) if path is not None else None
        if value is None:
            value = self.default
        w = self.widget
        with QSignalBlocker(w):
            if isinstance(w, QLineEdit):
                text = "" if value is None else str(value)
                if w.text() != text:
                    w.setText(text)
            elif isinstance(w, QPlainTextEdit):
                text = "" if value is None else str(value)
                if w.toPlainText() != text:
                    w.setPlainText(text)
            elif isinstance(w, QDoubleSpinBox):
                number = float(value) if isinstance(value, int | float) else 0.0
                if w.value() != number:
                    w.setValue(number)
            elif isinstance(w, QSpinBox):
                number = int(value) if isinstance(value, int) else w.minimum()
                if w.value() != number:
                    w.setValue(number)
            elif isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                index = w.findData(value)
                w.setCurrentIndex(index if index >= 0 else 0)

    def mark(self, level: str) -> None:
        mark_finding(self.widget, level)


class NameChecklist(QListWidget):
    """A list field (a profession's groups or gear) as ticks over the names the pack has;
    a name the pack lacks (a typo in a hand-written pack) is listed ticked, so it can be
    seen and unticked."""

    def __init__(self, document: PackEditorDocument, path_of: PathOf, label: str,
                 choices: Callable[[], Sequence[str]], name: str) -> None:
        super().__init__(objectName=name)
        self.document = document
        self.path_of = path_of
        self.label = label
        self.choices = choices
        self.itemChanged.connect(self._ticked)
        self._names: list[str] = []

    def load(self) -> None:
        path = self.path_of()
        self.setEnabled(path is not None)
        chosen = list(self.document.pack.value(path) or []) if path is not None else []
        names = list(dict.fromkeys([*self.choices(), *chosen]))
        with QSignalBlocker(self):
            self.clear()
            self._names = names
            for name in names:
                item = QListWidgetItem(literal(name))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                on = name in chosen
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                self.addItem(item)

    def _ticked(self, _item: QListWidgetItem) -> None:
        path = self.path_of()
        if path is None:
            return
        before = list(self.document.pack.value(path) or [])
        ticked = [
            self._names[row]
            for row in range(self.count())
            if self.item(row).checkState() == Qt.CheckState.Checked
        ]
        # Keep the order the pack had; newly ticked names go at the end.
        value = [n for n in before if n in ticked] + [n for n in ticked if n not in before]
        self.document.set_value(path, value or None, _("Change {field}").format(field=self.label))

    def mark(self, level: str) -> None:
        mark_finding(self, level)


class ModifiersField(QWidget):
    """A species' attribute modifiers: one box per attribute, 0 left out of the file."""

    def __init__(self, document: PackEditorDocument, path_of: PathOf, label: str,
                 name: str) -> None:
        super().__init__(objectName=name)
        self.document = document
        self.path_of = path_of
        self.label = label
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[Attribute, QSpinBox] = {}
        for index, attribute in enumerate(Attribute):
            box = QSpinBox(objectName=f"{name}_{attribute.value}")
            box.setRange(-50, 50)
            box.setKeyboardTracking(False)
            box.valueChanged.connect(self._send)
            grid.addWidget(QLabel(attribute_label(attribute)), index // 4 * 2, index % 4)
            grid.addWidget(box, index // 4 * 2 + 1, index % 4)
            self.boxes[attribute] = box

    def _send(self) -> None:
        path = self.path_of()
        if path is None:
            return
        value = {a.value: box.value() for a, box in self.boxes.items() if box.value()}
        self.document.set_value(
            path, value or None, _("Change {field}").format(field=self.label)
        )

    def load(self) -> None:
        path = self.path_of()
        self.setEnabled(path is not None)
        found = self.document.pack.value(path) if path is not None else None
        values = found if isinstance(found, dict) else {}
        for attribute, box in self.boxes.items():
            value = values.get(attribute.value, 0)
            number = value if isinstance(value, int) else 0
            if box.value() != number:
                with QSignalBlocker(box):
                    box.setValue(number)

    def mark(self, level: str) -> None:
        mark_finding(self, level)
