"""The Forgotten Futures form: the record, skills, combat, bonus points, and notes."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.ui.binding import FieldBinder
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.forgotten_futures.bonus_tab import BonusTab
from sheetapp.ui.forgotten_futures.combat_tab import CombatTab, TablesTab
from sheetapp.ui.forgotten_futures.record_tab import RecordTab
from sheetapp.ui.forgotten_futures.skills_tab import SkillsTab
from sheetapp.ui.rule_dialog import apply_dialog
from sheetapp.ui.sheet_form import SheetForm

ACTIONS = (
    (
        "improve",
        N_("Improve Skill…"),
        "ImproveDialog",
        N_(
            "Spend the new rating in bonus points and "
            "roll to raise a skill by one; a 12 means it can never rise again"
        ),
    ),
    (
        "learn",
        N_("Learn New Skill…"),
        "LearnDialog",
        N_(
            "Spend double the starting rating and roll "
            "to learn a skill; a 12 means it can never be learned"
        ),
    ),
    (
        "award",
        N_("Award Bonus Points…"),
        "AwardDialog",
        N_("Add the bonus points the referee gives"),
    ),
    (
        "odds",
        N_("Spend on a Roll…"),
        "SpendOnRollDialog",
        N_("Mark off bonus points to shift a roll, with the referee's leave"),
    ),
    (
        "language",
        N_("Add Language…"),
        "LanguageDialog",
        N_("A Linguist adds one language an adventure: 1 bonus point, or free by practice"),
    ),
)


class ForgottenFuturesForm(SheetForm):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.figures = FiguresCache(document, sheet_figures)
        self.actions_by_key = self._make_actions()
        self.pages = self.page_tabs()
        self.record_tab = RecordTab(document, self.fields, self.figures)
        self.pages.addTab(self.record_tab, _("Record"))
        skill_actions = [self.actions_by_key[k] for k in ("improve", "learn", "language")]
        self.skills_tab = SkillsTab(document, self.fields, self.figures, skill_actions)
        self.pages.addTab(self.skills_tab, _("Skills"))
        self.combat_tab = CombatTab(document, self.fields, self.figures)
        self.pages.addTab(self.combat_tab, _("Combat"))
        self.pages.addTab(TablesTab(), _("Tables && Odds"))
        self.bonus_tab = BonusTab(
            document, self.fields, self.figures, list(self.actions_by_key.values())
        )
        self.pages.addTab(self.bonus_tab, _("Bonus Points"))
        self.pages.addTab(self._writing(), _("Notes && Equipment"))

    @property
    def sheet(self) -> ForgottenFuturesSheet:
        return self.document.sheet  # type: ignore[return-value]

    def _writing(self) -> QWidget:
        page = QWidget()
        row = QHBoxLayout(page)
        bind = FieldBinder(self.document, self.fields)
        for key, title in (("equipment", _("Equipment")), ("notes", _("Notes"))):
            column = QVBoxLayout()
            column.addWidget(QLabel(f"<b>{title}</b>"))
            column.addWidget(bind.text((key,)))
            row.addLayout(column)
        return page

    def _make_actions(self) -> dict[str, QAction]:
        actions = {}
        for key, text, dialog, tip in ACTIONS:
            action = QAction(_(text), self, objectName=key)
            action.setStatusTip(_(tip))
            action.triggered.connect(lambda _c=False, d=dialog: self.run_dialog(d))
            actions[key] = action
        return actions

    def run_dialog(self, class_name: str) -> None:
        from sheetapp.ui.forgotten_futures import bonus_dialogs  # loaded on first use

        dialog = getattr(bonus_dialogs, class_name)(self.sheet, self)
        if class_name == "ImproveDialog":
            selected = self.skills_tab.view.selectionModel().selectedRows()
            if selected:
                dialog.select(selected[0].row())
        apply_dialog(dialog, self.document.replace)

    def sheet_actions(self) -> list[QAction]:
        return list(self.actions_by_key.values())


def create_form(document: SheetDocument) -> ForgottenFuturesForm:
    return ForgottenFuturesForm(document)
