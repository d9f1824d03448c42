"""Tables keep their text readable on a 1366x768 laptop with the Dice and Findings docks open:
no column is narrower than its header, and a text column shows a fair part of its cells; a
table too wide for its box scrolls sideways instead of squeezing (the d6 pool Gear list, with
about twenty columns, once left its Item column about 30 pixels wide)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)

from sheetapp.storage.document import save
from sheetapp.systems.d6_pool.model import Item
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.text_columns import header_of, shares

READABLE_CHARS = 10  # of a text cell, shown before the column may stop growing


def every_tab(root: QWidget) -> Iterator[str]:
    """Bring each tab under ``root`` to the front in turn, tabs of tabs included (some
    pages are built when first shown), saying where it is."""
    seen: set[int] = set()
    while pending := [t for t in root.findChildren(QTabWidget) if id(t) not in seen]:
        for tabs in pending:
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                yield tabs.tabText(index)


def open_sample(window: MainWindow, system_id: str, folder: Path) -> QWidget:
    """A random sheet of ``system_id`` (always the same one) open in ``window``."""
    path = folder / f"{system_id}.json"
    save(path, get_system(system_id).new(NewOptions(random=True, seed=7)))
    return window.open_path(path)


def narrow_columns(view: QTableView | QTreeView) -> list[str]:
    """The columns of ``view`` too narrow for their header's text (with the margins the
    style draws it inside), or, in a table, for a fair part of their widest text cell."""
    header, model = header_of(view), view.model()
    title_metrics, cell_metrics = QFontMetrics(header.font()), QFontMetrics(view.font())
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    readable = READABLE_CHARS * cell_metrics.averageCharWidth()
    found = []
    for column in range(header.count()):
        if header.isSectionHidden(column):
            continue
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        width = header.sectionSize(column)
        needs = title_metrics.horizontalAdvance(title) + 2 * margin
        if isinstance(view, QTableView):
            texts = [model.index(row, column).data() for row in range(model.rowCount())]
            widest = max(
                (cell_metrics.horizontalAdvance(t) for t in texts if isinstance(t, str)), default=0
            )
            needs = max(needs, min(widest, readable))
        if width < needs:
            found.append(f"{title!r} {width} px, needs {needs}")
    return found


@pytest.mark.parametrize("system_id", system_ids())
def test_no_table_squeezes_its_text_beside_the_docks(
    window: MainWindow, system_id: str, tmp_path: Path
) -> None:
    form = open_sample(window, system_id, tmp_path)
    window.dice_dock.show()
    window.findings_dock.show()
    checked: set[int] = set()
    problems = []
    for where in every_tab(form):
        for view in form.findChildren(QTableView) + form.findChildren(QTreeView):
            if view.isVisible() and view.model() is not None and header_of(view).isVisible():
                checked.add(id(view))
                problems += [f"{where} › {view.objectName()}: {n}" for n in narrow_columns(view)]
    assert checked, "no table was shown"
    assert not problems, "\n".join(problems)


def test_a_wide_table_scrolls_sideways_instead_of_squeezing(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    """All twenty-one columns of the d6 gear in one table (as the list once showed them):
    narrow, it scrolls sideways with every text column at its floor; wide, the text
    columns share the spare width and nothing scrolls."""
    from sheetapp.ui.table_box import table_view

    form = open_sample(window, "d6-pool", tmp_path)
    gear = next(view for view in form.findChildren(QTableView) if view.objectName() == "equipment")
    wide = table_view(gear.model(), "wide", stretch=("name", "notes"))
    qtbot.addWidget(wide)
    wide.resize(900, 300)
    wide.show()
    QApplication.processEvents()
    assert wide.horizontalScrollBar().maximum() > 0  # twenty-one columns do not fit 900 px
    header = wide.horizontalHeader()
    assert header.length() > wide.viewport().width()
    assert not narrow_columns(wide)
    wide.resize(3000, 300)  # room for all: the text columns share the spare width
    QApplication.processEvents()
    assert header.length() == wide.viewport().width()
    assert wide.horizontalScrollBar().maximum() == 0


def test_the_spare_width_goes_evenly_to_text_columns_above_their_floors() -> None:
    assert shares(500, [100, 100]) == [250, 250]
    assert shares(500, [400, 50]) == [400, 100]
    assert shares(50, [100, 60]) == [100, 60]  # nothing to share: every column at its floor
    assert sum(shares(999, [10, 20, 30])) == 999


def test_a_column_grows_to_rows_added_after_the_table_was_shown(qtbot) -> None:
    """An XP ledger opened empty, then awarded: its Kind column shows "award" whole."""
    from sheetapp.dice import Roller
    from sheetapp.systems.amazing_engine import experience
    from sheetapp.systems.amazing_engine.catalog import builtin_universes
    from sheetapp.systems.amazing_engine.generation import random_prime_sheet
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.sheet_form import create_form

    sheet = random_prime_sheet(Roller(11), builtin_universes()["generic"])
    document = SheetDocument(sheet)
    form = create_form(document)
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    form.show_character(0)
    ledger = next(v for v in form.findChildren(QTableView) if v.objectName() == "xp_ledger")
    page = ledger
    while page.parentWidget() is not None:  # bring the Experience tab to the front
        parent = page.parentWidget()
        if isinstance(parent.parentWidget(), QTabWidget):
            parent.parentWidget().setCurrentWidget(page)
        page = parent
    qtbot.waitUntil(ledger.isVisible)
    qtbot.wait(20)
    document.replace(experience.award(sheet, 0, to_character=200, to_core=100), "Award")
    qtbot.wait(20)
    assert ledger.model().index(0, 0).data() == "award"
    assert ledger.horizontalHeader().sectionSize(0) >= ledger.sizeHintForColumn(0)


def test_the_d6_gear_fits_beside_the_dice_dock_at_1366(window: MainWindow, tmp_path: Path) -> None:
    """Twenty-one columns once scrolled sideways: the play columns and the sample gear's
    rules are two tables over the same items now, each whole at 1366 x 768, and every
    column shows in one of them."""
    form = open_sample(window, "d6-pool", tmp_path)
    window.resize(1366, 768)
    window.dice_dock.show()
    views = {
        view.objectName(): view
        for view in form.findChildren(QTableView)
        if view.objectName() in ("equipment", "equipment_rules")
    }
    for _ in every_tab(form):
        if views["equipment"].isVisible():
            break
    QApplication.processEvents()
    for view in views.values():
        assert view.isVisible() and view.horizontalScrollBar().maximum() == 0, view.objectName()
    model = views["equipment"].model()
    shown = {
        column
        for view in views.values()
        for column in range(model.columnCount())
        if not view.isColumnHidden(column)
    }
    assert shown == set(range(model.columnCount()))


def test_an_item_picked_in_the_d6_list_is_the_one_its_rules_show(
    window: MainWindow, tmp_path: Path
) -> None:
    form = open_sample(window, "d6-pool", tmp_path)
    items = [Item(name=name) for name in ("Lantern", "Sap", "Rope")]
    form.document.edit(("equipment",), items)
    views = {v.objectName(): v for v in form.findChildren(QTableView)}
    listed, rules = views["equipment"], views["equipment_rules"]
    listed.setCurrentIndex(listed.model().index(1, 0))
    assert rules.currentIndex().row() == 1
    assert not rules.isColumnHidden(rules.currentIndex().column())
    rules.setCurrentIndex(rules.model().index(2, 0))
    assert listed.currentIndex().row() == 2
