"""The Dice panel follows the sheet in front: an Amazing Engine sheet can send a skill's
percentile check to it; any other system's sheet gets the dice roller and its log alone."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QPushButton, QTreeView

from sheetapp.ui.d6_pool.form import D6PoolForm
from sheetapp.ui.dice_dock import DiceDock

ROLL_LINE = re.compile(r"^\d\d:\d\d:\d\d  ")


def first_skill_with_chance(view: QTreeView) -> QModelIndex:
    """The first skill row whose Chance column shows a number, expanding as it goes."""
    model = view.model()
    pending = [QModelIndex()]
    while pending:
        parent = pending.pop(0)
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            if re.fullmatch(r"\d+%.*", model.index(row, 2, parent).data() or ""):
                return index
            pending.append(index)
    raise AssertionError("no skill shows a chance")


def checks_shown(dock: DiceDock) -> bool:
    return dock.checks.isVisibleTo(dock)


def test_the_percentile_check_shows_only_for_a_sheet_that_sends_one(
    window, qtbot, hero_file
) -> None:
    dock = window.dice_dock
    assert not checks_shown(dock)  # the welcome page sends no checks

    # An Amazing Engine character: double-clicking a skill puts its chance in the panel.
    form = window.open_path(hero_file)
    assert checks_shown(dock)
    form.show_character(0)
    page = form.pages.currentWidget()
    page.tabs.setCurrentWidget(page.skills_tab)
    view = page.skills_tab.view
    skill = first_skill_with_chance(view)
    view.scrollTo(skill)
    shown = int(skill.siblingAtColumn(2).data().split("%")[0])
    where = view.visualRect(skill).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # a double-click's
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # first press
    assert dock.chance.value() == shown
    assert dock.windowTitle().startswith("Dice: ") and skill.data() in dock.windowTitle()
    assert dock.odds.text().startswith("Success ")
    qtbot.mouseClick(dock.findChild(QPushButton, "roll_check"), Qt.MouseButton.LeftButton)
    assert re.search(rf"d100 = \d{{1,3}} vs {shown}: \w", dock.log.item(0).text())

    # A d6 pool sheet sends no percentile checks: the check goes, the roller stays.
    next(a for a in window.new_blank_menu.actions() if a.text() == "d6 Dice Pool").trigger()
    d6 = window.current_form()
    assert isinstance(d6, D6PoolForm)
    assert not checks_shown(dock) and dock.windowTitle() == "Dice"
    dock.expression.setFocus()
    dock.expression.selectAll()
    qtbot.keyClicks(dock.expression, "2d6+1")
    qtbot.keyClick(dock.expression, Qt.Key.Key_Return)
    line = dock.log.item(0).text()
    assert ROLL_LINE.match(line) and re.search(r"2d6 \(\d, \d\) \+ 1 = \d+$", line)
    assert dock.log.count() == 2  # the check's line is still there below

    # Back to the Amazing Engine sheet, then close everything: the check follows.
    window.tabs.setCurrentWidget(form)
    assert checks_shown(dock) and dock.chance.value() == shown
    d6.document.undo_stack.setClean()  # nothing to save: closing asks no question
    assert window.close_tab(window.tabs.indexOf(d6)) and window.close_tab()
    assert window.current_form() is None
    assert not checks_shown(dock)


def test_a_check_sent_by_hand_and_a_bad_expression(qtbot) -> None:
    dock = DiceDock(seed=3)
    qtbot.addWidget(dock)
    dock.expression.setText("2d")
    dock.roll_expression()
    assert "Not a dice expression" in dock.log.item(0).text()
    dock.set_check(45, "Pick locks")  # a check sent by hand shows the check part
    assert checks_shown(dock) and dock.windowTitle() == "Dice: Pick locks"
    assert dock.odds.text() == "Success 45% · Failure 55%"
