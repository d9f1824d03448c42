"""A page of ``[[table]]`` records (professions, species, weapons, armour, equipment): the
records listed on the left with Add, Remove, Move up and Move down; the selected record's
fields on the right. Each kind of record is a list of ``FieldSpec`` rows, so a new key is
one line here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.ui.labels import literal
from sheetapp.ui.universe_editor.document import PackEditorDocument
from sheetapp.ui.universe_editor.fields import (
    Binding,
    KeyPath,
    ModifiersField,
    NameChecklist,
)


@dataclass(frozen=True)
class FieldSpec:
    """One key of a record: its label, its kind, and what the rules make of it."""

    key: str
    label: str
    kind: str = "text"  # text, long, int, float, bool, names
    tip: str = ""
    optional: bool = False
    low: float = 0
    high: float = 1000
    default: Any = None
    choices: Callable[[PackEditorDocument], Sequence[str]] | None = None


class RecordsPage(QWidget):
    """Every record of one ``[[table]]``, and the fields of the one selected."""

    def __init__(
        self,
        document: PackEditorDocument,
        table: str,
        specs: Sequence[FieldSpec],
        *,
        add_text: str,
        make: Callable[[int], dict[str, Any]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.table = table
        self.make = make
        self.setObjectName(f"page_{table}")
        self.list = QListWidget(objectName=f"{table}_list")
        self.list.currentRowChanged.connect(lambda _row: self._show_fields())
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, action in (
            ("add", add_text, self._add),
            ("remove", _("&Remove"), self._remove),
            ("up", _("Move &up"), lambda: self._move(-1)),
            ("down", _("Move do&wn"), lambda: self._move(1)),
        ):
            button = QPushButton(text, objectName=f"{key}_{table}")
            button.clicked.connect(action)
            buttons.addWidget(button)
            self.buttons[key] = button
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.list, 1)
        left_layout.addLayout(buttons)

        form_box = QWidget()
        outer = QVBoxLayout(form_box)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)
        self.bindings: dict[str, Binding | NameChecklist | ModifiersField] = {}
        for spec in specs:
            widget = self._widget(spec)
            # Translators: a field's label in a form, {field} its name.
            form.addRow(_("{field}:").format(field=_(spec.label)), widget)
            label = form.labelForField(widget)
            if label is not None and spec.tip:
                label.setToolTip(_(spec.tip))
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(form_box)
        split.setStretchFactor(1, 1)
        split.setSizes([320, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        document.pack_changed.connect(self.refresh)
        self.refresh()

    # --- building ----------------------------------------------------------------------------

    def _path(self, key: str) -> Callable[[], KeyPath | None]:
        def path() -> KeyPath | None:
            row = self.list.currentRow()
            return (self.table, row, key) if row >= 0 else None

        return path

    def _widget(self, spec: FieldSpec) -> QWidget:
        name = f"{self.table}_{spec.key}"
        path = self._path(spec.key)
        if spec.kind == "names":
            choices = spec.choices or (lambda _d: [])
            widget: QWidget = NameChecklist(
                self.document, path, _(spec.label), lambda: choices(self.document), name
            )
            widget.setMaximumHeight(150)
            widget.setToolTip(_(spec.tip))
            self.bindings[spec.key] = widget
            return widget
        if spec.kind == "modifiers":
            widget = ModifiersField(self.document, path, _(spec.label), name)
            widget.setToolTip(_(spec.tip))
            self.bindings[spec.key] = widget
            return widget
        if spec.kind == "long":
            widget = QPlainTextEdit(objectName=name)
            widget.setMaximumHeight(110)
        elif spec.kind == "int":
            widget = QSpinBox(objectName=name)
            widget.setRange(int(spec.low), int(spec.high))
        elif spec.kind == "float":
            widget = QDoubleSpinBox(objectName=name)
            widget.setRange(spec.low, spec.high)
            widget.setDecimals(2)
            # Translators: the unit after a weight, with its leading space.
            widget.setSuffix(_(" kg"))
        elif spec.kind == "bool":
            widget = QCheckBox(objectName=name)
        else:
            widget = QLineEdit(objectName=name)
        widget.setToolTip(_(spec.tip))
        self.bindings[spec.key] = Binding(
            self.document, widget, path, _(spec.label), optional=spec.optional, default=spec.default
        )
        return widget

    # --- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        records = self.document.pack.records(self.table)
        row = self.list.currentRow()
        with QSignalBlocker(self.list):
            self.list.clear()
            for index, record in enumerate(records):
                title = record.get("name") or record.get("id") or _("(unnamed {n})").format(
                    n=index + 1
                )
                self.list.addItem(literal(str(title)))
            if records:
                self.list.setCurrentRow(min(max(row, 0), len(records) - 1))
        self._show_fields()

    def _show_fields(self) -> None:
        for binding in self.bindings.values():
            binding.load()
        row = self.list.currentRow()
        count = self.list.count()
        self.buttons["remove"].setEnabled(row >= 0)
        self.buttons["up"].setEnabled(row > 0)
        self.buttons["down"].setEnabled(0 <= row < count - 1)

    def select(self, row: int, key: str | None = None) -> None:
        """Show record ``row`` and put the cursor in its ``key`` field (a finding's place)."""
        if 0 <= row < self.list.count():
            self.list.setCurrentRow(row)
        binding = self.bindings.get(key or "")
        if binding is not None:
            widget = binding.widget if isinstance(binding, Binding) else binding
            widget.setFocus()

    def mark(self, marks: dict[str, str]) -> None:
        for key, binding in self.bindings.items():
            binding.mark(marks.get(key, ""))

    # --- editing -----------------------------------------------------------------------------

    def _add(self) -> None:
        index = self.list.count()
        record = self.make(index)
        self.document.edit(
            lambda pack: pack.insert_record(self.table, index, record),
            _("Add {name}").format(name=record.get("name") or record.get("id")),
        )
        self.list.setCurrentRow(index)
        first = next(iter(self.bindings.values()), None)
        if isinstance(first, Binding):
            first.widget.setFocus()
            if isinstance(first.widget, QLineEdit):
                first.widget.selectAll()

    def _remove(self) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        name = self.list.item(row).text()
        self.document.edit(
            lambda pack: pack.remove_record(self.table, row),
            _("Remove {name}").format(name=name),
        )

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        to = row + step
        if row < 0 or not 0 <= to < self.list.count():
            return
        self.document.edit(
            lambda pack: pack.move_record(self.table, row, to),
            _("Move {name}").format(name=self.list.item(row).text()),
        )
        self.list.setCurrentRow(to)
