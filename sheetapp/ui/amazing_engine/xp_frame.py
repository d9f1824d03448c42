"""The frame every Amazing Engine XP dialog is built on, and the small parts they share.

The rules live in ``sheetapp.systems.amazing_engine.experience``. On every change a dialog
asks the operation for the sheet it would make: a refusal is shown in red with OK disabled,
otherwise the balance after it is previewed. Nothing here decides what the rules allow.
The dialogs themselves live beside this module, grouped by whose XP they move, and load
only when one is first opened (see ``xp_actions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QWidget

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.experience import XpRefused
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.ui.labels import tip_labels_from_fields
from sheetapp.ui.rule_dialog import RuleDialog

MAX_XP = 1_000_000


def character_name(character: Character, index: int) -> str:
    return character.name or _("Character {value}").format(value=index + 1)


def xp_spin(
    name: str,
    tip: str,
    *,
    minimum: int = 0,
    maximum: int = MAX_XP,
    value: int = 0,
    step: int = 1,
    suffix: str = "",
) -> QSpinBox:
    spin = QSpinBox(objectName=name)
    spin.setRange(minimum, maximum)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setSuffix(suffix)
    spin.setToolTip(tip)
    spin.setAccelerated(True)
    spin.setMinimumWidth(110)
    return spin


XP_NOTE = N_("What the XP was for; it is written in the ledger.")


BALANCE_TIPS = TranslatedTable({
    "balance": N_("The character's XP now, before this change."),
    "core_balance": N_("The Player Core's XP now, before this change."),
})


class XpDialog(RuleDialog):
    """The shared frame of the XP dialogs: one character's (``index``) or the core's."""

    refusal = XpRefused
    sheet: AmazingEngineSheet

    def __init__(
        self, sheet: AmazingEngineSheet, index: int | None, title: str, parent: QWidget | None
    ) -> None:
        super().__init__(sheet, title, parent, width=440)
        self.index = index
        self.setModal(True)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    @property
    def character(self) -> Character:
        assert self.index is not None
        return self.sheet.characters[self.index]

    def _finish(self, controls: Sequence[QWidget]) -> None:
        """Lay out the preview, problem and buttons; tab through ``controls`` then the buttons."""
        self.outer.addSpacing(4)
        self.outer.addWidget(self.preview)
        self.outer.addWidget(self.problem)
        self.outer.addStretch(1)
        self.outer.addSpacing(8)
        self.outer.addWidget(self.buttons)
        chain = [
            *controls,
            self.ok_button,
            self.buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        if controls:
            controls[0].setFocus()
        for shown in self.findChildren(QLabel):
            if shown.objectName() in BALANCE_TIPS:  # the XP held now, before the change
                shown.setToolTip(shown.toolTip() or BALANCE_TIPS[shown.objectName()])
        tip_labels_from_fields(self)
        self.refresh()

    # --- what each dialog supplies -----------------------------------------------------------

    def _attempt(self) -> AmazingEngineSheet | None:
        """The sheet after the operation; None while a choice is still missing."""
        raise NotImplementedError

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        return _("Balance after: {character_balance} XP").format(
            character_balance=experience.character_balance(new, self.index)
        )

    def _waiting_text(self) -> str:
        return ""

    def attempt(self) -> tuple[AmazingEngineSheet | None, str]:
        new = self._attempt()
        return new, self._waiting_text() if new is None else self._preview_text(new)
