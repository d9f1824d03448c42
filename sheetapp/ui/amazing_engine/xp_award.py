"""The dialog for the GM's XP award, which is split at once between the character and the
Player Core: the one XP operation that fills both balances.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QLabel, QWidget

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.amazing_engine.xp_frame import XP_NOTE, XpDialog, character_name, xp_spin
from sheetapp.ui.labels import hint_label
from sheetapp.ui.rule_dialog import note_field


class AwardDialog(XpDialog):
    """An award from the GM, split at once between the character and the Player Core."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, _("Award XP"), parent)
        name = character_name(self.character, index)
        self.has_core = sheet.core is not None
        core_text = (
            _("{core_balance} XP").format(core_balance=experience.core_balance(sheet))
            if self.has_core
            else _("none (this character has no Player Core)")
        )
        self.balances = QLabel(objectName="balances")
        self.balances.setText(
            _("{name}: {character_balance} XP\nPlayer Core: {core_text}").format(
                name=name,
                character_balance=experience.character_balance(sheet, index),
                core_text=core_text,
            )
        )
        self.balances.setToolTip(_("The balances before this award."))
        self.form.addRow(_("Balances now"), self.balances)
        self.total = xp_spin(
            "total",
            _("The XP the GM awards. Every award is divided at once "
            "between the character and the Player Core; it cannot wait."),
            suffix=_(" XP"),
        )
        self.form.addRow(_("&Award"), self.total)
        self.to_character = xp_spin(
            "to_character",
            _("XP the character may spend now: taxing checks, attribute points "
            "and new skills. They can never pass to another character."),
            maximum=0,
            suffix=_(" XP"),
        )
        self.form.addRow(_("To the &character"), self.to_character)
        self.to_core = xp_spin(
            "to_core",
            _("XP kept by the Player Core for pool dice and for characters made "
            "later. The characters already in play can never use them."),
            maximum=0,
            suffix=_(" XP"),
        )
        self.to_core.setEnabled(self.has_core)
        self.form.addRow(_("To the Player C&ore"), self.to_core)
        self.form.addRow(
            hint_label(
                _("Two thirds go to the character unless you move the split; "
                "the two parts always add up to the award.")
            )
        )
        self.note = note_field(_(XP_NOTE))
        self.form.addRow(_("&Note"), self.note)
        self.total.valueChanged.connect(self._total_changed)
        self.to_character.valueChanged.connect(self._character_changed)
        self.to_core.valueChanged.connect(self._core_changed)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.total, self.to_character, self.to_core, self.note])

    def _total_changed(self, total: int) -> None:
        character = (2 * total + 1) // 3 if self.has_core else total
        with QSignalBlocker(self.to_character), QSignalBlocker(self.to_core):
            self.to_character.setMaximum(total)
            self.to_core.setMaximum(total if self.has_core else 0)
            self.to_character.setValue(character)
            self.to_core.setValue(total - character)
        self.refresh()

    def _character_changed(self, value: int) -> None:
        with QSignalBlocker(self.to_core):
            self.to_core.setValue(self.total.value() - value)
        self.refresh()

    def _core_changed(self, value: int) -> None:
        with QSignalBlocker(self.to_character):
            self.to_character.setValue(self.total.value() - value)
        self.refresh()

    def _attempt(self) -> AmazingEngineSheet | None:
        assert self.index is not None
        if self.total.value() == 0:
            return None  # nothing typed yet: nothing to refuse
        return experience.award(
            self.sheet,
            self.index,
            to_character=self.to_character.value(),
            to_core=self.to_core.value(),
            note=self.note.text().strip(),
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        text = _("Balance after: {character_balance} XP").format(
            character_balance=experience.character_balance(new, self.index)
        )
        if self.has_core:
            text += _(" · Player Core {core_balance} XP").format(
                core_balance=experience.core_balance(new)
            )
        return text

    def _waiting_text(self) -> str:
        return _("Type the XP the GM awards.")

    def description(self) -> str:
        return _("Award {value} XP").format(value=self.total.value())
