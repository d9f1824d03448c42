"""The Library tab's New button and File > New Character name each system alike."""

from __future__ import annotations

from PySide6.QtWidgets import QToolButton

from sheetapp.ui.main_window import MainWindow


def test_the_new_button_names_each_system_as_the_menu_does(window: MainWindow) -> None:
    button = window.library_tab.findChild(QToolButton, "roster_new")
    offered = [a.text() for a in button.menu().actions()]
    assert offered == [a.text() for a in window.new_character_menu.actions()]
    assert any("Player &Core" in text for text in offered)
