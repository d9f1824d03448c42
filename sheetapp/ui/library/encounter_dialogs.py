"""Dice asked for at the table: the opening advantage check (a percentile roll per side)
and initiative dice rolled by hand (one die per side). Each roll is filled in by the app's
dice and can be overwritten with what was rolled at the table."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.ui.labels import hint_label
from sheetapp.ui.library.dialog_parts import ok_cancel


def _roll_spin(name: str, die: int, value: int, tip: str) -> QSpinBox:
    spin = QSpinBox(objectName=name)
    spin.setRange(1, die)
    spin.setValue(value)
    spin.setToolTip(tip)
    spin.setMinimumWidth(80)
    return spin


class AdvantageDialog(QDialog):
    """Which two sides check, and their percentile rolls (00 is 100)."""

    def __init__(self, sides: Sequence[str], roller: Roller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Advantage Check"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                _("Before the first round each side rolls percentile dice against its best "
                "Psyche. A side that succeeds while the other fails has the advantage; a 95-00 "
                "against a success means surprise.")
            )
        )
        form = QFormLayout()
        self.first = QComboBox(objectName="first_side")
        self.second = QComboBox(objectName="second_side")
        for combo in (self.first, self.second):
            combo.addItems(list(sides))
        self.second.setCurrentIndex(min(1, len(sides) - 1))
        tip = _("The side's percentile roll, 1 to 100 (00 is 100)")
        self.first_roll = _roll_spin("first_roll", 100, roller.die(100), tip)
        self.second_roll = _roll_spin("second_roll", 100, roller.die(100), tip)
        form.addRow(_("Players' side:"), self.first)
        form.addRow(_("Its roll:"), self.first_roll)
        form.addRow(_("Other side:"), self.second)
        form.addRow(_("Its roll:"), self.second_roll)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))
        self.setMinimumWidth(420)

    def choice(self) -> tuple[str, str, int, int]:
        return (
            self.first.currentText(),
            self.second.currentText(),
            self.first_roll.value(),
            self.second_roll.value(),
        )


class InitiativeDiceDialog(QDialog):
    """Initiative as rolled at the table: one entry per side (a die) or per combatant (its
    own roll, where the system has each roll alone). An entry left empty is rolled by the
    app; what is typed is read by the system's rules when the round is ordered."""

    def __init__(
        self, entries: Sequence[tuple[str, str]], hint: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Initiative Rolled at the Table"))
        layout = QVBoxLayout(self)
        layout.addWidget(hint_label(hint + _(" Leave one empty and the app rolls it.")))
        form = QFormLayout()
        self.edits: dict[str, QLineEdit] = {}
        for number, (key, name) in enumerate(entries):
            edit = QLineEdit(objectName=f"roll_{number}")
            edit.setPlaceholderText(_("rolled by the app"))
            edit.setClearButtonEnabled(True)
            self.edits[key] = edit
            form.addRow(f"{name}:", edit)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))
        self.setMinimumWidth(380)

    def rolls(self) -> dict[str, int | str]:
        """What was typed, numbers as numbers."""
        found: dict[str, int | str] = {}
        for key, edit in self.edits.items():
            text = edit.text().strip()
            if text:
                # isdecimal, not isdigit: "²" is a digit that int() refuses
                found[key] = int(text) if text.isdecimal() else text
        return found
