"""Small dialogs for what a player does with XP, and the actions that open them.

The rules live in ``sheetapp.systems.amazing_engine.experience``. On every change a dialog
asks the operation for the sheet it would make: a refusal is shown in red with OK disabled,
otherwise the balance after it is previewed. Nothing here decides what the rules allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Literal

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from sheetapp.plural import counted
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import max_tax
from sheetapp.systems.amazing_engine.experience import XpRefused
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import XP_PER_POOL_DIE, Attribute, Pool, label
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.rules.experience import TAX_STEP
from sheetapp.ui.labels import hint_label, tip_labels_from_fields
from sheetapp.ui.rule_dialog import RuleDialog, note_field

Status = Literal["dead", "retired"]

MAX_XP = 1_000_000
PathRole = Qt.ItemDataRole.UserRole + 1


def _name(character: Character, index: int) -> str:
    return character.name or f"Character {index + 1}"


def _spin(
    name: str,
    tip: str,
    *,
    minimum: int = 0,
    maximum: int = MAX_XP,
    value: int = 0,
    step: int = 1,
    suffix: str = "",
) -> QSpinBox:
    spin = QSpinBox(objectName=name)
    spin.setRange(minimum, maximum)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setSuffix(suffix)
    spin.setToolTip(tip)
    spin.setAccelerated(True)
    spin.setMinimumWidth(110)
    return spin


XP_NOTE = "What the XP was for; it is written in the ledger."


BALANCE_TIPS = {
    "balance": "The character's XP now, before this change.",
    "core_balance": "The Player Core's XP now, before this change.",
}


class _XpDialog(RuleDialog):
    """The shared frame of the XP dialogs: one character's (``index``) or the core's."""

    refusal = XpRefused
    sheet: AmazingEngineSheet

    def __init__(
        self, sheet: AmazingEngineSheet, index: int | None, title: str, parent: QWidget | None
    ) -> None:
        super().__init__(sheet, title, parent, width=440)
        self.index = index
        self.setModal(True)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    @property
    def character(self) -> Character:
        assert self.index is not None
        return self.sheet.characters[self.index]

    def _finish(self, controls: Sequence[QWidget]) -> None:
        """Lay out the preview, problem and buttons; tab through ``controls`` then the buttons."""
        self.outer.addSpacing(4)
        self.outer.addWidget(self.preview)
        self.outer.addWidget(self.problem)
        self.outer.addStretch(1)
        self.outer.addSpacing(8)
        self.outer.addWidget(self.buttons)
        chain = [
            *controls,
            self.ok_button,
            self.buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        if controls:
            controls[0].setFocus()
        for shown in self.findChildren(QLabel):
            if shown.objectName() in BALANCE_TIPS:  # the XP held now, before the change
                shown.setToolTip(shown.toolTip() or BALANCE_TIPS[shown.objectName()])
        tip_labels_from_fields(self)
        self.refresh()

    # --- what each dialog supplies -----------------------------------------------------------

    def _attempt(self) -> AmazingEngineSheet | None:
        """The sheet after the operation; None while a choice is still missing."""
        raise NotImplementedError

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        return f"Balance after: {experience.character_balance(new, self.index)} XP"

    def _waiting_text(self) -> str:
        return ""

    def attempt(self) -> tuple[AmazingEngineSheet | None, str]:
        new = self._attempt()
        return new, self._waiting_text() if new is None else self._preview_text(new)


class AwardDialog(_XpDialog):
    """An award from the GM, split at once between the character and the Player Core."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, "Award XP", parent)
        name = _name(self.character, index)
        self.has_core = sheet.core is not None
        core_text = (
            f"{experience.core_balance(sheet)} XP"
            if self.has_core
            else "none (this character has no Player Core)"
        )
        self.balances = QLabel(objectName="balances")
        self.balances.setText(
            f"{name}: {experience.character_balance(sheet, index)} XP\nPlayer Core: {core_text}"
        )
        self.balances.setToolTip("The balances before this award.")
        self.form.addRow("Balances now", self.balances)
        self.total = _spin(
            "total",
            "The XP the GM awards. Every award is divided at once "
            "between the character and the Player Core; it cannot wait.",
            suffix=" XP",
        )
        self.form.addRow("&Award", self.total)
        self.to_character = _spin(
            "to_character",
            "XP the character may spend now: taxing checks, attribute points "
            "and new skills. They can never pass to another character.",
            maximum=0,
            suffix=" XP",
        )
        self.form.addRow("To the &character", self.to_character)
        self.to_core = _spin(
            "to_core",
            "XP kept by the Player Core for pool dice and for characters made "
            "later. The characters already in play can never use them.",
            maximum=0,
            suffix=" XP",
        )
        self.to_core.setEnabled(self.has_core)
        self.form.addRow("To the Player C&ore", self.to_core)
        self.form.addRow(
            hint_label(
                "Two thirds go to the character unless you move the split; "
                "the two parts always add up to the award."
            )
        )
        self.note = note_field(XP_NOTE)
        self.form.addRow("&Note", self.note)
        self.total.valueChanged.connect(self._total_changed)
        self.to_character.valueChanged.connect(self._character_changed)
        self.to_core.valueChanged.connect(self._core_changed)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.total, self.to_character, self.to_core, self.note])

    def _total_changed(self, total: int) -> None:
        character = (2 * total + 1) // 3 if self.has_core else total
        with QSignalBlocker(self.to_character), QSignalBlocker(self.to_core):
            self.to_character.setMaximum(total)
            self.to_core.setMaximum(total if self.has_core else 0)
            self.to_character.setValue(character)
            self.to_core.setValue(total - character)
        self.refresh()

    def _character_changed(self, value: int) -> None:
        with QSignalBlocker(self.to_core):
            self.to_core.setValue(self.total.value() - value)
        self.refresh()

    def _core_changed(self, value: int) -> None:
        with QSignalBlocker(self.to_character):
            self.to_character.setValue(self.total.value() - value)
        self.refresh()

    def _attempt(self) -> AmazingEngineSheet | None:
        assert self.index is not None
        if self.total.value() == 0:
            return None  # nothing typed yet: nothing to refuse
        return experience.award(
            self.sheet,
            self.index,
            to_character=self.to_character.value(),
            to_core=self.to_core.value(),
            note=self.note.text().strip(),
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        text = f"Balance after: {experience.character_balance(new, self.index)} XP"
        if self.has_core:
            text += f" · Player Core {experience.core_balance(new)} XP"
        return text

    def _waiting_text(self) -> str:
        return "Type the XP the GM awards."

    def description(self) -> str:
        return f"Award {self.total.value()} XP"


class TaxDialog(_XpDialog):
    """Spend character XP before a roll to raise the chance."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, "Tax Before a Check", parent)
        self.available = experience.character_balance(sheet, index)
        self.form.addRow("Character XP", QLabel(f"{self.available} XP", objectName="balance"))
        self.chance = _spin(
            "chance",
            "The chance of the check before taxing, with every "
            "modifier (such as halving) already applied.",
            maximum=999,
            value=50,
            suffix=" %",
        )
        self.form.addRow("&Chance before taxing", self.chance)
        self.amount = _spin(
            "amount",
            f"XP spent before rolling, in steps of {TAX_STEP}. Each "
            "point adds 1 to the chance, which may at most double. The XP is "
            "spent whether the roll succeeds or not.",
            maximum=MAX_XP,
            value=TAX_STEP,
            step=TAX_STEP,
            suffix=" XP",
        )
        self.form.addRow("&XP to spend", self.amount)
        self.limit = QLabel(objectName="limit")
        self.limit.setToolTip(
            "The largest amount allowed: a multiple of 5, no more than the "
            "chance itself, no more than the character's XP."
        )
        self.form.addRow("Most allowed", self.limit)
        self.taxed = QLabel(objectName="taxed")
        self.taxed.setProperty("role", "figure")
        self.taxed.setToolTip(
            "The chance rolled against after taxing. Rolls of 95-00 fail whatever the chance."
        )
        self.form.addRow("Taxed chance", self.taxed)
        self.note = note_field("What the check was for; it is written in the ledger.")
        self.form.addRow("&Note", self.note)
        self.form.addRow(hint_label("Decide before the dice are rolled."))
        for spin in (self.chance, self.amount):
            spin.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.chance, self.amount, self.note])

    def refresh(self) -> None:
        chance, amount = self.chance.value(), self.amount.value()
        self.limit.setText(f"{max_tax(chance, self.available)} XP")
        self.taxed.setText(f"{chance} + {amount} = {chance + amount} %")
        super().refresh()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        return experience.tax(
            self.sheet,
            self.index,
            self.amount.value(),
            chance=self.chance.value(),
            note=self.note.text().strip(),
        )

    def description(self) -> str:
        return f"Tax {self.amount.value()} XP for a check at {self.chance.value()}"


class ImproveAttributeDialog(_XpDialog):
    """Permanent attribute points bought with character XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, "Buy Attribute Points", parent)
        character = self.character
        self.universe, _ = universe_or_generic(character.universe)
        self.form.addRow(
            "Character XP",
            QLabel(f"{experience.character_balance(sheet, index)} XP", objectName="balance"),
        )
        self.attribute = QComboBox(objectName="attribute")
        for attribute in Attribute:
            score = character.attributes.get(attribute)
            shown = "—" if score is None else str(score)
            self.attribute.addItem(f"{label(attribute)} ({shown})", attribute.value)
        self.attribute.setToolTip(
            f"The attribute to raise, with its score now. No attribute "
            f"may pass {self.universe.attribute_max}."
        )
        self.form.addRow("&Attribute", self.attribute)
        self.points = _spin(
            "points",
            f"Points to add for good, "
            f"{self.universe.xp_per_attribute_point} XP each in "
            f"{self.universe.name}.",
            minimum=1,
            maximum=max(self.universe.attribute_max, 1),
            value=1,
        )
        self.form.addRow("&Points", self.points)
        self.cost = QLabel(objectName="cost")
        self.cost.setToolTip("Points × the universe's price per point.")
        self.form.addRow("Cost", self.cost)
        self.note = note_field(XP_NOTE)
        self.form.addRow("&Note", self.note)
        self.form.addRow(
            hint_label("Points are bought between adventures, never during one.", "reminder")
        )
        self.attribute.currentIndexChanged.connect(self.refresh)
        self.points.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.attribute, self.points, self.note])

    def chosen(self) -> Attribute:
        return Attribute(self.attribute.currentData())

    def refresh(self) -> None:
        price = self.universe.xp_per_attribute_point
        self.cost.setText(f"{self.points.value() * price} XP ({price} XP a point)")
        super().refresh()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        return experience.improve_attribute(
            self.sheet,
            self.index,
            self.chosen(),
            self.points.value(),
            note=self.note.text().strip(),
        )

    def _preview_text(self, new: AmazingEngineSheet) -> str:
        assert self.index is not None
        attribute = self.chosen()
        score = new.characters[self.index].attributes.get(attribute)
        return (
            f"{label(attribute)} after: {score} · "
            f"Balance after: {experience.character_balance(new, self.index)} XP"
        )

    def description(self) -> str:
        points = self.points.value()
        return counted(
            points, "Buy {n} {what} point", "Buy {n} {what} points", what=label(self.chosen())
        )


