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
    ("Award", "award"),
    ("Attribute", "attribute"),
    ("Skill", "skill"),
    ("Trait", "trait"),
    ("New skill", "new_skill"),
    ("New trait", "new_trait"),
    ("Adjustment", "adjust"),
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
        self.balance.setToolTip("XP awarded less XP spent: the sum of the ledger below.")
        top.addWidget(self.balance, 1)
        for action in actions:
            top.addWidget(tool_button(action))
        layout.addLayout(top)

        def balances() -> list[int]:
            return running_balances(document.sheet.xp_ledger)  # type: ignore[attr-defined]

        columns = [
            Column(
                "Kind",
                "kind",
                display=choice_label(KIND_CHOICES),
                tooltip="An award, or XP spent on raising something.",
            ),
            Column("For", "name", tooltip="The skill, attribute or trait raised."),
            Column("From", "from_rating", align_right=True, tooltip="The rating before."),
            Column("To", "to_rating", align_right=True, tooltip="The rating after."),
            Column(
                "XP",
                "amount",
                align_right=True,
                tooltip="Awards positive, spending negative. A raise costs the square of each "
                "new rating.",
            ),
            Column(
                "Balance",
                compute=lambda _e, row: balances()[row],
                align_right=True,
                tooltip="The balance after this line; it may never fall below 0.",
            ),
            Column("Date", "date"),
            Column("Note", "note"),
        ]
        self.model = LiveListModel(document, ("xp_ledger",), columns, self)
        view = table_view(self.model, "xp_ledger", stretch=("note",))
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # the dialogs write it
        fields.add(("xp_ledger",), view, "Every award and purchase; spend with Spend XP….")
        layout.addWidget(view, 1)
        self.watch()

    def refresh(self) -> None:
        self.balance.setText(f"Unspent XP: {self.cache().xp}")
