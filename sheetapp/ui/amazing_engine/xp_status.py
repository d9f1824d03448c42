"""The dialog that marks a character dead or retired, saying first what becomes of its XP
and of the core's.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.experience import XpRefused
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.amazing_engine.xp_frame import XpDialog, character_name
from sheetapp.ui.rule_dialog import note_field

Status = Literal["dead", "retired"]


class StatusDialog(XpDialog):
    """Confirm that a character died or retired, with what that means for the XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, status: Status, parent: QWidget | None = None
    ) -> None:
        if status not in ("dead", "retired"):
            raise ValueError(f"status must be 'dead' or 'retired', not {status!r}")
        title = "Mark Dead" if status == "dead" else "Retire"
        super().__init__(sheet, index, title, parent)
        self.status = status
        character = self.character
        self.name = character_name(character, index)
        universe, _ = universe_or_generic(character.universe)
        own = experience.character_balance(sheet, index)
        core = experience.core_balance(sheet)
        if status == "dead":
            question = f"Mark {self.name} as dead?"
            consequence = (
                f"{self.name}'s {own} XP are lost. The Player Core keeps its "
                f"{core} XP for characters made later."
            )
        else:
            question = f"Retire {self.name} for good?"
            consequence = (
                f"{self.name} leaves play. The character's {own} XP and the "
                f"Player Core's {core} XP stay as they are."
            )
        if sheet.core is not None:
            consequence += (
                f" The {universe.name} universe is free again for a new character from this core."
            )
        heading = QLabel(question, objectName="question")
        heading.setProperty("role", "figure")
        self.form.addRow(heading)
        text = QLabel(consequence, objectName="consequence")
        text.setWordWrap(True)
        self.form.addRow(text)
        controls: list[QWidget] = []
        self.note: QLineEdit | None = None
        if status == "dead":
            self.note = note_field("How the character died; it is written in the ledger.")
            self.form.addRow("&Note", self.note)
            self.note.textChanged.connect(self.refresh)
            controls.append(self.note)
        self.ok_button.setText(title)
        self.ok_button.setToolTip("The app's Undo takes this back.")
        self._finish(controls)
        if not controls:
            self.ok_button.setFocus()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        if self.character.status == self.status:
            raise XpRefused(f"{self.name} is already {self.status}")
        if self.status == "dead":
            note = self.note.text().strip() if self.note is not None else ""
            return experience.mark_dead(self.sheet, self.index, note=note)
        return experience.retire(self.sheet, self.index)

    def description(self) -> str:
        return f"Mark {self.name} dead" if self.status == "dead" else f"Retire {self.name}"