class BuySkillDialog(_XpDialog):
    """A new skill from the universe's trees, bought with character XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, "Buy a Skill", parent)
        self.outer.addStrut(520)
        character = self.character
        self.universe, _ = universe_or_generic(character.universe)
        self.form.addRow(
            "Character XP",
            QLabel(f"{experience.character_balance(sheet, index)} XP", objectName="balance"),
        )
        self.filter = QLineEdit(objectName="filter")
        self.filter.setPlaceholderText("type to narrow the list")
        self.filter.setClearButtonEnabled(True)
        self.filter.setToolTip("Show only skills or groups whose name contains this text.")
        self.form.addRow("&Find", self.filter)
        self.skills = QTreeWidget(objectName="skills")
        self.skills.setHeaderLabels(["Skill", "Checks"])
        self.skills.headerItem().setToolTip(0, "Skills the character does not know yet.")
        self.skills.headerItem().setToolTip(1, "Checks marked towards the skill in play.")
        self.skills.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.skills.setMinimumHeight(260)
        self.skills.setAlternatingRowColors(True)
        self.skills.setToolTip(
            "Skills this character can learn now: basic skills, and specialties whose parent "
            "skill is already known. * marks an enhancement."
        )
        self.skills.header().setStretchLastSection(False)
        self.skills.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.skills.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self._fill(character)
        self.form.addRow(self.skills)
        self.cost = QLabel(f"{self.universe.xp_per_skill} XP", objectName="cost")
        self.cost.setToolTip(
            f"Every new skill costs {self.universe.xp_per_skill} XP in {self.universe.name}."
        )
        self.form.addRow("Cost", self.cost)
        self.note = note_field(XP_NOTE)
        self.form.addRow("&Note", self.note)
        self.filter.textChanged.connect(self._apply_filter)
        self.skills.itemSelectionChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.filter, self.skills, self.note])

    def _fill(self, character: Character) -> None:
        known = {(s.group, tuple(s.path)) for s in character.skills}
        groups: dict[str, QTreeWidgetItem] = {}
        bold = QFont()
        bold.setBold(True)
        for group, path, node in self.universe.walk_skills():
            if (group, path) in known:
                continue
            if len(path) > 1 and (group, path[:-1]) not in known:
                continue
            if group not in groups:
                top = QTreeWidgetItem([group, ""])
                top.setFont(0, bold)
                top.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.skills.addTopLevelItem(top)
                groups[group] = top
            text = " > ".join(path) + (" *" if node.enhancement else "")
            item = QTreeWidgetItem([text, label(node.attribute)])
            item.setData(0, PathRole, (group, path))
            if node.enhancement:
                item.setToolTip(0, "An enhancement: adds the universe's bonus once known.")
            groups[group].addChild(item)
        self.skills.expandAll()

    def _apply_filter(self, text: str) -> None:
        wanted = text.strip().casefold()
        for i in range(self.skills.topLevelItemCount()):
            top = self.skills.topLevelItem(i)
            group_hit = wanted in top.text(0).casefold()
            shown = 0
            for j in range(top.childCount()):
                child = top.child(j)
                hide = not (group_hit or wanted in child.text(0).casefold())
                child.setHidden(hide)
                shown += not hide
            top.setHidden(shown == 0)

    def chosen(self) -> tuple[str, tuple[str, ...]] | None:
        items = self.skills.selectedItems()
        return items[0].data(0, PathRole) if items else None

    def _attempt(self) -> AmazingEngineSheet | None:
        assert self.index is not None
        chosen = self.chosen()
        if chosen is None:
            return None
        group, path = chosen
        return experience.buy_skill(
            self.sheet, self.index, group, path, note=self.note.text().strip()
        )

    def _waiting_text(self) -> str:
        if self.skills.topLevelItemCount() == 0:
            return "No skill of this universe is open to the character."
        return "Choose a skill in the list."

    def description(self) -> str:
        chosen = self.chosen()
        return f"Buy skill {' > '.join(chosen[1])}" if chosen else "Buy a skill"


class BuyPoolDieDialog(_XpDialog):
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
        self.count = _spin(
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


class TransferDialog(_XpDialog):
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
            self.who.addItem(_name(sheet.characters[i], i), i)
        if index in self.candidates:
            self.who.setCurrentIndex(self.candidates.index(index))
        elif self.candidates:
            self.index = self.candidates[0]
        self.who.setPlaceholderText("none can take core XP now")
        self.who.setEnabled(bool(self.candidates))
        self.form.addRow("&Character", self.who)
        self.balance = QLabel(objectName="balance")
        self.form.addRow("Character XP", self.balance)
        self.amount = _spin(
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
        return f"Transfer {self.amount.value()} core XP to {_name(self.character, self.index)}"


class StatusDialog(_XpDialog):
    """Confirm that a character died or retired, with what that means for the XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, status: Status, parent: QWidget | None = None
    ) -> None:
        if status not in ("dead", "retired"):
            raise ValueError(f"status must be 'dead' or 'retired', not {status!r}")
        title = "Mark Dead" if status == "dead" else "Retire"
        super().__init__(sheet, index, title, parent)
        self.status = status
        character = self.character
        self.name = _name(character, index)
        universe, _ = universe_or_generic(character.universe)
        own = experience.character_balance(sheet, index)
        core = experience.core_balance(sheet)
        if status == "dead":
            question = f"Mark {self.name} as dead?"
            consequence = (
                f"{self.name}'s {own} XP are lost. The Player Core keeps its "
                f"{core} XP for characters made later."
            )
        else:
            question = f"Retire {self.name} for good?"
            consequence = (
                f"{self.name} leaves play. The character's {own} XP and the "
                f"Player Core's {core} XP stay as they are."
            )
        if sheet.core is not None:
            consequence += (
                f" The {universe.name} universe is free again for a new character from this core."
            )
        heading = QLabel(question, objectName="question")
        heading.setProperty("role", "figure")
        self.form.addRow(heading)
        text = QLabel(consequence, objectName="consequence")
        text.setWordWrap(True)
        self.form.addRow(text)
        controls: list[QWidget] = []
        self.note: QLineEdit | None = None
        if status == "dead":
            self.note = note_field("How the character died; it is written in the ledger.")
            self.form.addRow("&Note", self.note)
            self.note.textChanged.connect(self.refresh)
            controls.append(self.note)
        self.ok_button.setText(title)
        self.ok_button.setToolTip("The app's Undo takes this back.")
        self._finish(controls)
        if not controls:
            self.ok_button.setFocus()

    def _attempt(self) -> AmazingEngineSheet:
        assert self.index is not None
        if self.character.status == self.status:
            raise XpRefused(f"{self.name} is already {self.status}")
        if self.status == "dead":
            note = self.note.text().strip() if self.note is not None else ""
            return experience.mark_dead(self.sheet, self.index, note=note)
        return experience.retire(self.sheet, self.index)

    def description(self) -> str:
        return f"Mark {self.name} dead" if self.status == "dead" else f"Retire {self.name}"


# --- actions -------------------------------------------------------------------------------

CharacterDialog = Callable[[AmazingEngineSheet, int, QWidget], _XpDialog]

# (text, shortcut, status tip, how to make the dialog; None for the core's pool dice)
