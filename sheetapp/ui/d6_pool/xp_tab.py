"""The XP ledger with the balance after each line, and the buttons that award and spend."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.d6_pool.ledger import running_balances
from sheetapp.ui.binding import FieldRegistry, RefreshWhenShown
from sheetapp.ui.d6_pool.tables import FiguresCache, FigureTableModel, table_view
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column

KIND_CHOICES = [
    ("Award", "award"),
    ("Attribute", "attribute"),
    ("Skill", "skill"),
    ("Trait", "trait"),
    ("New skill", "new_skill"),
    ("New trait", "new_trait"),
    ("Adjustment", "adjust"),
]


class ExperienceTab(RefreshWhenShown, QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        cache: FiguresCache,
        actions: list[QAction],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.cache = cache
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.balance = QLabel(objectName="xp_balance")
        self.balance.setProperty("role", "figure")
        top.addWidget(self.balance, 1)
        for action in actions:
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            top.addWidget(button)
        layout.addLayout(top)

        def balances() -> list[int]:
            return running_balances(document.sheet.xp_ledger)  # type: ignore[attr-defined]

        columns = [
            Column("Kind", "kind"),
            Column("For", "name"),
            Column("From", "from_rating", align_right=True),
            Column("To", "to_rating", align_right=True),
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
        self.model = FigureTableModel(
            document, ("xp_ledger",), columns, {"kind": KIND_CHOICES}, self
        )
        view = table_view(self.model, "xp_ledger", {}, stretch=("note",))
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # the dialogs write it
        fields.add(("xp_ledger",), view, "Every award and purchase; spend with Spend XP….")
        layout.addWidget(view, 1)
        document.changed.connect(self.schedule_refresh)

    def refresh(self) -> None:
        self.balance.setText(f"Unspent XP: {self.cache()['xp']}")
