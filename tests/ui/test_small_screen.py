"""A 1366x768 laptop leaves a window about 700 pixels of height once the desktop's panel and
the title bar are taken: with a sheet of every system open, and the Table dock built, the
window must still fit, its tall pages scrolling instead of pushing the window off screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow

from .conftest import _forget_changes

LAPTOP_HEIGHT = 700  # 768 less a panel (about 30) and a title bar (about 35)
LAPTOP_WIDTH = 1366


def test_every_form_fits_a_1366x768_laptop(window: MainWindow, hero_file: Path) -> None:
    window.open_path(hero_file)  # an Amazing Engine core with its characters
    for system_id in system_ids():
        window.new_random_npc(system_id)
    window.library_tab  # noqa: B018 (the roster and Table dock, as after the first paint)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        form = window.current_form()
        pages = getattr(form, "pages", None) or getattr(form, "tabs", None)
        for page in range(pages.count() if pages is not None else 0):
            pages.setCurrentIndex(page)  # builds lazily made pages too
            QApplication.processEvents()
            minimum = window.minimumSizeHint()
            where = f"{window.tabs.tabText(index)} › {pages.tabText(page)}"
            assert minimum.height() <= LAPTOP_HEIGHT, f"{where}: {minimum.height()} px tall"
            assert minimum.width() <= LAPTOP_WIDTH, f"{where}: {minimum.width()} px wide"


def test_the_table_dock_gets_room_when_it_comes_to_the_front(
    window: MainWindow, hero_file: Path, qtbot
) -> None:
    """Under the sheet the docks stay low for the findings list; raising the Table dock
    makes it tall enough to show its encounter list, and the window keeps its size."""
    window.open_path(hero_file)
    findings_height = window.findings_dock.height()
    window.show_table()  # View ▸ Table (Ctrl+Shift+T)
    qtbot.waitUntil(lambda: window.table_dock.height() > findings_height)
    assert window.table_dock.height() >= 200  # the tab bar under it takes the rest
    assert window.height() == 768
    assert window.table_panel.isVisible()


def test_a_finding_jump_scrolls_its_field_into_view(window: MainWindow, hero_file: Path) -> None:
    """On a small window the Player Core page scrolls; jumping to a field below the fold
    must scroll it into sight, not just give it the focus."""
    window.resize(1000, 500)
    form = window.open_path(hero_file)
    QApplication.processEvents()
    assert form.focus_path("core.xp_ledger")
    field = QApplication.focusWidget()
    area = field.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    top = field.mapTo(area.viewport(), QPoint(0, 0)).y()
    assert 0 <= top < area.viewport().height()


def test_a_table_height_the_person_chose_is_kept(window: MainWindow, qtbot) -> None:
    window.show_table()
    window.resizeDocks([window.table_dock], [275], Qt.Orientation.Vertical)  # dragged by hand
    qtbot.wait(20)
    chosen = window.table_dock.height()
    assert chosen > 180
    window.findings_dock.raise_()
    qtbot.wait(20)
    window.table_dock.raise_()
    qtbot.wait(20)
    assert window.table_dock.height() == chosen


def _pages(window: MainWindow):
    """Every page of every open sheet, each brought to the front in turn."""
    for index in range(1, window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        form = window.current_form()
        pages = getattr(form, "pages", None) or getattr(form, "tabs", None)
        for page in range(pages.count() if pages is not None else 1):
            if pages is not None:
                pages.setCurrentIndex(page)
            QApplication.processEvents()
            yield f"{window.tabs.tabText(index)} › {pages.tabText(page) if pages else ''}"


def _bottom_docks_height(window: MainWindow) -> int:
    shown = [d for d in (window.findings_dock, window.table_dock) if d.isVisible()]
    return max((d.height() for d in shown), default=0)


DOCK_SETS = {
    "findings": (True, False, True),
    "table": (True, True, True),
    "table, no dice": (True, True, False),
    "no docks": (False, False, False),
    "table alone": (False, True, True),
}


def test_the_sheet_keeps_two_thirds_of_the_height_with_any_dock(qtbot, hero_file: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    window.resize(LAPTOP_WIDTH, LAPTOP_HEIGHT)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(hero_file)
    for system_id in system_ids():
        window.new_random_npc(system_id)
    for docks, (findings, table, dice) in DOCK_SETS.items():
        window.findings_dock.setVisible(findings)
        window.table_dock.setVisible(table)
        if table:
            window.table_dock.raise_()
        window.dice_dock.setVisible(dice)
        qtbot.wait(10)
        for where in _pages(window):
            sheet = window.tabs.height()
            shared = sheet + _bottom_docks_height(window)
            assert sheet * 3 >= shared * 2, f"{docks}: {where}: sheet {sheet} of {shared} px"


def test_a_hidden_table_gives_its_room_back(window: MainWindow, hero_file: Path, qtbot) -> None:
    window.open_path(hero_file)
    before = window.tabs.height()
    window.show_table()
    qtbot.waitUntil(lambda: window.tabs.height() < before)
    window.table_dock.hide()  # View ▸ Table again
    qtbot.waitUntil(lambda: window.tabs.height() >= before, timeout=1000)


def test_the_window_fits_the_screen_it_opens_on() -> None:
    from sheetapp.ui.main_window import fitted_size

    available = QSize(1366, 768 - 32)  # a laptop less its panel
    fitted = fitted_size(QSize(1280, 760), available)
    assert fitted.width() <= available.width() and fitted.height() <= available.height() - 30
    assert fitted_size(QSize(800, 600), available) == QSize(800, 600)
