"""Roll any dice expression, for every system, and keep a log; for a sheet that sends
percentile checks (the Amazing Engine), also roll a check with its exact odds beside it.

The dock follows the main window's current tab by itself: what it offers depends on the
``check_kind`` of the form shown there.

The dock is built before the window's first paint, the dice engine (``sheetapp.dice``) when
first used: a roll, or the odds of a check once the check part is shown."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sheetapp.ui.sheet_form import PERCENTILE, SheetForm

if TYPE_CHECKING:
    from sheetapp.dice import Roller

NO_MARGIN = -1


class DiceDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None, *, seed: int | None = None) -> None:
        super().__init__("Dice", parent)
        self.setObjectName("dice_dock")
        self._seed = seed
        self._made_roller: Roller | None = None  # see _roller
        body = QWidget(self)
        layout = QVBoxLayout(body)

        # The percentile check, shown only while a form that sends such checks is current.
        self.checks = QWidget(objectName="percentile_check")
        check_layout = QVBoxLayout(self.checks)
        check_layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.chance = QSpinBox(minimum=-200, maximum=300, value=50, suffix=" %")
        self.chance.setToolTip("Roll d100 at or under the chance; 95-00 always fails.")
        self.success_margin = self._margin_box(
            "S#: a success whose ones digit is at most # (a 0 reads as 0: 40 is critical at S1)"
        )
        self.failure_margin = self._margin_box(
            "F#: a failure whose ones digit is at least # (a 0 reads as 0: 50 is critical "
            "only at F0)"
        )
        form.addRow("Chance", self.chance)
        margins = QHBoxLayout()
        margins.addWidget(QLabel("S"))
        margins.addWidget(self.success_margin)
        margins.addWidget(QLabel("F"))
        margins.addWidget(self.failure_margin)
        form.addRow("Margins", margins)
        check_layout.addLayout(form)
        self.odds = QLabel()
        self.odds.setWordWrap(True)
        check_layout.addWidget(self.odds)
        roll_check = QPushButton("Roll check", objectName="roll_check")
        roll_check.clicked.connect(self.roll_check)
        check_layout.addWidget(roll_check)
        layout.addWidget(self.checks)

        expression_row = QHBoxLayout()
        self.expression = QLineEdit("3d6")
        self.expression.setToolTip("Dice such as 2d6+1, d%, 4dF or 2d20-d4")
        self.expression.returnPressed.connect(self.roll_expression)
        roll_button = QPushButton("Roll")
        roll_button.clicked.connect(self.roll_expression)
        expression_row.addWidget(self.expression)
        expression_row.addWidget(roll_button)
        layout.addLayout(expression_row)

        self.log = QListWidget()
        layout.addWidget(self.log, 1)
        self.setWidget(body)
        for box in (self.chance, self.success_margin, self.failure_margin):
            box.valueChanged.connect(self._update_odds)
        self.follow(None)
        tabs = parent.centralWidget() if isinstance(parent, QMainWindow) else None
        if isinstance(tabs, QTabWidget):
            tabs.currentChanged.connect(lambda _index: self.follow(tabs.currentWidget()))

    def follow(self, current: QWidget | None) -> None:
        """Offer the checks ``current`` (the tab shown) sends: a percentile check for a form
        whose ``check_kind`` says so, only the dice expression for any other tab."""
        kind = current.check_kind if isinstance(current, SheetForm) else None
        self.checks.setVisible(kind == PERCENTILE)
        if kind == PERCENTILE:
            self._update_odds()
        else:
            self.setWindowTitle("Dice")

    def _margin_box(self, tip: str) -> QSpinBox:
        box = QSpinBox(minimum=NO_MARGIN, maximum=9, value=NO_MARGIN)
        box.setSpecialValueText("–")
        box.setToolTip(tip)
        return box

    def _margins(self) -> tuple[int | None, int | None]:
        s, f = self.success_margin.value(), self.failure_margin.value()
        return (None if s == NO_MARGIN else s, None if f == NO_MARGIN else f)

    def set_check(self, chance: int, label: str = "") -> None:
        """Put a percentile chance from the sheet (a skill, an attack) into the dock."""
        self.checks.setVisible(True)
        self.chance.setValue(chance)
        self._update_odds()  # also when the chance was already this one
        self.setWindowTitle(f"Dice: {label}" if label else "Dice")

    def _roller(self) -> Roller:
        """The dice, made on the first roll (the engine is not loaded before then)."""
        if self._made_roller is None:
            from sheetapp.dice import Roller

            self._made_roller = Roller(self._seed)
        return self._made_roller

    def _update_odds(self) -> None:
        if self.checks.isHidden():
            return  # worked out when the check part is shown
        from sheetapp.dice import percentile_odds

        s, f = self._margins()
        odds = percentile_odds(self.chance.value(), success_margin=s, failure_margin=f)
        parts = [f"Success {float(odds.success):.0%}"]
        if s is not None:
            parts.append(f"critical {float(odds.critical_success):.0%}")
        parts.append(f"Failure {float(odds.failure):.0%}")
        if f is not None:
            parts.append(f"critical {float(odds.critical_failure):.0%}")
        self.odds.setText(" · ".join(parts))

    def roll_check(self) -> None:
        from sheetapp.dice import percentile_outcome

        s, f = self._margins()
        roll = self._roller().percentile()
        outcome = percentile_outcome(roll, self.chance.value(), success_margin=s, failure_margin=f)
        self._log(f"d100 = {roll:02d} vs {self.chance.value()}: {outcome.replace('_', ' ')}")

    def roll_expression(self) -> None:
        from sheetapp.dice import DiceExpressionError, parse

        try:
            result = parse(self.expression.text()).roll(self._roller())
        except DiceExpressionError as exc:
            self._log(f"Not a dice expression: {exc}")
            return
        self._log(str(result))

    def _log(self, text: str) -> None:
        self.log.insertItem(0, f"{time.strftime('%H:%M:%S')}  {text}")
