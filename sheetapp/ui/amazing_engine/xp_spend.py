"""The dialogs that spend a character's own XP: taxing a check, buying attribute points and
buying a skill. They sit together because each draws on the same balance, which never passes
to another character.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.plural import counted
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import max_tax
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.rules.experience import TAX_STEP
from sheetapp.ui.amazing_engine.xp_frame import MAX_XP, XP_NOTE, XpDialog, xp_spin
from sheetapp.ui.filter_keys import pair_with_list
from sheetapp.ui.labels import hint_label
from sheetapp.ui.rule_dialog import note_field

PathRole = Qt.ItemDataRole.UserRole + 1


class TaxDialog(XpDialog):
    """Spend character XP before a roll to raise the chance."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, _("Tax Before a Check"), parent)
        self.available = experience.character_balance(sheet, index)
        self.form.addRow(
            _("Character XP"),
            QLabel(_("{available} XP").format(available=self.available), objectName="balance"),
        )
        self.chance = xp_spin(
            "chance",
            _("The chance of the check before taxing, with every "
            "modifier (such as halving) already applied."),
            maximum=999,
            value=50,
            suffix=" %",
        )
        self.form.addRow(_("&Chance before taxing"), self.chance)
        self.amount = xp_spin(
            "amount",
            _(
                "XP spent before rolling, in steps of {TAX_STEP}. Each point "
                "adds 1 to the chance, which may at most double. The XP is spent "
                "whether the roll succeeds or not."
            ).format(TAX_STEP=TAX_STEP),
            maximum=MAX_XP,
            value=TAX_STEP,
            step=TAX_STEP,
            suffix=_(" XP"),
        )
        self.form.addRow(_("&XP to spend"), self.amount)
        self.limit = QLabel(objectName="limit")
        self.limit.setToolTip(
            _("The largest amount allowed: a multiple of 5, no more than the "
            "chance itself, no more than the character's XP.")
        )
        self.form.addRow(_("Most allowed"), self.limit)
        self.taxed = QLabel(objectName="taxed")
        self.taxed.setProperty("role", "figure")
        self.taxed.setToolTip(
            _("The chance rolled against after taxing. Rolls of 95-00 fail whatever the chance.")
        )
        self.form.addRow(_("Taxed chance"), self.taxed)
        self.note = note_field(_("What the check was for; it is written in the ledger."))
        self.form.addRow(_("&Note"), self.note)
        self.form.addRow(hint_label(_("Decide before the dice are rolled.")))
        for spin in (self.chance, self.amount):
            spin.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.chance, self.amount, self.note])

    def refresh(self) -> None:
        chance, amount = self.chance.value(), self.amount.value()
        self.limit.setText(_("{max_tax} XP").format(max_tax=max_tax(chance, self.available)))
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
        return _("Tax {value} XP for a check at {value2}").format(
            value=self.amount.value(), value2=self.chance.value()
        )


