"""Odds of an action before it is rolled, and the Outcome Table to read it from.

Pick a skill (its OB, with the wound penalty), the opposition's DB, the GM's base Amp and
what adds to it (a weapon or tool, momentum spent, scale, anything else): the chance of
every cell shows in its colour band, both 4dF rolls counted exactly. The inputs are a
calculator's, not part of the sheet; only "Spend momentum" changes the sheet.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.locale_format import number
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.odds import OutcomeOdds, action_odds
from sheetapp.systems.amplitude.outcome_table import OUTCOMES
from sheetapp.systems.amplitude.play import spend_momentum
from sheetapp.systems.amplitude.rolls import ActionCheck
from sheetapp.systems.amplitude.wounds import penalty
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.rolls import Unrollable
from sheetapp.ui.amplitude.bands import chip_style
from sheetapp.ui.amplitude.outcome_grid import OutcomeGrid
from sheetapp.ui.binding import RefreshWhenShown
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import hint_label, tipped
from sheetapp.ui.page_layout import fill, scrolled
from sheetapp.ui.roll_buttons import send_roll

NO_SKILL = -1
TIPS = TranslatedTable({
    "skill": N_("The skill acted with: its OB shifts the roll's column to the left."),
    "db": N_("The opposition's Defensive Bonus: shifts the column to the right."),
    "roll_mod": N_(
        "Anything else on the Player's Total Roll. The wound penalty is added on its own."
    ),
    "amp": N_(
        "The GM's base Amp for the task: 1 trivial, 2-3 simple, 4-5 standard, 6-7 "
        "significant, 8-9 epic, 10 legendary."
    ),
    "gear": N_("A weapon's power or a tool's quality, added to the Amp."),
    "momentum": N_("Momentum to spend on this action: +1 Amp a point."),
    "amp_mod": N_("Scale and any other Amp modifier (a giant's bulk, missing tools...)."),
})


class OddsTab(RefreshWhenShown, QWidget):
    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        layout = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self._inputs_box())
        left.addWidget(self._results_box())
        left.addStretch(1)
        layout.addLayout(left, 2)
        table_box = QGroupBox(_("Outcome Table"))
        table_box.setToolTip(_("The outcome of every final Amp and Player's Total Roll."))
        table_layout = QVBoxLayout(table_box)
        self.grid = OutcomeGrid()
        # The axes' titles on the table itself: columns across the top, rows down the side.
        across = QLabel(_("Player's Total Roll (OB − DB + 4dF) →"), objectName="outcome_columns")
        across.setAlignment(Qt.AlignmentFlag.AlignCenter)
        across.setToolTip(_("The columns: 0 + OB - DB + 4dF, stopped at +6 and -6."))
        table_layout.addWidget(across)
        table_layout.addWidget(self.grid)
        legend = hint_label(
            _("Rows: final Amp. Columns: Player's Total Roll. An Amp of 0 or less fails "
            "without a lookup.")
        )
        table_layout.addWidget(legend)
        layout.addWidget(table_box, 3)
        fill(self, scrolled(layout, frame=False))  # scrolls on a 1366x768 screen
        document.changed.connect(self.schedule_refresh)

    @property
    def sheet(self) -> AmplitudeSheet:
        return self.document.sheet  # type: ignore[return-value]

    def _spin(self, name: str, low: int, high: int, value: int, tip: str) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setToolTip(tip)
        spin.valueChanged.connect(self.refresh)
        return spin

    def _combo(self, name: str, tip: str) -> QComboBox:
        combo = QComboBox(objectName=name)
        combo.setToolTip(tip)
        combo.currentIndexChanged.connect(self.refresh)
        return combo

    def _inputs_box(self) -> QGroupBox:
        box = QGroupBox(_("The action"))
        box.setToolTip(_("What goes into one roll: the skill, the opposition and the Amp."))
        form = QFormLayout(box)
        self.skill = self._combo("odds_skill", TIPS["skill"])
        form.addRow(_("Skill"), self.skill)
        self.db = self._spin("odds_db", -20, 20, 0, TIPS["db"])
        form.addRow(_("Opposing DB"), self.db)
        self.roll_mod = self._spin("odds_roll_mod", -20, 20, 0, TIPS["roll_mod"])
        form.addRow(_("Other roll modifier"), self.roll_mod)
        self.base_amp = self._spin("odds_amp", -10, 20, 4, TIPS["amp"])
        form.addRow(_("Base task Amp"), self.base_amp)
        self.gear = self._combo("odds_gear", TIPS["gear"])
        form.addRow(_("Weapon or tool"), self.gear)
        self.momentum = self._spin("odds_momentum", 0, 0, 0, TIPS["momentum"])
        spend = QPushButton(_("Spend it"), objectName="odds_spend")
        spend.setToolTip(_("Take the momentum chosen here off the sheet."))
        spend.clicked.connect(self.spend)
        row = QHBoxLayout()
        row.addWidget(self.momentum, 1)
        row.addWidget(spend)
        form.addRow(tipped(QLabel(_("Momentum spent")), TIPS["momentum"]), row)
        self.amp_mod = self._spin("odds_amp_mod", -20, 20, 0, TIPS["amp_mod"])
        form.addRow(_("Scale and other Amp"), self.amp_mod)
        self.summary = hint_label("", "odds_inputs")
        form.addRow("", self.summary)
        return box

    def _results_box(self) -> QGroupBox:
        box = QGroupBox(_("Chances"))
        box.setToolTip(_("The exact chance of each outcome of this action."))
        layout = QVBoxLayout(box)
        chips = QGridLayout()
        self.chips: dict[str, QLabel] = {}
        for i, result in enumerate((*OUTCOMES, "auto_fail")):
            title = _("Amp ≤ 0") if result == "auto_fail" else result
            chip = QLabel(objectName=f"chance_{result}")
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            chip.setStyleSheet(chip_style("0" if result == "auto_fail" else result))
            chip.setToolTip(
                _("Automatic failure: the final Amp is 0 or less.")
                if result == "auto_fail"
                else _("The chance the action reads {result} on the table.").format(result=result)
            )
            chip.setProperty("title", title)
            self.chips[result] = chip
            chips.addWidget(chip, i // 7, i % 7)
        layout.addLayout(chips)
        self.totals = QLabel(objectName="odds_totals")
        self.totals.setProperty("role", "figure")
        self.totals.setToolTip(
            _("Chances added up from the outcomes above: any effect at all, a quality of "
            "outcome (QO) of 4 or 8 or better, and an Unusual or Killing result.")
        )
        self.totals.setWordWrap(True)
        layout.addWidget(self.totals)
        self.roll = QPushButton(_("Roll this action"), objectName="odds_roll")
        self.roll.setToolTip(
            _("Roll 4dF for the Player's Total Roll and 4dF for the Amp, and read the Outcome "
            "Table; the result goes to this sheet's dice log.")
        )
        self.roll.clicked.connect(self.roll_action)
        layout.addWidget(self.roll, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    def roll_action(self) -> None:
        sheet = self.sheet
        index = self.skill.currentData()
        has_skill = index not in (None, NO_SKILL) and index < len(sheet.skills)
        name = (sheet.skills[index].name or _("Skill")) if has_skill else _("No skill")
        if self.gear.currentData():
            name += _(" with {currentText}").format(currentText=self.gear.currentText())
        check: ActionCheck | Unrollable = (
            Unrollable(name, _("the character cannot act"))
            if penalty(sheet.wound) is None
            else ActionCheck(name, **self.inputs())
        )
        send_roll(self, sheet.name, check)

    # --- showing ------------------------------------------------------------------------------

    def _sync_choices(self) -> None:
        sheet = self.sheet
        skills = [
            (_("{value} (OB {ob:+d})").format(value=s.name or "(skill)", ob=s.ob), i)
            for i, s in enumerate(sheet.skills)
        ]
        _refill(self.skill, [(_("No skill (OB +0)"), NO_SKILL), *skills])
        gear = [
            (
                _("{name} ({power:+d})").format(name=w.name or _("(weapon)"), power=w.power),
                f"weapons:{i}",
            )
            for i, w in enumerate(sheet.weapons)
        ]
        gear += [
            (
                _("{name} ({quality:+d})").format(name=t.name or _("(tool)"), quality=t.quality),
                f"tools:{i}",
            )
            for i, t in enumerate(sheet.tools)
        ]
        _refill(self.gear, [(_("None"), None), *gear])
        self.momentum.blockSignals(True)
        self.momentum.setMaximum(max(sheet.momentum, 0))
        self.momentum.blockSignals(False)

    def inputs(self) -> dict[str, int]:
        """The action as the odds see it: ob, db, amp (fixed parts) and the roll modifier."""
        sheet = self.sheet
        index = self.skill.currentData()
        ob = (
            sheet.skills[index].ob
            if index not in (None, NO_SKILL) and index < len(sheet.skills)
            else 0
        )
        gear = self.gear.currentData()
        bonus = 0
        if gear:
            kind, _unused, number = gear.partition(":")
            items, i = getattr(sheet, kind), int(number)
            if i < len(items):
                bonus = items[i].power if kind == "weapons" else items[i].quality
        wound = penalty(sheet.wound)
        return {
            "ob": ob,
            "db": self.db.value(),
            "amp": self.base_amp.value() + bonus + self.momentum.value() + self.amp_mod.value(),
            "modifier": self.roll_mod.value() + (wound or 0),
        }

    def refresh(self) -> None:
        self._sync_choices()
        if penalty(self.sheet.wound) is None:
            for chip in self.chips.values():
                chip.setText(f"{chip.property('title')}\n–")
            self.summary.setText("")
            self.totals.setText(_("The character cannot act while incapacitated or killed."))
            return
        given = self.inputs()
        odds = action_odds(**given)
        self._show(odds)
        self.summary.setText(
            _(
                "Column starts at {value:+d} (OB {given:+d} - DB {given2:+d}, "
                "roll modifiers {given3:+d} with the wound) before 4dF; Amp "
                "{given4} before 4dF."
            ).format(
                value=given["ob"] - given["db"] + given["modifier"],
                given=given["ob"],
                given2=given["db"],
                given3=given["modifier"],
                given4=given["amp"],
            )
        )

    def _show(self, odds: OutcomeOdds) -> None:
        shown = odds.as_floats()
        for result, chip in self.chips.items():
            chip.setText(f"{chip.property('title')}\n{percent(shown[result])}")
        self.totals.setText(
            _(
                "Any effect {percent} · QO 4 or better {percent2} · QO 8 or "
                "better {percent3} · U or K {percent4}"
            ).format(
                percent=percent(odds.effect),
                percent2=percent(odds.at_least(4)),
                percent3=percent(odds.at_least(8)),
                percent4=percent(odds.cells["U"] + odds.cells["K"]),
            )
        )

    def spend(self) -> None:
        points = self.momentum.value()
        if points < 1:
            return
        try:
            changed = spend_momentum(self.sheet, points)
        except RequestError as exc:
            self.totals.setText(_("Not done: {exc}.").format(exc=exc))
            return
        self.momentum.setValue(0)
        self.document.replace(changed, _("Spend {points} momentum").format(points=points))


def percent(value: float | Fraction) -> str:
    """A chance for a person: never "0.0%" for something that can happen.

    >>> percent(0), percent(Fraction(1, 6561)), percent(0.25), percent(1)
    ('0%', '<0.1%', '25.0%', '100%')
    """
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    if value < 0.0005:
        return "<0.1%"
    return f"{number(float(value) * 100, places=1)}%"


def _refill(combo: QComboBox, items: list[tuple[str, object]]) -> None:
    """Replace a combo's items, keeping the choice where it still exists; the first time,
    pick the first real item (the first skill, the first weapon) over the "none" line."""
    first_time = combo.count() == 0
    current = combo.currentData()
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] == items:
        return
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(_(text), data)
    index = combo.findData(current)
    if first_time:
        index = 1 if len(items) > 1 else 0
    combo.setCurrentIndex(max(index, 0))
    combo.blockSignals(False)
