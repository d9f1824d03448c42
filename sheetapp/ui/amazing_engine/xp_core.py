"""The dialogs that spend the Player Core's XP: buying pool dice for characters made later,
and withdrawing core XP into a character at its making.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from sheetapp.i18n import _
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
        super().__init__(sheet, None, _("Buy Pool Dice"), parent)
        core_xp = QLabel(
            _("{core_balance} XP").format(core_balance=experience.core_balance(sheet)),
            objectName="balance",
        )
        core_xp.setToolTip(BALANCE_TIPS["core_balance"])
        self.form.addRow(_("Core XP"), core_xp)
        dice = current_pool_dice(sheet)
        self.pool = QComboBox(objectName="pool")
        for pool in Pool:
            shown = (
                _("{label} ({dice} dice)").format(label=label(pool), dice=dice[pool])
                if dice
                else label(pool)
            )
            self.pool.addItem(shown, pool.value)
        self.pool.setToolTip(_("The attribute pool to strengthen, with its dice now."))
        self.form.addRow(_("&Pool"), self.pool)
        self.count = xp_spin(
            "count",
            _("Dice to add; each costs {XP_PER_POOL_DIE} core XP in every universe.").format(
                XP_PER_POOL_DIE=XP_PER_POOL_DIE
            ),
            minimum=1,
            maximum=100,
            value=1,
        )
        self.form.addRow(_("&Dice"), self.count)
        self.cost = QLabel(objectName="cost")
        self.cost.setToolTip(
            _("Dice × {XP_PER_POOL_DIE} XP.").format(XP_PER_POOL_DIE=XP_PER_POOL_DIE)
        )
        self.form.addRow(_("Cost"), self.cost)
        self.note = note_field(_(XP_NOTE))
        self.form.addRow(_("&Note"), self.note)
        self.form.addRow(
            hint_label(
                _("Only characters made from the core later get these dice; the characters "
                "already made keep their scores. A universe may still cap what the extra "
                "dice can reach."),
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
            _("{value} core XP ({XP_PER_POOL_DIE} XP a die)").format(
                value=self.count.value() * XP_PER_POOL_DIE, XP_PER_POOL_DIE=XP_PER_POOL_DIE
            )
        )
        super().refresh()

    def _attempt(self) -> AmazingEngineSheet:
        return experience.buy_pool_die(
            self.sheet, self.chosen(), self.count.value(), note=self.note.text().strip()
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        text = _("Core balance after: {core_balance} XP").format(
            core_balance=experience.core_balance(new)
        )
        dice = current_pool_dice(new)
        if dice:
            text += _(" · {label}: {dice} dice for new characters").format(
                label=label(self.chosen()), dice=dice[self.chosen()]
            )
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
        super().__init__(sheet, index, _("Transfer Core XP"), parent)
        self.candidates = experience.transfer_candidates(sheet)
        self.nobody = experience.transfer_refusal(sheet, index) or ""
        self.form.addRow(
            _("Core XP"),
            QLabel(
                _("{core_balance} XP").format(core_balance=experience.core_balance(sheet)),
                objectName="core_balance",
            ),
        )
        self.who = QComboBox(objectName="character")
        self.who.setToolTip(
            _("Core XP goes to a character when it is made, out of XP deposited before: only "
            "the active characters made since the last deposit are listed.")
        )
        for i in self.candidates:
            self.who.addItem(character_name(sheet.characters[i], i), i)
        if index in self.candidates:
            self.who.setCurrentIndex(self.candidates.index(index))
        elif self.candidates:
            self.index = self.candidates[0]
        self.who.setPlaceholderText(_("none can take core XP now"))
        self.who.setEnabled(bool(self.candidates))
        self.form.addRow(_("&Character"), self.who)
        self.balance = QLabel(objectName="balance")
        self.form.addRow(_("Character XP"), self.balance)
        self.amount = xp_spin(
            "amount",
            _("Core XP to move to this character. A transfer is a "
            "withdrawal: the XP can never be put back into the core."),
            minimum=1,
            suffix=_(" XP"),
            value=1,
        )
        self.form.addRow(_("&Amount"), self.amount)
        self.note = note_field(_(XP_NOTE))
        self.form.addRow(_("&Note"), self.note)
        self.form.addRow(
            hint_label(
                _("Core XP reaches only characters made after it was deposited, at their "
                "making; no two active characters of a core share a universe.")
            )
        )
        self.who.currentIndexChanged.connect(self._character_changed)
        self.amount.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._show_balance()
        self._finish([self.who, self.amount, self.note])

    def _show_balance(self) -> None:
        assert self.index is not None
        self.balance.setText(
            _("{character_balance} XP").format(
                character_balance=experience.character_balance(self.sheet, self.index)
            )
        )

    def _character_changed(self) -> None:
        self.index = self.who.currentData()
        self._show_balance()
        self.refresh()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        if not self.candidates:
            raise XpRefused(
                _("no character can take core XP now: {nobody}").format(nobody=self.nobody)
            )
        return experience.transfer(
            self.sheet, self.index, self.amount.value(), note=self.note.text().strip()
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        return _("Balance after: {character_balance} XP · Player Core {core_balance} XP").format(
            character_balance=experience.character_balance(new, self.index),
            core_balance=experience.core_balance(new),
        )

    def description(self) -> str:
        assert self.index is not None
        name = character_name(self.character, self.index)
        return _("Transfer {value} core XP to {name}").format(value=self.amount.value(), name=name)
