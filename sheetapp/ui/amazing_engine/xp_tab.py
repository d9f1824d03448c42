"""The character's XP: balance, the ledger with running balances, and the XP actions."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.ledger import balance, running_balances
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.ui.action_buttons import tool_button
from sheetapp.ui.amazing_engine.character_tab import CharacterTab
from sheetapp.ui.amazing_engine.ledger_columns import ledger_columns
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import ListTableModel
from sheetapp.ui.table_box import size_columns


class ExperienceTab(CharacterTab):
    def __init__(
        self,
        document: SheetDocument,
        index: int,
        fields: FieldRegistry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, index, fields, parent)
        path = ("characters", index, "xp_ledger")
        layout = QVBoxLayout(self)
        self.balance = QLabel(objectName="xp_balance")
        self.balance.setToolTip(
            _("The character's XP left (the ledger's sum) and the Player Core's, which any of "
            "its characters may draw on by transfer.")
        )
        self.balance.setProperty("role", "figure")
        layout.addWidget(self.balance)
        self.buttons = QGridLayout()
        layout.addLayout(self.buttons)
        self.model = ListTableModel(document, path, ledger_columns(self._balances), self)
        view = QTableView(objectName="xp_ledger")
        view.setModel(self.model)
        view.verticalHeader().hide()
        size_columns(view, self.model, stretch=("note",))
        view.setAlternatingRowColors(True)
        fields.add(path, view, _("Every award, spend and transfer, with the balance after it."))
        layout.addWidget(view, 1)
        self.watch()

    def _balances(self) -> list[int]:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        return running_balances(sheet.characters[self.index].xp_ledger)

    def set_actions(self, actions: list[QAction]) -> None:
        for i, action in enumerate(actions):
            button = tool_button(action)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            self.buttons.addWidget(button, i // 4, i % 4)

    def show_character(self, character: Character) -> None:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        text = _("Character XP: {balance}").format(balance=balance(character.xp_ledger))
        if sheet.core is not None:  # the core's line, as on the printed sheet
            text += _("  ·  Player Core XP: {balance}").format(
                balance=balance(sheet.core.xp_ledger)
            )
        self.balance.setText(text)
