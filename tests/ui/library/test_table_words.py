"""The Table's sides read in the GM's language: sheets added from the roster joined sides
named "NPCs" and "PCs" in English in every language."""

from __future__ import annotations

from sheetapp.ui.main_window import MainWindow

from .conftest import fill, plain, select_names
from .test_table_play import headings


def test_sheets_from_the_roster_join_a_side_named_in_the_language(speak, window: MainWindow):
    speak("de")
    fill(window, plain("Ada", psyche=37, reflexes=56), plain("Stalker", psyche=73))
    select_names(window, "Ada", "Stalker")
    window.library_actions.encounter_action.trigger()
    assert headings(window.table_panel) == ["NSCs"]
