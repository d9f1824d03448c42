"""Dialogs for spending and receiving bonus points.

The rules live in ``sheetapp.systems.forgotten_futures.experience``. On every change a
dialog asks the operation what it would take: a refusal is shown with OK disabled,
otherwise the roll needed, the cost and what a 12 would mean. The player types the 2D6 roll
made at the table, or lets the dialog roll it. Nothing here decides what the rules allow.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from sheetapp.dice import Roller
from sheetapp.i18n import _, pgettext
from sheetapp.systems.forgotten_futures import experience as xp
from sheetapp.systems.forgotten_futures.bases import BASES, describe
from sheetapp.systems.forgotten_futures.catalog import SKILLS, skill_info
from sheetapp.systems.forgotten_futures.ledger import balance, skill_key
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.odds import success_chance
from sheetapp.ui.labels import tipped
from sheetapp.ui.rule_dialog import RuleDialog, note_field

NO_ROLL = 1  # the roll box at 1 shows "–": nothing rolled yet


class _Dialog(RuleDialog):
    """A bonus-point dialog: its own fields, then the adventure and a note for the ledger."""

    refusal = xp.BonusRefused
    sheet: ForgottenFuturesSheet

    def __init__(self, sheet: ForgottenFuturesSheet, title: str, parent: QWidget | None) -> None:
        super().__init__(sheet, title, parent, width=440)
        self._text = ""
        self.adventure = QLineEdit(objectName="adventure")
        self.adventure.setPlaceholderText(_("e.g. The Lost Valley"))
        self.adventure.setToolTip(
            _("Which adventure this follows: a skill may be tried once per adventure.")
        )
        self.note = note_field(_("Written in the ledger beside the points."))

    def _roll_row(self) -> None:
        """The 2D6 roll: typed in, or rolled here."""
        self.roll = QSpinBox(objectName="roll")
        self.roll.setRange(NO_ROLL, 12)
        self.roll.setSpecialValueText("–")
        self.roll.setToolTip(_("The 2D6 roll made at the table (2 to 12)."))
        self.roll.valueChanged.connect(self.refresh)
        dice = QPushButton(_("Roll 2D6"), objectName="roll_dice")
        dice.clicked.connect(lambda: self.roll.setValue(sum(Roller().dice(2, 6))))
        row = QHBoxLayout()
        row.addWidget(self.roll)
        row.addWidget(dice)
        row.addStretch(1)
        self.form.addRow(tipped(QLabel(pgettext("noun", "Roll")), self.roll.toolTip()), row)

    def finish(self) -> None:
        self.form.addRow(_("Adventure"), self.adventure)
        self.form.addRow(_("Note"), self.note)
        self.adventure.textChanged.connect(self.refresh)
        self.note.textChanged.connect(self.refresh)
        super().finish()

    def description(self) -> str:
        return self._text

    def _rolled(self) -> int | None:
        value = self.roll.value()
        return None if value == NO_ROLL else value


def _chance_text(attempt: xp.Attempt, what: str) -> str:
    if attempt.needed is None:
        return _(
            "{what}: {attack} against {rating} has no chance, though the "
            "{cost} points would be spent."
        ).format(what=what, attack=attempt.attack, rating=attempt.rating, cost=attempt.cost)
    chance = float(success_chance(attempt.attack, attempt.rating))
    return _(
        "{what}: {attack} against {rating} needs {needed} or under on "
        "2D6 ({chance:.0%}); costs {cost} bonus points either way. A 12 "
        "means never."
    ).format(
        what=what,
        attack=attempt.attack,
        rating=attempt.rating,
        needed=attempt.needed,
        chance=chance,
        cost=attempt.cost,
    )


def _outcome_text(outcome: str, success: str) -> str:
    return {
        "success": success,
        "failure": _("Failed: the points are spent; try again after another adventure."),
        "never": _("A 12: the points are spent and this can never be tried again."),
    }[outcome]


class ImproveDialog(_Dialog):
    """Raise a skill by one: spend its new rating and roll the characteristic(s) against
    the current rating."""

    def __init__(self, sheet: ForgottenFuturesSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Improve a skill"), parent)
        self.skill = QComboBox(objectName="skill")
        for i, skill in enumerate(sheet.skills):
            self.skill.addItem(skill.name or _("Skill {value}").format(value=i + 1), i)
        self.skill.currentIndexChanged.connect(self.refresh)
        self.skill.setToolTip(_("The skill to try to raise by one."))
        self.form.addRow(_("Skill"), self.skill)
        self._roll_row()
        self.finish()

    def select(self, index: int) -> None:
        self.skill.setCurrentIndex(self.skill.findData(index))

    def attempt(self) -> tuple[ForgottenFuturesSheet | None, str]:
        index = self.skill.currentData()
        if index is None:
            raise xp.BonusRefused(_("the record has no skills yet"))
        adventure = self.adventure.text()
        attempt = xp.improvement(self.sheet, index, adventure=adventure)
        text = _chance_text(
            attempt, _("Roll {skill}'s characteristic(s)").format(skill=attempt.skill)
        )
        roll = self._rolled()
        if roll is None:
            return None, text
        new = xp.improve_skill(self.sheet, index, roll, adventure=adventure, note=self.note.text())
        outcome = new.bonus_ledger[-1].outcome or ""
        self._text = _("Improve {skill}").format(skill=attempt.skill)
        success = _("Success: {skill} rises to {value}.").format(
            skill=attempt.skill, value=attempt.rating + 1
        )
        return new, _("{text}\nRolled {roll}. {outcome_text}").format(
            text=text, roll=roll, outcome_text=_outcome_text(outcome, success)
        )


class LearnDialog(_Dialog):
    """Learn a new skill: it starts one above its base, costs double that, and the
    characteristic(s) roll against it."""

    def __init__(self, sheet: ForgottenFuturesSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Learn a new skill"), parent)
        known = {skill_key(s.name) for s in sheet.skills}
        self.name = QComboBox(objectName="skill_name")
        self.name.setEditable(True)
        self.name.addItems([s.name for s in SKILLS if skill_key(s.name) not in known])
        self.name.setToolTip(_("A skill from the list, or type one the referee allows."))
        self.name.currentTextChanged.connect(self._name_changed)
        self.form.addRow(_("Skill"), self.name)
        self.base = QComboBox(objectName="base")
        for code in BASES:
            self.base.addItem(f"{code}  ({describe(code)})", code)
        self.base.setToolTip(_("What the skill rests on; fixed for the listed skills."))
        self.base.currentIndexChanged.connect(self.refresh)
        self.form.addRow(_("Base"), self.base)
        self.years = QCheckBox(_("Years pass between adventures"), objectName="years")
        self.years.setToolTip(_("Only then may a Doctor be trained in play."))
        self.years.toggled.connect(self.refresh)
        self.form.addRow("", self.years)
        self._roll_row()
        self.finish()
        self._name_changed(self.name.currentText())

    def _name_changed(self, text: str) -> None:
        listed = skill_info(text)
        if listed is not None:
            self.base.setCurrentIndex(self.base.findData(listed.base))
        self.base.setEnabled(listed is None)
        self.refresh()

    def attempt(self) -> tuple[ForgottenFuturesSheet | None, str]:
        name, base = self.name.currentText(), self.base.currentData()
        adventure, years = self.adventure.text(), self.years.isChecked()
        attempt = xp.learning(self.sheet, name, base, adventure=adventure, years_passed=years)
        text = _chance_text(
            attempt,
            _("{skill} would start at {rating}").format(skill=attempt.skill, rating=attempt.rating),
        )
        roll = self._rolled()
        if roll is None:
            return None, text
        new = xp.add_skill(
            self.sheet,
            name,
            roll,
            base,
            adventure=adventure,
            years_passed=years,
            note=self.note.text(),
        )
        outcome = new.bonus_ledger[-1].outcome or ""
        self._text = _("Learn {skill}").format(skill=attempt.skill)
        success = _("Success: {skill} joins the record at {rating}.").format(
            skill=attempt.skill, rating=attempt.rating
        )
        return new, _("{text}\nRolled {roll}. {outcome_text}").format(
            text=text, roll=roll, outcome_text=_outcome_text(outcome, success)
        )


class AwardDialog(_Dialog):
    def __init__(self, sheet: ForgottenFuturesSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Award bonus points"), parent)
        self.amount = QSpinBox(objectName="amount")
        self.amount.setRange(0, 10_000)
        self.amount.setValue(1)
        self.amount.valueChanged.connect(self.refresh)
        self.amount.setToolTip(_("Bonus points the referee awards after an adventure."))
        self.form.addRow(_("Bonus points"), self.amount)
        self.finish()

    def attempt(self) -> tuple[ForgottenFuturesSheet | None, str]:
        amount = self.amount.value()
        new = xp.award(self.sheet, amount, adventure=self.adventure.text(), note=self.note.text())
        self._text = _("Award {amount} bonus points").format(amount=amount)
        return new, _("{balance} bonus points become {balance2}.").format(
            balance=balance(self.sheet), balance2=balance(new)
        )


class SpendOnRollDialog(_Dialog):
    def __init__(self, sheet: ForgottenFuturesSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Spend bonus points on a roll"), parent)
        self.amount = QSpinBox(objectName="amount")
        self.amount.setRange(0, 100)
        self.amount.setValue(1)
        self.amount.setToolTip(
            _("With the referee's leave: each point shifts the attacking or defending value "
            "by one for this roll, marked off before the dice are thrown.")
        )
        self.amount.valueChanged.connect(self.refresh)
        self.form.addRow(_("Points"), self.amount)
        self.finish()

    def attempt(self) -> tuple[ForgottenFuturesSheet | None, str]:
        amount = self.amount.value()
        new = xp.spend_on_roll(
            self.sheet, amount, adventure=self.adventure.text(), note=self.note.text()
        )
        self._text = _("Spend {amount} bonus points on a roll").format(amount=amount)
        return new, _("{balance} bonus points become {balance2}.").format(
            balance=balance(self.sheet), balance2=balance(new)
        )


class LanguageDialog(_Dialog):
    def __init__(self, sheet: ForgottenFuturesSheet, parent: QWidget | None = None) -> None:
        super().__init__(sheet, _("Add a language"), parent)
        self.language = QLineEdit(objectName="language")
        self.language.textChanged.connect(self.refresh)
        self.language.setToolTip(_("The language the character learns."))
        self.form.addRow(_("Language"), self.language)
        self.practice = QCheckBox(_("Picked up by practice in play (free)"), objectName="practice")
        self.practice.toggled.connect(self.refresh)
        self.form.addRow("", self.practice)
        self.finish()

    def attempt(self) -> tuple[ForgottenFuturesSheet | None, str]:
        name = self.language.text()
        new = xp.add_language(
            self.sheet,
            name,
            by_practice=self.practice.isChecked(),
            adventure=self.adventure.text(),
            note=self.note.text(),
        )
        self._text = _("Add the language {strip}").format(strip=name.strip())
        return new, _("{strip} joins the languages; {balance} bonus points left.").format(
            strip=name.strip(), balance=balance(new)
        )
