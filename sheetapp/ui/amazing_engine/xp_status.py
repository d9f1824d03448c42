"""The dialog that marks a character dead or retired, saying first what becomes of its XP
and of the core's.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from sheetapp.i18n import _
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
            raise ValueError(
                _("status must be 'dead' or 'retired', not {status!r}").format(status=status)
            )
        title = _("Mark Dead") if status == "dead" else _("Retire")
        super().__init__(sheet, index, title, parent)
        self.status = status
        character = self.character
        self.name = character_name(character, index)
        universe, _unused = universe_or_generic(character.universe)
        own = experience.character_balance(sheet, index)
        core = experience.core_balance(sheet)
        if status == "dead":
            question = _("Mark {name} as dead?").format(name=self.name)
            consequence = _(
                "{name}'s {own} XP are lost. The Player Core keeps its {core} XP "
                "for characters made later."
            ).format(name=self.name, own=own, core=core)
        else:
            question = _("Retire {name} for good?").format(name=self.name)
            consequence = _(
                "{name} leaves play. The character's {own} XP and the Player "
                "Core's {core} XP stay as they are."
            ).format(name=self.name, own=own, core=core)
        if sheet.core is not None:
            consequence += _(
                " The {name} universe is free again for a new character from this core."
            ).format(name=universe.shown_name)
        heading = QLabel(question, objectName="question")
        heading.setProperty("role", "figure")
        self.form.addRow(heading)
        text = QLabel(consequence, objectName="consequence")
        text.setWordWrap(True)
        self.form.addRow(text)
        controls: list[QWidget] = []
        self.note: QLineEdit | None = None
        if status == "dead":
            self.note = note_field(_("How the character died; it is written in the ledger."))
            self.form.addRow(_("&Note"), self.note)
            self.note.textChanged.connect(self.refresh)
            controls.append(self.note)
        self.ok_button.setText(title)
        self.ok_button.setToolTip(_("The app's Undo takes this back."))
        self._finish(controls)
        if not controls:
            self.ok_button.setFocus()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        if self.character.status == self.status:
            raise XpRefused(
                _("{name} is already {status}").format(name=self.name, status=self.status)
            )
        if self.status == "dead":
            note = self.note.text().strip() if self.note is not None else ""
            return experience.mark_dead(self.sheet, self.index, note=note)
        return experience.retire(self.sheet, self.index)

    def description(self) -> str:
        return (
            _("Mark {name} dead").format(name=self.name)
            if self.status == "dead"
            else _("Retire {name}").format(name=self.name)
        )
