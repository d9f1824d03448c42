"""Text from a sheet or the disk shows as it is in menus and tabs, '&' included (Qt would
take a single '&' as an Alt+letter marker and drop it)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton

from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow

LONE_AMPERSAND = re.compile(r"(?<!&)&(?!&)")


@pytest.mark.parametrize("system_id", system_ids())
def test_menus_of_the_rules_samples_keep_their_ampersands(
    window: MainWindow, system_id: str
) -> None:
    """Every "Add from the rules…" menu lists data (Forgotten Futures bases like AvM&S)."""
    window.new_random_npc(system_id)
    form = window.current_form()
    pages = getattr(form, "pages", None)
    for index in range(pages.count() if pages is not None else 0):
        pages.setCurrentIndex(index)  # pages built when first shown
    menus = [b.menu() for b in form.findChildren(QPushButton) if b.menu() is not None]
    for menu in menus:
        for action in menu.actions():
            assert not LONE_AMPERSAND.search(action.text()), action.text()


def test_names_with_ampersands_show_whole_in_tabs_and_recent_files(
    window: MainWindow, hero_file: Path, tmp_path: Path
) -> None:
    path = tmp_path / "Bonnie & Clyde.json"
    shutil.copy(hero_file, path)
    form = window.open_path(path)
    form.document.edit(("characters", 0, "name"), "Tom & Jerry")
    form.document.undo_stack.setClean()
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Tom && Jerry"
    assert form.pages.tabText(1) == "Tom && Jerry"  # the character's own page
    window.files.fill_recent()
    assert window.recent_menu.actions()[0].text() == str(path).replace("&", "&&")
