"""The Amplitude Engine character wizard: a new character step by step, on the shared
wizard machinery.

The text resolves actions but makes no characters, so the wizard walks through every part
of the sheet play needs (who, skills with their OB, the DB, gear, thresholds and momentum),
lets the rules judge each step and says on each page what is left to the GM. Nothing in
making a character is rolled, so there are no dice to roll or type.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.amplitude import rules
from sheetapp.systems.amplitude.creation import CharacterChoices, build_character
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.ui.amplitude.wizard_pages import (
    CharacterPage,
    DefencePage,
    GearPage,
    SkillsPage,
    Snapshot,
    ThresholdsPage,
)
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.stepped import StepWizard

__all__ = ["CharacterWizard", "create_wizard"]


class CharacterWizard(StepWizard):
    """Character, skills, defence, gear, thresholds and momentum."""

    def __init__(self, parent: QWidget | None = None, *, roller: Roller | None = None) -> None:
        super().__init__(parent, roller, "amplitude")
        self.setWindowTitle(_("New Amplitude Engine character"))
        self.choices = CharacterChoices()
        self._add_steps(
            [
                CharacterPage(self),
                SkillsPage(self),
                DefencePage(self),
                GearPage(self),
                ThresholdsPage(self),
            ]
        )

    def build_snapshot(self) -> Snapshot:
        sheet = build_character(self.choices)
        return Snapshot(sheet=sheet, findings=rules.check(sheet))

    def result_sheet(self) -> AmplitudeSheet:
        """The character as entered (check it before saving)."""
        return self.snapshot().sheet.model_copy(deep=True)


def create_wizard(parent: QWidget | None, settings: Settings) -> CharacterWizard:
    """File > New Character for the Amplitude Engine."""
    del settings  # nothing the person set changes how a character is made
    return CharacterWizard(parent)
