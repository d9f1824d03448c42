"""The bonus-point ledger: every award and every point spent, with what is left after each
line, and the buttons that spend points by the rules."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QVBoxLayout

from sheetapp.i18n import N_, _, pgettext
from sheetapp.systems.forgotten_futures.bases import BASES
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures
from sheetapp.systems.forgotten_futures.model import BonusEntry
from sheetapp.ui.action_buttons import action_row
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.sheet_form import FormPage
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import ChoiceDelegate, NumberDelegate

KINDS = [
    (N_("Award"), "award"),
    (N_("Spent on a roll"), "odds"),
    (N_("Improve a skill"), "improve"),
    (N_("Learn a skill"), "add"),
    (N_("Language"), "language"),
    (N_("Adjustment"), "adjust"),
]
OUTCOMES = [
    ("–", None),
    (N_("Success"), "success"),
    (N_("Failure"), "failure"),
    (N_("12: never"), "never"),
]
BASE_CHOICES = [("–", None)] + [(code, code) for code in BASES]


def ledger_columns(figures: FiguresCache[ForgottenFuturesFigures]) -> list[Column]:
    def left(_item: object, row: int) -> object:
        lines = figures().bonus.ledger
        return lines[row].left if row < len(lines) else ""

    return [
        Column(_("Adventure"), "adventure", tooltip=_("The adventure the line belongs to.")),
        Column(
            _("Kind"),
            "kind",
            display=choice_label(KINDS),
            tooltip=_(
                "An award, a skill raised or learned, a language, a roll shifted, or a correction."
            ),
        ),
        Column(
            _("Points"), "amount", align_right=True, tooltip=_("Awards add; spending is negative.")
        ),
        Column(_("Skill"), "skill", tooltip=_("The skill raised or learned.")),
        Column(
            _("Base"),
            "base",
            tooltip=_("The base of a skill being learned."),
            display=choice_label(BASE_CHOICES),
        ),
        Column(_("Language"), "language", tooltip=_("The language learned.")),
        Column(
            pgettext("noun", "Roll"),
            "roll",
            align_right=True,
            tooltip=_("The 2D6 roll, 2 to 12."),
        ),
        Column(
            _("Outcome"),
            "outcome",
            tooltip=_("A 12 means the skill can never rise or be learned."),
            display=choice_label(OUTCOMES),
        ),
        Column(
            _("Left"), compute=left, align_right=True, tooltip=_("Bonus points after this line.")
        ),
        Column(_("Note"), "note", tooltip=_("Your own note on the line.")),
    ]


class BonusTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[ForgottenFuturesFigures],
        actions: Sequence[QAction],
    ) -> None:
        super().__init__(document, fields)
        self.figures = figures
        self.model = LiveListModel(document, ("bonus_ledger",), ledger_columns(figures), self)
        view = table_view(
            self.model,
            "bonus_ledger",
            {
                "kind": ChoiceDelegate(KINDS, self),
                "outcome": ChoiceDelegate(OUTCOMES, self),
                "base": ChoiceDelegate(BASE_CHOICES, self),
                "amount": NumberDelegate(-10_000, 10_000, parent=self),
                "roll": NumberDelegate(2, 12, optional=True, parent=self),
            },
            stretch=("note",),
        )
        fields.add(("bonus_ledger",), view)
        box = list_box(
            _("Bonus points"),
            self.model,
            view,
            words=(_("Add line"), _("Remove line")),
            blank=lambda: BonusEntry(kind="adjust"),
            hint=_(
                "The buttons below write lines by the rules; edit by hand to copy a paper record"
            ),
            tip=_(
                "Bonus points: saved at creation, awarded after adventures, spent on skills, "
                "languages and rolls."
            ),
        )
        buttons = action_row(actions)
        self.balance = QLabel(objectName="bonus_balance")
        self.balance.setProperty("role", "figure")
        self.balance.setWordWrap(True)  # a longer language must not cut the balance off
        self.balance.setToolTip(
            _("Bonus points from the points saved at creation plus every line of the ledger.")
        )
        buttons.addWidget(self.balance)
        layout = QVBoxLayout(self)
        layout.addWidget(box, 1)
        layout.addLayout(buttons)
        self.watch()

    def refresh(self) -> None:
        b = self.figures().bonus
        self.balance.setText(
            _("{balance} bonus points left ({at_creation} at creation)").format(
                balance=b.balance, at_creation=b.at_creation
            )
        )
