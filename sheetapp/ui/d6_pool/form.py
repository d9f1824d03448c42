"""The d6 dice pool form: the character, skills and traits, gear, experience and notes."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.ui.binding import FieldBinder
from sheetapp.ui.d6_pool.character_tab import CharacterTab
from sheetapp.ui.d6_pool.gear_tab import GearTab
from sheetapp.ui.d6_pool.rolls_tab import RollsTab
from sheetapp.ui.d6_pool.xp_tab import ExperienceTab
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.rule_dialog import apply_dialog
from sheetapp.ui.sheet_form import SheetForm


class D6PoolForm(SheetForm):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.figures = FiguresCache(document, sheet_figures)
        self._actions = self._make_actions()
        self.pages = self.page_tabs()
        self.character_tab = CharacterTab(document, self.fields, self.figures)
        self.pages.addTab(self.character_tab, _("Character"))
        self.rolls_tab = RollsTab(document, self.fields, self.figures)
        self.pages.addTab(self.rolls_tab, _("Skills && Traits"))
        self.gear_tab = GearTab(document, self.fields, self.figures)
        self.pages.addTab(self.gear_tab, _("Gear"))
        self.xp_tab = ExperienceTab(document, self.fields, self.figures, self._actions)
        self.pages.addTab(self.xp_tab, _("Experience"))
        self.pages.addTab(FieldBinder(document, self.fields).text(("notes",)), _("Notes"))

    @property
    def sheet(self) -> D6PoolSheet:
        return self.document.sheet  # type: ignore[return-value]

    def _make_actions(self) -> list[QAction]:
        award = QAction(_("Award XP…"), self)
        award.setStatusTip(_("Add the XP the GM gives, usually 1 a session"))
        award.triggered.connect(lambda: self._run("AwardDialog"))
        spend = QAction(_("Spend XP…"), self)
        spend.setStatusTip(
            _("Raise an attribute, skill or trait, or buy a new skill (4 XP) or trait (6 XP)")
        )
        spend.triggered.connect(lambda: self._run("SpendDialog"))
        return [award, spend]

    def _run(self, class_name: str) -> None:
        from sheetapp.ui.d6_pool import xp_dialogs  # loaded on first use

        apply_dialog(getattr(xp_dialogs, class_name)(self.sheet, self), self.document.replace)

    def sheet_actions(self) -> list[QAction]:
        return list(self._actions)


def create_form(document: SheetDocument) -> D6PoolForm:
    return D6PoolForm(document)
