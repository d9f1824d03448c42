"""The d6 dice pool creation wizard: the text's steps in order, on the shared machinery.

Concept, the 6d6 roll shared among the attributes, statistics, skills, traits and
equipment. The wizard holds no rules: each change rebuilds the sheet with the backend's
``sheet_from_choices`` and runs ``rules.check`` and ``sheet_figures`` over it; the pages
show what concerns them and let the player on when their findings are cleared.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.from_choices import D6Choices, sheet_from_choices
from sheetapp.systems.d6_pool.rules import check
from sheetapp.ui.d6_pool.wizard_pages import (
    AttributesPage,
    ConceptPage,
    EquipmentPage,
    SkillsPage,
    Snapshot,
    StatisticsPage,
    TraitsPage,
)
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.stepped import StepWizard

__all__ = ["D6PoolWizard", "Snapshot", "create_wizard"]


class D6PoolWizard(StepWizard):
    """A new d6 dice pool character, step by step as the text makes one."""

    def __init__(self, parent: QWidget | None = None, *, roller: Roller | None = None) -> None:
        super().__init__(parent, roller, "d6-pool")
        self.setWindowTitle(_("New d6 Dice Pool character"))
        self.draft = D6Choices()
        self._add_steps(
            [
                ConceptPage(self),
                AttributesPage(self),
                StatisticsPage(self),
                SkillsPage(self),
                TraitsPage(self),
                EquipmentPage(self),
            ]
        )

    def build_snapshot(self) -> Snapshot:
        sheet = sheet_from_choices(self.draft)
        return Snapshot(sheet=sheet, findings=check(sheet), figures=sheet_figures(sheet))


def create_wizard(parent: QWidget | None, settings: Settings) -> D6PoolWizard:
    """File > New Character for this system."""
    return D6PoolWizard(parent)
