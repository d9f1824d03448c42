"""A 1366x768 laptop leaves a window about 700 pixels of height once the desktop's panel and
the title bar are taken: with a sheet of every system open, and the Table dock built, the
window must still fit, its tall pages scrolling instead of pushing the window off screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow

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
