"""The Amplitude Engine form: the character, play at the table, odds, and notes."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from sheetapp.i18n import _
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.ui.amplitude.character_tab import CharacterTab
from sheetapp.ui.amplitude.odds_tab import OddsTab
from sheetapp.ui.amplitude.play_tab import PlayTab
from sheetapp.ui.binding import FieldBinder
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.sheet_form import SheetForm


class AmplitudeForm(SheetForm):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.figures = FiguresCache(document, sheet_figures)
        self.tabs = self.page_tabs()
        self.character_tab = CharacterTab(document, self.fields, self.figures)
        self.tabs.addTab(self.character_tab, _("Character"))
        self.play_tab = PlayTab(document, self.fields, self.figures)
        self.tabs.addTab(self.play_tab, _("Wounds and play"))
        self.odds_tab = OddsTab(document)
        self.tabs.addTab(self.odds_tab, _("Odds and Outcome Table"))
        self.tabs.addTab(FieldBinder(document, self.fields).text(("notes",)), _("Notes"))


def create_form(document: SheetDocument) -> AmplitudeForm:
    return AmplitudeForm(document)
