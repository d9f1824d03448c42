"""The roster lists characters: every character of a Player Core has a row of its own,
found by its name, and opening that row shows that character's page."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sheetapp.ui.main_window import MainWindow

from .conftest import fill, hero, press_enter, roster_names


def core_with_a_smuggler():
    """Ana's core: Wolfgang, its prime, and a later character (a copy of the prime renamed;
    what the rules find wrong with such a copy does not matter to the roster)."""
    core = hero(5, "Wolfgang")
    smuggler = core.characters[0].model_copy(update={"id": "smuggler", "name": "Quillon Vey"})
    core.characters.append(smuggler)
    return core


def test_the_roster_finds_a_later_character_and_opens_its_page(
    window: MainWindow, qtbot
) -> None:
    (sheet_id,) = fill(window, core_with_a_smuggler())
    fill(window, hero(6, "Ada"))
    window.show_library()
    assert roster_names(window) == ["Ada (Ana)", "Quillon Vey (Ana)", "Wolfgang (Ana)"]
    tab = window.library_tab
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "quill")
    assert roster_names(window) == ["Quillon Vey (Ana)"]  # not the prime
    assert tab.count_label.text() == "1 of 3 characters"
    view = tab.view
    view.selectRow(0)
    press_enter(qtbot, view)
    form = window.current_form()
    assert form.document.library_id == sheet_id
    assert form.current_character() == 1  # the smuggler's page, not the prime's


def test_a_double_click_on_the_first_character_opens_its_page(
    window: MainWindow, qtbot
) -> None:
    fill(window, core_with_a_smuggler())
    view = window.library_tab.view
    rect = view.visualRect(view.model().index(1, 0))  # Wolfgang, after Quillon Vey
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.current_form().current_character() == 0


def test_selecting_a_sheet_selects_every_row_of_it_and_acts_on_it_once(
    window: MainWindow, library
) -> None:
    (sheet_id,) = fill(window, core_with_a_smuggler())
    tab = window.library_tab
    tab.select_ids([sheet_id])
    assert len(tab.view.selectionModel().selectedRows()) == 2
    assert tab.selected_ids() == [sheet_id]
    window.library_actions.duplicate_action.trigger()
    assert library.count() == 2  # one copy, not one per character row
