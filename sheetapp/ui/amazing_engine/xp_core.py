"""The dialogs that spend the Player Core's XP: buying pool dice for characters made later,
and withdrawing core XP into a character at its making.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from sheetapp.plural import counted
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.experience import XpRefused
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import XP_PER_POOL_DIE, Pool, label
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.ui.amazing_engine.xp_frame import (
    BALANCE_TIPS,
    XP_NOTE,
    XpDialog,
    character_name,
    xp_spin,
)
from sheetapp.ui.labels import hint_label
from sheetapp.ui.rule_dialog import note_field


class BuyPoolDieDialog(XpDialog):
    """Extra pool dice bought with core XP, for characters made later."""

    def __init__(self, sheet: AmazingEngineSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, None, "Buy Pool Dice", parent)
        core_xp = QLabel(f"{experience.core_balance(sheet)} XP", objectName="balance")
        core_xp.setToolTip(BALANCE_TIPS["core_balance"])
        self.form.addRow("Core XP", core_xp)
        dice = current_pool_dice(sheet)
        self.pool = QComboBox(objectName="pool")
        for pool in Pool:
            shown = f"{label(pool)} ({dice[pool]} dice)" if dice else label(pool)
            self.pool.addItem(shown, pool.value)
        self.pool.setToolTip("The attribute pool to strengthen, with its dice now.")
        self.form.addRow("&Pool", self.pool)
        self.count = xp_spin(
            "count",
            f"Dice to add; each costs {XP_PER_POOL_DIE} core XP in every universe.",
            minimum=1,
            maximum=100,
            value=1,
        )
        self.form.addRow("&Dice", self.count)
        self.cost = QLabel(objectName="cost")
        self.cost.setToolTip(f"Dice × {XP_PER_POOL_DIE} XP.")
        self.form.addRow("Cost", self.cost)
        self.note = note_field(XP_NOTE)
        self.form.addRow("&Note", self.note)
        self.form.addRow(
            hint_label(
                "Only characters made from the core later get these dice; the characters "
                "already made keep their scores. A universe may still cap what the extra "
                "dice can reach.",
                "explanation",
            )
        )
        self.pool.currentIndexChanged.connect(self.refresh)
        self.count.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.pool, self.count, self.note])

    def chosen(self) -> Pool:
        return Pool(self.pool.currentData())

    def refresh(self) -> None:
        self.cost.setText(
            f"{self.count.value() * XP_PER_POOL_DIE} core XP ({XP_PER_POOL_DIE} XP a die)"
        )
        super().refresh()

    def _attempt(self) -> AmazingEngineSheet:
        return experience.buy_pool_die(
            self.sheet, self.chosen(), self.count.value(), note=self.note.text().strip()
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        text = f"Core balance after: {experience.core_balance(new)} XP"
        dice = current_pool_dice(new)
        if dice:
            text += f" · {label(self.chosen())}: {dice[self.chosen()]} dice for new characters"
        return text

    def description(self) -> str:
        count = self.count.value()
        return counted(
            count, "Buy {n} {what} pool die", "Buy {n} {what} pool dice", what=label(self.chosen())
        )


class TransferDialog(XpDialog):
    """Core XP withdrawn into a character at its making; it never goes back.

    Only the characters the rules let take core XP now are offered (``index`` is chosen when
    it is one of them); when none is, the reason for ``index`` is shown and OK stays off.
    """

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, "Transfer Core XP", parent)
        self.candidates = experience.transfer_candidates(sheet)
        self.nobody = experience.transfer_refusal(sheet, index) or ""
        self.form.addRow(
            "Core XP", QLabel(f"{experience.core_balance(sheet)} XP", objectName="core_balance")
        )
        self.who = QComboBox(objectName="character")
        self.who.setToolTip(
            "Core XP goes to a character when it is made, out of XP deposited before: only "
            "the active characters made since the last deposit are listed."
        )
        for i in self.candidates:
            self.who.addItem(character_name(sheet.characters[i], i), i)
        if index in self.candidates:
            self.who.setCurrentIndex(self.candidates.index(index))
        elif self.candidates:
            self.index = self.candidates[0]
        self.who.setPlaceholderText("none can take core XP now")
        self.who.setEnabled(bool(self.candidates))
        self.form.addRow("&Character", self.who)
        self.balance = QLabel(objectName="balance")
        self.form.addRow("Character XP", self.balance)
        self.amount = xp_spin(
            "amount",
            "Core XP to move to this character. A transfer is a "
            "withdrawal: the XP can never be put back into the core.",
            minimum=1,
            suffix=" XP",
            value=1,
        )
        self.form.addRow("&Amount", self.amount)
        self.note = note_field(XP_NOTE)
        self.form.addRow("&Note", self.note)
        self.form.addRow(
            hint_label(
                "Core XP reaches only characters made after it was deposited, at their "
                "making; no two active characters of a core share a universe."
            )
        )
        self.who.currentIndexChanged.connect(self._character_changed)
        self.amount.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._show_balance()
        self._finish([self.who, self.amount, self.note])

    def _show_balance(self) -> None:
        assert self.index is not None
        self.balance.setText(f"{experience.character_balance(self.sheet, self.index)} XP")

    def _character_changed(self) -> None:
        self.index = self.who.currentData()
        self._show_balance()
        self.refresh()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        if not self.candidates:
            raise XpRefused(f"no character can take core XP now: {self.nobody}")
        return experience.transfer(
            self.sheet, self.index, self.amount.value(), note=self.note.text().strip()
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        return (
            f"Balance after: {experience.character_balance(new, self.index)} XP · "
            f"Player Core {experience.core_balance(new)} XP"
        )

    def description(self) -> str:
        assert self.index is not None
        name = character_name(self.character, self.index)
        return f"Transfer {self.amount.value()} core XP to {name}"