class ImproveAttributeDialog(XpDialog):
    """Permanent attribute points bought with character XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, _("Buy Attribute Points"), parent)
        character = self.character
        self.universe, _unused = universe_or_generic(character.universe)
        self.form.addRow(
            _("Character XP"),
            QLabel(
                _("{character_balance} XP").format(
                    character_balance=experience.character_balance(sheet, index)
                ),
                objectName="balance",
            ),
        )
        self.attribute = QComboBox(objectName="attribute")
        for attribute in Attribute:
            score = character.attributes.get(attribute)
            shown = "—" if score is None else str(score)
            self.attribute.addItem(f"{label(attribute)} ({shown})", attribute.value)
        self.attribute.setToolTip(
            _(
                "The attribute to raise, with its score now. No attribute may pass {attribute_max}."
            ).format(attribute_max=self.universe.attribute_max)
        )
        self.form.addRow(_("&Attribute"), self.attribute)
        self.points = xp_spin(
            "points",
            _("Points to add for good, {xp_per_attribute_point} XP each in {name}.").format(
                xp_per_attribute_point=self.universe.xp_per_attribute_point,
                name=self.universe.shown_name,
            ),
            minimum=1,
            maximum=max(self.universe.attribute_max, 1),
            value=1,
        )
        self.form.addRow(_("&Points"), self.points)
        self.cost = QLabel(objectName="cost")
        self.cost.setToolTip(_("Points × the universe's price per point."))
        self.form.addRow(_("Cost"), self.cost)
        self.note = note_field(_(XP_NOTE))
        self.form.addRow(_("&Note"), self.note)
        self.form.addRow(
            hint_label(_("Points are bought between adventures, never during one."), "reminder")
        )
        self.attribute.currentIndexChanged.connect(self.refresh)
        self.points.valueChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        self._finish([self.attribute, self.points, self.note])

    def chosen(self) -> Attribute:
        return Attribute(self.attribute.currentData())

    def refresh(self) -> None:
        price = self.universe.xp_per_attribute_point
        self.cost.setText(
            _("{value} XP ({price} XP a point)").format(
                value=self.points.value() * price, price=price
            )
        )
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
        return _("{label} after: {score} · Balance after: {character_balance} XP").format(
            label=label(attribute),
            score=score,
            character_balance=experience.character_balance(new, self.index),
        )

    def description(self) -> str:
        points = self.points.value()
        return counted(
            points, "Buy {n} {what} point", "Buy {n} {what} points", what=label(self.chosen())
        )


class BuySkillDialog(XpDialog):
    """A new skill from the universe's trees, bought with character XP."""

    def __init__(
        self, sheet: AmazingEngineSheet, index: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(sheet, index, _("Buy a Skill"), parent)
        self.outer.addStrut(520)
        character = self.character
        self.universe, _unused = universe_or_generic(character.universe)
        self.form.addRow(
            _("Character XP"),
            QLabel(
                _("{character_balance} XP").format(
                    character_balance=experience.character_balance(sheet, index)
                ),
                objectName="balance",
            ),
        )
        self.filter = QLineEdit(objectName="filter")
        self.filter.setPlaceholderText(_("type to narrow the list"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setToolTip(_("Show only skills or groups whose name contains this text."))
        self.form.addRow(_("&Find"), self.filter)
        self.skills = QTreeWidget(objectName="skills")
        self.skills.setHeaderLabels([_("Skill"), _("Checks")])
        self.skills.headerItem().setToolTip(0, _("Skills the character does not know yet."))
        self.skills.headerItem().setToolTip(1, _("Checks marked towards the skill in play."))
        self.skills.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.skills.setMinimumHeight(260)
        self.skills.setAlternatingRowColors(True)
        self.skills.setToolTip(
            _("Skills this character can learn now: basic skills, and specialties whose parent "
            "skill is already known. * marks an enhancement.")
        )
        self.skills.header().setStretchLastSection(False)
        self.skills.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.skills.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self._fill(character)
        self.form.addRow(self.skills)
        self.cost = QLabel(
            _("{xp_per_skill} XP").format(xp_per_skill=self.universe.xp_per_skill),
            objectName="cost",
        )
        self.cost.setToolTip(
            _("Every new skill costs {xp_per_skill} XP in {name}.").format(
                xp_per_skill=self.universe.xp_per_skill, name=self.universe.shown_name
            )
        )
        self.form.addRow(_("Cost"), self.cost)
        self.note = note_field(_(XP_NOTE))
        self.form.addRow(_("&Note"), self.note)
        self.filter.textChanged.connect(self._apply_filter)
        pair_with_list(self.filter, self.skills)  # Down to the list; Enter buys the one left
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
                top = QTreeWidgetItem([self.universe.group_name(group), ""])
                top.setFont(0, bold)
                top.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.skills.addTopLevelItem(top)
                groups[group] = top
            names = [self.universe.skill_name(group, path[:i]) for i in range(1, len(path) + 1)]
            text = " > ".join(names) + (" *" if node.enhancement else "")
            item = QTreeWidgetItem([text, label(node.attribute)])
            item.setData(0, PathRole, (group, path))
            if node.enhancement:
                item.setToolTip(0, _("An enhancement: adds the universe's bonus once known."))
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
            return _("No skill of this universe is open to the character.")
        return _("Choose a skill in the list.")

    def description(self) -> str:
        chosen = self.chosen()
        return (
            _("Buy skill {join}").format(join=" > ".join(chosen[1])) if chosen else _("Buy a skill")
        )
