"""Dialogs for awarding and spending XP.

The rules live in ``sheetapp.systems.d6_pool.experience``. On every change the spend
dialog asks the operation for the sheet it would make: a refusal is shown with OK disabled,
otherwise the cost and the balance after it. Nothing here decides what the rules allow.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from sheetapp.i18n import N_, _
from sheetapp.systems.d6_pool import experience as xp
from sheetapp.systems.d6_pool.ledger import balance
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import LABELS, Attribute, label
from sheetapp.ui.rule_dialog import RuleDialog, note_field

KINDS = [
    (N_("Raise an attribute"), "attribute"),
    (N_("Raise a skill"), "skill"),
    (N_("Raise a trait"), "trait"),
    (N_("Buy a new skill (4 XP)"), "new_skill"),
    (N_("Buy a new trait (6 XP)"), "new_trait"),
]
ATTRIBUTES = [("–", None)] + [(LABELS.marked(a), a.value) for a in Attribute]


class _Dialog(RuleDialog):
    """An XP dialog: its own fields, then a note for the ledger."""

    refusal = xp.XpRefused
    sheet: D6PoolSheet

    def __init__(self, sheet: D6PoolSheet, title: str, parent: QWidget | None) -> None:
        super().__init__(sheet, title, parent, width=420)
        self.note = note_field(_("Written in the ledger beside the amount."))

    def finish(self) -> None:
        self.form.addRow(_("Note"), self.note)
        self.note.textChanged.connect(self.refresh)
        super().finish()


class AwardDialog(_Dialog):
    def __init__(self, sheet: D6PoolSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Award XP"), parent)
        self.amount = QSpinBox(objectName="amount")
        self.amount.setRange(0, 100_000)
        self.amount.setValue(1)
        self.amount.setToolTip(_("Usually 1 XP a session."))
        self.amount.valueChanged.connect(self.refresh)
        self.form.addRow(_("XP"), self.amount)
        self.finish()

    def attempt(self) -> tuple[D6PoolSheet, str]:
        new = xp.award(self.sheet, self.amount.value(), note=self.note.text())
        return new, _("Balance after: {balance} XP").format(balance=balance(new.xp_ledger))

    def description(self) -> str:
        return _("Award {value} XP").format(value=self.amount.value())


class SpendDialog(_Dialog):
    """Raise an attribute, skill or trait to a chosen rating, or buy a new skill or trait."""

    def __init__(self, sheet: D6PoolSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Spend XP"), parent)
        self.kind = QComboBox(objectName="kind")
        for text, value in KINDS:
            self.kind.addItem(_(text), value)
        self.kind.setToolTip(
            _("What the XP raises: an attribute, a skill or a trait, or buys one.")
        )
        self.which = QComboBox(objectName="which")
        self.which.setToolTip(_("The one to raise."))
        self.to = QSpinBox(objectName="to")
        self.to.setRange(1, 99)
        self.to.setToolTip(_("The rating to reach; every step on the way is paid for."))
        self.name = QLineEdit(objectName="name")
        self.attribute = QComboBox(objectName="attribute")
        for text, value in ATTRIBUTES:
            self.attribute.addItem(_(text), value)
        self.attribute.setToolTip(_("The attribute the new skill or trait is rolled with."))
        self.form.addRow(_("Spend on"), self.kind)
        self.form.addRow(_("Which"), self.which)
        self.form.addRow(_("Raise to"), self.to)
        self.form.addRow(_("Name"), self.name)
        self.form.addRow(_("Rolled with"), self.attribute)
        self.balance = QLabel(_("{balance} XP available").format(balance=balance(sheet.xp_ledger)))
        self.balance.setProperty("role", "hint")
        self.outer.addWidget(self.balance)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.which.currentIndexChanged.connect(self._which_changed)
        for signal in (self.to.valueChanged, self.name.textChanged, self.attribute.activated):
            signal.connect(self.refresh)
        self.finish()
        self._kind_changed()

    def _kind(self) -> str:
        return str(self.kind.currentData())

    def _kind_changed(self) -> None:
        kind = self._kind()
        raising = kind in ("attribute", "skill", "trait")
        self.which.blockSignals(True)
        self.which.clear()
        if kind == "attribute":
            for attribute in Attribute:
                self.which.addItem(label(attribute), attribute.value)
        elif kind == "skill":
            for i, skill in enumerate(self.sheet.skills):
                self.which.addItem(skill.name or _("Skill {value}").format(value=i + 1), i)
        elif kind == "trait":
            for i, trait in enumerate(self.sheet.traits):
                self.which.addItem(trait.name or _("Trait {value}").format(value=i + 1), i)
        self.which.blockSignals(False)
        for widget, shown in (
            (self.which, raising),
            (self.to, raising),
            (self.name, not raising),
            (self.attribute, not raising),
        ):
            widget.setVisible(shown)
            self.form.labelForField(widget).setVisible(shown)
        self._which_changed()

    def _current(self) -> int | None:
        kind, which = self._kind(), self.which.currentData()
        if which is None:
            return None
        if kind == "attribute":
            return self.sheet.attributes.get(Attribute(which))
        items = self.sheet.skills if kind == "skill" else self.sheet.traits
        return items[which].rating if 0 <= which < len(items) else None

    def _which_changed(self) -> None:
        current = self._current()
        self.to.blockSignals(True)
        self.to.setValue((current or 0) + 1)
        self.to.blockSignals(False)
        self.refresh()

    def attempt(self) -> tuple[D6PoolSheet, str]:
        kind, which, note = self._kind(), self.which.currentData(), self.note.text()
        to = self.to.value()
        attribute = self.attribute.currentData()
        chosen = Attribute(attribute) if attribute else None
        if kind in ("attribute", "skill", "trait") and which is None:
            raise xp.XpRefused(_("there is no {kind} to raise yet").format(kind=kind))
        if kind == "attribute":
            new = xp.raise_attribute(self.sheet, Attribute(which), to, note=note)
        elif kind == "skill":
            new = xp.raise_skill(self.sheet, which, to, note=note)
        elif kind == "trait":
            new = xp.raise_trait(self.sheet, which, to, note=note)
        elif kind == "new_skill":
            new = xp.buy_skill(self.sheet, self.name.text(), chosen, note=note)
        else:
            new = xp.buy_trait(self.sheet, self.name.text(), chosen, note=note)
        cost = -new.xp_ledger[-1].amount
        return new, _("Costs {cost} XP; {balance} XP left after.").format(
            cost=cost, balance=balance(new.xp_ledger)
        )

    def description(self) -> str:
        entry = self.result_sheet().xp_ledger[-1]
        if entry.kind in ("new_skill", "new_trait"):
            return _("Buy {name}").format(name=entry.name)
        return _("Raise {name} to {to_rating}").format(name=entry.name, to_rating=entry.to_rating)
