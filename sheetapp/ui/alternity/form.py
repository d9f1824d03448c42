"""The Alternity form: one hero on five pages (hero, skills, gear, play, notes)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.i18n import _
from sheetapp.ui.alternity.gear_page import GearPage
from sheetapp.ui.alternity.hero_page import HeroPage
from sheetapp.ui.alternity.notes_page import NotesPage
from sheetapp.ui.alternity.play_page import PlayPage
from sheetapp.ui.alternity.skills_page import SkillsPage
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import SheetForm


class AlternityForm(SheetForm):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.pages = self.page_tabs()
        self.hero_page = HeroPage(document, self.fields)
        self.skills_page = SkillsPage(document, self.fields)
        self.gear_page = GearPage(document, self.fields)
        self.play_page = PlayPage(document, self.fields)
        self.notes_page = NotesPage(document, self.fields)
        for page, title in (
            (self.hero_page, _("Hero")),
            (self.skills_page, _("Skills")),
            (self.gear_page, _("Gear")),
            (self.play_page, _("Play")),
            (self.notes_page, _("Notes")),
        ):
            self.pages.addTab(page, title)


def create_form(document: SheetDocument) -> AlternityForm:
    return AlternityForm(document)
