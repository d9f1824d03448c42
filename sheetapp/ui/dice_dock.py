"""Roll what a sheet asks for, or any dice expression, and keep a log of each sheet's rolls.

A form sends a ``RollRequest`` (a Roll button, a double-click); the dock rolls the check with
its one seeded ``Roller``, writes "who: check: dice → result" at the top of that sheet's
log and shows the check's exact odds with a Roll again button. Each sheet keeps its own
log and last check: the dock shows those of the tab in front, and a log of its own for
tabs that are no sheet. Lines wrap; each keeps its whole text as its tooltip too.

For a form whose ``check_kind`` is PERCENTILE (the Amazing Engine) the dock also holds the
task's margin ratings, S# and F#, which the game master names per task.

The dock is built before the window's first paint, the dice engine (``sheetapp.dice``) when
first used."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, QSize, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _, pgettext
from sheetapp.ui.page_layout import WrappingRow
from sheetapp.ui.sheet_form import PERCENTILE, RollRequest, SheetForm

if TYPE_CHECKING:
    from sheetapp.dice import Roller

NO_MARGIN = -1
LOG_NAME = "dice_log"


class SheetLog(QStandardItemModel):
    """One sheet's rolls, newest first, and the check last rolled on it; a child of the form,
    so it lives and dies with the sheet's tab."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(LOG_NAME)
        self.last: RollRequest | None = None

    def add(self, text: str) -> None:
        line = f"{time.strftime('%H:%M:%S')}  {text}"
        item = QStandardItem(line)
        item.setEditable(False)
        item.setToolTip(line)  # the whole line, wherever the panel is too narrow
        self.insertRow(0, item)

    def lines(self) -> list[str]:
        return [self.item(row).text() for row in range(self.rowCount())]


