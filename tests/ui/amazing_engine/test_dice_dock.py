"""The Dice panel follows the sheet in front: it shows that sheet's log and last check, and
the task margins (S#, F#) only for a sheet whose checks read them (the Amazing Engine)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from sheetapp.systems.amazing_engine.rolls import PercentileCheck
from sheetapp.systems.rolls import Unrollable
from sheetapp.ui.d6_pool.form import D6PoolForm
from sheetapp.ui.dice_dock import DiceDock

ROLL_LINE = re.compile(r"^\d\d:\d\d:\d\d  ")


def shown(dock: DiceDock, part: QWidget) -> bool:
    return part.isVisibleTo(dock)


def test_the_panel_follows_the_sheet_in_front(window, qtbot, hero_file) -> None:
    dock = window.dice_dock
    assert not shown(dock, dock.checks)  # the welcome page: nothing rolled yet

    # An expression rolled on the library tab goes to the panel's own log.
    dock.expression.setFocus()
    dock.expression.selectAll()
    qtbot.keyClicks(dock.expression, "2d6+1")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    assert re.search(r"2d6 \(\d, \d\) \+ 1 = \d+$", dock.log_lines()[0])

    # An Amazing Engine sheet: the margins show; its log starts empty.
    form = window.open_path(hero_file)
    assert shown(dock, dock.margins) and dock.log_lines() == []
    form.request_roll("Lewis", PercentileCheck("Forge a signature", 45))
    assert dock.windowTitle() == "Dice: Forge a signature"
    assert dock.check_name.text() == "Lewis: Forge a signature"
    assert dock.odds.text() == "Success 45% · Failure 55%"
    dock.success_margin.setValue(1)  # the game master's S1 for a perfect forgery
    assert dock.odds.text() == "Critical success 9% · Success 36% · Failure 55%"
    assert ROLL_LINE.match(dock.log_lines()[0])

    # A d6 pool sheet takes no margins and has a log of its own.
    next(a for a in window.new_blank_menu.actions() if a.text() == "d6 Dice Pool").trigger()
    d6 = window.current_form()
    assert isinstance(d6, D6PoolForm)
    assert not shown(dock, dock.margins) and not shown(dock, dock.checks)
    assert dock.log_lines() == [] and dock.windowTitle() == "Dice"

    # Back to the Amazing Engine sheet: its log and check come back; then close everything.
    window.tabs.setCurrentWidget(form)
    assert len(dock.log_lines()) == 1 and dock.check_name.text() == "Lewis: Forge a signature"
    d6.document.undo_stack.setClean()  # nothing to save: closing asks no question
    assert window.close_tab(window.tabs.indexOf(d6)) and window.close_tab()
    assert window.current_form() is None
    assert not shown(dock, dock.margins)
    assert re.search(r"2d6 \(\d, \d\) \+ 1", dock.log_lines()[0])  # the panel's own log


def test_a_bad_expression_and_a_check_that_cannot_be_rolled(window, qtbot) -> None:
    dock = window.dice_dock
    dock.expression.setText("2d")
    dock.roll_expression()
    assert "Not a dice expression" in dock.log_lines()[0]
    next(a for a in window.new_blank_menu.actions() if a.text() == "d6 Dice Pool").trigger()
    form = window.current_form()
    form.request_roll("Ana", Unrollable("Swimming", "choose the attribute it is rolled with"))
    assert dock.log_lines()[0].endswith(
        "Ana: Swimming: cannot roll: choose the attribute it is rolled with"
    )
    assert dock.odds.text() == "Cannot roll: choose the attribute it is rolled with."
    assert not dock.roll_again.isEnabled()
