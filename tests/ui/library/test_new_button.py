"""The Library tab's New button and File > New Character name each system alike."""

from __future__ import annotations

from PySide6.QtWidgets import QToolButton

from sheetapp.ui.main_window import MainWindow


def test_the_new_button_names_each_system_as_the_menu_does(window: MainWindow) -> None:
    button = window.library_tab.findChild(QToolButton, "roster_new")
    offered = [a.text() for a in button.menu().actions()]
    assert offered == [a.text() for a in window.new_character_menu.actions()]
    assert any("Player &Core" in text for text in offered)


def test_the_librarys_groups_are_not_called_campaigns(window: MainWindow) -> None:
    """The Campaign menu is the shared campaign; the roster's own filing is a group."""
    tab = window.library_tab
    filters = [tab.campaign_filter.itemText(i) for i in range(tab.campaign_filter.count())]
    assert filters[:2] == ["All groups", "No group"]
    library_menu = [a.text() for a in window.library_menu.actions()]
    assert "&Move to Group…" in library_menu
    assert not any("Campaign" in text for text in library_menu)
