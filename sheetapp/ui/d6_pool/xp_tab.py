"""The XP ledger with the balance after each line, and the buttons that award and spend."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.d6_pool.figures import D6PoolFigures
from sheetapp.systems.d6_pool.ledger import running_balances
from sheetapp.ui.action_buttons import tool_button
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.sheet_form import FormPage
from sheetapp.ui.table_box import table_view

KIND_CHOICES = [
    (N_("Award"), "award"),
    (N_("Attribute"), "attribute"),
    (N_("Skill"), "skill"),
    (N_("Trait"), "trait"),
    (N_("New skill"), "new_skill"),
    (N_("New trait"), "new_trait"),
    (N_("Adjustment"), "adjust"),
]


class ExperienceTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        cache: FiguresCache[D6PoolFigures],
        actions: list[QAction],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, fields, parent)
        self.cache = cache
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.balance = QLabel(objectName="xp_balance")
        self.balance.setProperty("role", "figure")
        self.balance.setToolTip(_("XP awarded less XP spent: the sum of the ledger below."))
        top.addWidget(self.balance, 1)
        for action in actions:
            top.addWidget(tool_button(action))
        layout.addLayout(top)

        def balances() -> list[int]:
            return running_balances(document.sheet.xp_ledger)  # type: ignore[attr-defined]

        columns = [
            Column(
                _("Kind"),
                "kind",
                display=choice_label(KIND_CHOICES),
                tooltip=_("An award, or XP spent on raising something."),
            ),
            Column(_("For"), "name", tooltip=_("The skill, attribute or trait raised.")),
            Column(_("From"), "from_rating", align_right=True, tooltip=_("The rating before.")),
            Column(_("To"), "to_rating", align_right=True, tooltip=_("The rating after.")),
            Column(
                _("XP"),
                "amount",
                align_right=True,
                tooltip=_("Awards positive, spending negative. A raise costs the square of each "
                "new rating."),
            ),
            Column(
                _("Balance"),
                compute=lambda _e, row: balances()[row],
                align_right=True,
                tooltip=_("The balance after this line; it may never fall below 0."),
            ),
            Column(_("Date"), "date"),
            Column(_("Note"), "note"),
        ]
        self.model = LiveListModel(document, ("xp_ledger",), columns, self)
        view = table_view(self.model, "xp_ledger", stretch=("note",))
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # the dialogs write it
        fields.add(("xp_ledger",), view, _("Every award and purchase; spend with Spend XP…."))
        layout.addWidget(view, 1)
        self.watch()

    def refresh(self) -> None:
        self.balance.setText(_("Unspent XP: {xp}").format(xp=self.cache().xp))
