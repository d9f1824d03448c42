"""The pack's formulas: stamina, body and any of the game master's own, each checked as it
is typed by the same sandbox that evaluates it in play, and shown worked out for a sample
character whose attributes the game master sets."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheetapp.formulas import FormulaError, compile_formula
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import (
    FORMULA_NAMES,
    REQUIRED_FORMULAS,
    Universe,
)
from sheetapp.ui.labels import literal
from sheetapp.ui.theme import mark_finding
from sheetapp.ui.universe_editor.document import PackEditorDocument

SAMPLE_SCORE = 25  # the System Guide's rough average for a starting attribute
MAX_FORMULA_CHARS = 500


def formula_preview(text: str, sample: dict[str, int]) -> tuple[str, bool]:
    """What the formula gives for the sample character, or why it cannot be used; and
    whether it is sound. Never raises: the sandbox refuses whatever is not arithmetic."""
    try:
        value = compile_formula(text, FORMULA_NAMES).evaluate(sample)
    except FormulaError as exc:
        return str(exc), False
    return _("= {value} for the sample character").format(value=value), True


class FormulasPage(QWidget):
    def __init__(self, document: PackEditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page_formulas")
        self.document = document
        self.list = QListWidget(objectName="formulas_list")
        self.list.currentRowChanged.connect(lambda _row: self._show_fields())
        self.add_button = QPushButton(_("&Add formula"), objectName="add_formula")
        self.add_button.clicked.connect(self._add)
        self.remove_button = QPushButton(_("&Remove"), objectName="remove_formula")
        self.remove_button.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.list, 1)
        left_layout.addLayout(buttons)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        form = QFormLayout()
        self.key = QLineEdit(objectName="formula_key")
        self.key.setMaxLength(40)
        self.key.setToolTip(_("Lowercase letters, digits and _; stamina and body are required."))
        self.key.editingFinished.connect(self._rename)
        form.addRow(_("&Name:"), self.key)
        self.text = QLineEdit(objectName="formula_text")
        self.text.setMaxLength(MAX_FORMULA_CHARS * 2)  # a longer one gets its finding
        self.text.setToolTip(_(
            "Arithmetic over the eight attributes: + - * / // %, comparisons, min, max, "
            "ceil, floor, round and abs."
        ))
        self.text.textEdited.connect(self._text_edited)
        form.addRow(_("&Formula:"), self.text)
        self.result = QLabel(objectName="formula_result")
        self.result.setWordWrap(True)
        form.addRow("", self.result)
        right_layout.addLayout(form)
        sample_box = QGroupBox(_("Sample character"))
        grid = QGridLayout(sample_box)
        self.sample: dict[str, QSpinBox] = {}
        for index, attribute in enumerate(Attribute):
            spin = QSpinBox(objectName=f"sample_{attribute.value}")
            spin.setRange(0, 100)
            spin.setValue(SAMPLE_SCORE)
            spin.valueChanged.connect(self._show_result)
            grid.addWidget(QLabel(label(attribute)), index // 4 * 2, index % 4)
            grid.addWidget(spin, index // 4 * 2 + 1, index % 4)
            self.sample[attribute.value] = spin
        right_layout.addWidget(sample_box)
        right_layout.addStretch(1)

        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([300, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        document.pack_changed.connect(self.refresh)
        self.refresh()

    def _formulas(self) -> dict[str, str]:
        found = self.document.pack.value(("formulas",))
        return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}

    def _current_key(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def refresh(self, select: str | None = None) -> None:
        keep = select or self._current_key()
        with QSignalBlocker(self.list):
            self.list.clear()
            for key in self._formulas():
                self.list.addItem(literal(key))
                self.list.item(self.list.count() - 1).setData(Qt.ItemDataRole.UserRole, key)
            keys = list(self._formulas())
            if keys:
                self.list.setCurrentRow(keys.index(keep) if keep in keys else 0)
        self._show_fields()

    def _show_fields(self) -> None:
        key = self._current_key()
        formulas = self._formulas()
        for widget in (self.key, self.text):
            widget.setEnabled(key is not None)
        with QSignalBlocker(self.key), QSignalBlocker(self.text):
            if self.key.text() != (key or ""):
                self.key.setText(key or "")
            value = formulas.get(key or "", "")
            if self.text.text() != value:
                self.text.setText(value)
        self.remove_button.setEnabled(key is not None and key not in REQUIRED_FORMULAS)
        self._show_result()

    def _show_result(self) -> None:
        if self._current_key() is None:
            self.result.setText("")
            return
        sample = {name: spin.value() for name, spin in self.sample.items()}
        text, sound = formula_preview(self.text.text(), sample)
        self.result.setText(literal(text))
        self.result.setProperty("role", "figure" if sound else "error")
        mark_finding(self.text, "" if sound else "error")

    def _text_edited(self, text: str) -> None:
        self._show_result()  # checked as typed, before the pack check catches up
        key = self._current_key()
        if key is not None:
            self.document.set_value(
                ("formulas", key), text, _("Change formula {name}").format(name=key)
            )

    def _rename(self) -> None:
        old = self._current_key()
        new = self.key.text().strip()
        if old is None or not new or new == old or new in self._formulas():
            self.key.setText(old or "")
            return
        self.document.edit(
            lambda pack: pack.rename_key("formulas", old, new),
            _("Rename formula {old} to {new}").format(old=old, new=new),
        )
        self.refresh(select=new)

    def _add(self) -> None:
        formulas = self._formulas()
        n = 1
        while f"formula_{n}" in formulas:
            n += 1
        key = f"formula_{n}"

        def add(pack) -> None:
            if not formulas:  # the pack used the generic ones: write them out first
                for name, text in Universe.model_fields["formulas"].default_factory().items():
                    pack.set_value(("formulas", name), text)
            pack.set_value(("formulas", key), "floor(psyche / 10)")

        self.document.edit(add, _("Add formula"))
        self.refresh(select=key)
        self.key.setFocus()
        self.key.selectAll()

    def _remove(self) -> None:
        key = self._current_key()
        if key is None or key in REQUIRED_FORMULAS:
            return
        self.document.edit(
            lambda pack: pack.set_value(("formulas", key), None),
            _("Remove formula {name}").format(name=key),
        )

    def select(self, key: str) -> None:
        if key in self._formulas():
            self.refresh(select=key)
        self.text.setFocus()

    def mark(self, marks: dict[str, str]) -> None:
        key = self._current_key() or ""
        level = marks.get(key, "")
        if level:
            mark_finding(self.text, level)
