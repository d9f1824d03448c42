"""The Forgotten Futures creation wizard: character points spent step by step.

Who the character is, BODY/MIND/SOUL (a 7 only behind the referee's explicit leave), the
skills the referee makes free, skills with their bases and points, a Linguist's languages,
and the points saved as bonus. The wizard holds no rules: each change rebuilds the record
with the backend's ``sheet_from_choices`` and runs ``rules.check`` and ``sheet_figures``
over it, and each page shows what concerns it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.from_choices import FFChoices, sheet_from_choices
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.ui.forgotten_futures.wizard_pages import (
    CharacteristicsPage,
    CharacterPage,
    FreeSkillsPage,
    LanguagesPage,
    SavedPointsPage,
    SkillsPage,
    Snapshot,
)
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.stepped import StepWizard

__all__ = ["ForgottenFuturesWizard", "Snapshot", "create_wizard"]


class ForgottenFuturesWizard(StepWizard):
    """A new Forgotten Futures character bought with character points."""

    def __init__(self, parent: QWidget | None = None, *, roller: Roller | None = None) -> None:
        super().__init__(parent, roller, "forgotten-futures")
        self.setWindowTitle(_("New Forgotten Futures character"))
        self.draft = FFChoices()
        self._add_steps(
            [
                CharacterPage(self),
                CharacteristicsPage(self),
                FreeSkillsPage(self),
                SkillsPage(self),
                LanguagesPage(self),
                SavedPointsPage(self),
            ]
        )

    def build_snapshot(self) -> Snapshot:
        sheet = sheet_from_choices(self.draft)
        return Snapshot(sheet=sheet, findings=check(sheet), figures=sheet_figures(sheet))


def create_wizard(parent: QWidget | None, settings: Settings) -> ForgottenFuturesWizard:
    """File > New Character for this system."""
    return ForgottenFuturesWizard(parent)