def log_of(owner: QObject) -> SheetLog:
    """``owner``'s log, made on first use."""
    found = owner.findChild(SheetLog, LOG_NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if isinstance(found, SheetLog) else SheetLog(owner)


class WrappedLines(QStyledItemDelegate):
    """Lays each log line out at the list's width, so a long one wraps instead of being cut
    off (a list view gives its delegate no width of its own to wrap at)."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        wrapped = QStyleOptionViewItem(option)
        wrapped.rect.setWidth(max(self._view.viewport().width(), 1))
        wrapped.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        return super().sizeHint(wrapped, index)


class DiceDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None, *, seed: int | None = None) -> None:
        super().__init__(_("Dice"), parent)
        self.setObjectName("dice_dock")
        self._seed = seed
        self._made_roller: Roller | None = None  # see _roller
        self._current: QObject = self  # whose log is shown: a form, or the dock itself
        self._percentile = False  # the form in front sends d100 checks that take margins
        body = QWidget(self)
        layout = QVBoxLayout(body)

        # The check last rolled on the sheet in front, with its odds and Roll again.
        self.checks = QWidget(objectName="sheet_check")
        check_layout = QVBoxLayout(self.checks)
        check_layout.setContentsMargins(0, 0, 0, 0)
        self.check_name = QLabel(objectName="check_name")
        self.check_name.setWordWrap(True)
        self.check_name.setProperty("role", "figure")
        check_layout.addWidget(self.check_name)
        self.odds = QLabel(objectName="check_odds")
        self.odds.setWordWrap(True)
        self.odds.setToolTip(_("The exact chance of each result of this check."))
        check_layout.addWidget(self.odds)
        # S beside F, or under it in a narrow dock (a large zoom).
        success, failure = QHBoxLayout(), QHBoxLayout()
        self.success_margin = self._margin_box(
            _("S#: a success whose ones digit is at most # is critical (40 is critical at S1)")
        )
        self.failure_margin = self._margin_box(
            _("F#: a failure whose ones digit is at least # is critical (50 only at F0)")
        )
        margins_label = QLabel(_("Task margins S"))
        margins_label.setBuddy(self.success_margin)
        success.addWidget(margins_label)
        success.addWidget(self.success_margin)
        # Translators: the failure margin's letter, as in F0 (the success margin's is S).
        failure.addWidget(QLabel(pgettext("task margin", "F")))
        failure.addWidget(self.failure_margin)
        failure.addStretch(1)
        self.margins = WrappingRow(success, failure)
        self.margins.setObjectName("margins")
        self.roll_again = QPushButton(_("Roll again"), objectName="roll_check")
        self.roll_again.clicked.connect(self.roll_check)
        check_layout.addWidget(self.roll_again)
        layout.addWidget(self.margins)  # set before a first roll too
        layout.addWidget(self.checks)

        expression_row = QHBoxLayout()
        self.expression = QLineEdit("3d6")
        self.expression.setToolTip(_("Dice such as 2d6+1, d%, 4dF or 2d20-d4"))
        self.expression.returnPressed.connect(self.roll_expression)
        # Translators: the verb (see "Roll" on the roll buttons).
        roll_button = QPushButton(_("Roll"))
        roll_button.clicked.connect(self.roll_expression)
        expression_row.addWidget(self.expression)
        expression_row.addWidget(roll_button)
        layout.addLayout(expression_row)

        self.log = QListView(objectName="dice_log_view")
        self.log.setWordWrap(True)
        self.log.setUniformItemSizes(False)
        self.log.setResizeMode(QListView.ResizeMode.Adjust)
        self.log.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.log.setAlternatingRowColors(True)
        self.log.setItemDelegate(WrappedLines(self.log))
        self.log.setToolTip(_("This sheet's rolls, newest first."))
        layout.addWidget(self.log, 1)
        self.setWidget(body)
        for box in (self.success_margin, self.failure_margin):
            box.valueChanged.connect(self._show_check)
        self.follow(None)
        tabs = parent.centralWidget() if isinstance(parent, QMainWindow) else None
        if isinstance(tabs, QTabWidget):
            tabs.currentChanged.connect(lambda _index: self.follow(tabs.currentWidget()))

    # --- which sheet ----------------------------------------------------------------------

    def follow(self, current: QWidget | None) -> None:
        """Show the log and last check of ``current`` (the tab in front), or the dock's own
        log for a tab that is no sheet."""
        self._current = current if isinstance(current, SheetForm) else self
        self.log.setModel(log_of(self._current))
        kind = current.check_kind if isinstance(current, SheetForm) else None
        self._percentile = kind == PERCENTILE
        self.margins.setVisible(self._percentile)
        self._show_check()

    def current_log(self) -> SheetLog:
        return log_of(self._current)

    def log_lines(self) -> list[str]:
        """The lines shown, newest first."""
        return self.current_log().lines()

    # --- rolling --------------------------------------------------------------------------

    def set_check(self, request: RollRequest) -> None:
        """Roll what a form asked for and log it with that form's rolls."""
        log = log_of(request.form)
        log.last = request
        if request.form is not self._current:
            self.follow(request.form)
        self.roll_check()

    def roll_check(self) -> None:
        """Roll the shown sheet's last check (again)."""
        from sheetapp.systems.rolls import Unrollable

        log = self.current_log()
        request = log.last
        if request is None:
            return
        check = request.check
        title = f"{request.who}: {check.name}" if request.who else check.name
        if isinstance(check, Unrollable):
            self._add(
                log, _("{title}: cannot roll: {reason}").format(title=title, reason=check.reason)
            )
        else:
            reading = self._with_margins(check).roll(self._roller())
            self._add(log, f"{title}: {reading.text()}")
        self.log.scrollToTop()
        self._show_check()

    def roll_expression(self) -> None:
        from sheetapp.dice import DiceExpressionError, parse

        try:
            result = parse(self.expression.text()).roll(self._roller())
        except DiceExpressionError as exc:
            self._add(self.current_log(), _("Not a dice expression: {exc}").format(exc=exc))
            return
        self._add(self.current_log(), str(result))
        self.log.scrollToTop()

    def _add(self, log: SheetLog, text: str) -> None:
        """Log a roll and have a screen reader say it, the focus staying where it is."""
        from sheetapp.ui.announce import announce

        log.add(text)
        announce(self.log, text)

    # --- showing --------------------------------------------------------------------------

    def _show_check(self) -> None:
        request = self.current_log().last
        self.checks.setVisible(request is not None)
        if request is None:
            self.setWindowTitle(_("Dice"))
            return
        from sheetapp.systems.rolls import Unrollable, odds_summary

        check = request.check
        self.setWindowTitle(_("Dice: {name}").format(name=check.name))
        who = f"{request.who}: " if request.who else ""
        self.check_name.setText(who + check.name)
        if isinstance(check, Unrollable):
            self.odds.setText(_("Cannot roll: {reason}.").format(reason=check.reason))
            self.roll_again.setEnabled(False)
            return
        self.odds.setText(odds_summary(self._with_margins(check).odds()))
        self.roll_again.setEnabled(True)

    def _margin_box(self, tip: str) -> QSpinBox:
        box = QSpinBox(minimum=NO_MARGIN, maximum=9, value=NO_MARGIN)
        box.setSpecialValueText("–")
        box.setToolTip(tip)
        return box

    def _with_margins(self, check):
        """``check`` with the task's margins when it is a d100 check that reads them."""
        from sheetapp.systems.rolls import TakesMargins

        if not (self._percentile and isinstance(check, TakesMargins)):
            return check
        s, f = self.success_margin.value(), self.failure_margin.value()
        return check.with_margins(None if s == NO_MARGIN else s, None if f == NO_MARGIN else f)

    def _roller(self) -> Roller:
        """The dice, made on the first roll (the engine is not loaded before then)."""
        if self._made_roller is None:
            from sheetapp.dice import Roller

            self._made_roller = Roller(self._seed)
        return self._made_roller
