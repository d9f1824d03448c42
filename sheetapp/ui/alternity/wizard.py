"""The Alternity hero wizard: a new hero step by step, on the shared wizard machinery.

The excerpt leaves hero creation to a chapter it does not hold, so this wizard does not
invent a procedure: it walks through every part of the sheet (who, abilities, skills,
durability and the action check, gear, perks and background), lets the rules judge each
step, and says on each page what the text fixes and what the game master decides. The text
rolls no dice here (abilities are shared out from a budget), so there is nothing to roll.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems.alternity import rules
from sheetapp.systems.alternity.creation import HeroChoices, build_hero
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.ui.alternity.wizard_gear import GearPage
from sheetapp.ui.alternity.wizard_hero import BackgroundPage, HeroPage
from sheetapp.ui.alternity.wizard_pages import AbilitiesPage, SkillsPage, Snapshot
from sheetapp.ui.alternity.wizard_tracks import DurabilityPage
from sheetapp.ui.settings import Settings
from sheetapp.ui.wizard.stepped import StepWizard

__all__ = ["HeroWizard", "create_wizard"]


class HeroWizard(StepWizard):
    """Hero, abilities, skills, durability and action check, gear and movement, perks and
    background."""

    def __init__(self, parent: QWidget | None = None, *, roller: Roller | None = None) -> None:
        super().__init__(parent, roller, "alternity")
        self.setWindowTitle(_("New Alternity hero"))
        self.choices = HeroChoices()
        self._add_steps(
            [
                HeroPage(self),
                AbilitiesPage(self),
                SkillsPage(self),
                DurabilityPage(self),
                GearPage(self),
                BackgroundPage(self),
            ]
        )

    def build_snapshot(self) -> Snapshot:
        sheet = build_hero(self.choices)
        return Snapshot(sheet=sheet, findings=rules.check(sheet))

    def result_sheet(self) -> AlternitySheet:
        """The hero as entered (check it before saving)."""
        return self.snapshot().sheet.model_copy(deep=True)


def create_wizard(parent: QWidget | None, settings: Settings) -> HeroWizard:
    """File > New Character for Alternity."""
    del settings  # nothing the person set changes how a hero is made
    return HeroWizard(parent)
