"""No two controls answer to the same Alt+letter on any dialog or on any page of any form
(with the main window's menu titles, which share the Alt key with the page shown)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget, QTabWidget

from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow

from .dialogs import library_dialogs, sheet_dialogs
from .mnemonics import claims, clashes, mnemonic


@pytest.mark.parametrize("name", sorted(sheet_dialogs()))
def test_a_dialog_has_no_clashing_mnemonics(qtbot, name: str) -> None:
    dialog = sheet_dialogs()[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    assert clashes([dialog]) == {}


def test_the_library_dialogs_have_no_clashing_mnemonics(qtbot, window: MainWindow) -> None:
    dialogs = library_dialogs(window)
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        assert clashes([dialog]) == {}, dialog.windowTitle()


def menu_titles(window: MainWindow) -> dict[str, str]:
    return {
        letter: action.text()
        for action in window.menuBar().actions()
        if action.isVisible() and (letter := mnemonic(action.text())) is not None
    }


@pytest.mark.parametrize("system_id", system_ids())
def test_every_form_page_has_no_clashing_mnemonics(qtbot, window: MainWindow, system_id: str):
    """Each page as shown, with the docks beside it and the menu titles: Alt+F cannot open
    both File and a field."""
    window.new_random_npc(system_id)
    form = window.current_form()
    titles = menu_titles(window)
    seen: set[int] = set()
    found: dict[str, object] = {}
    while pending := [t for t in form.findChildren(QTabWidget) if id(t) not in seen]:
        for tabs in pending:
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                page = f"{tabs.tabText(index)}"
                docks = [d for d in window.findChildren(QDockWidget) if d.isVisible()]
                if letters := clashes([form, *docks]):
                    found[page] = letters
                on_page = claims([form])
                if menu := {k: [titles[k], *v] for k, v in on_page.items() if k in titles}:
                    found[f"{page} (with the menus)"] = menu
    assert found == {}
