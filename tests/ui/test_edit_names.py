"""Undo and Redo name an edit by its field in the menus' title case ("Redo Edit Psyche")."""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.ui.document import SheetDocument


def test_an_edit_is_named_by_its_field_in_title_case(qtbot) -> None:
    document = SheetDocument(random_prime_sheet(Roller(3), builtin_universes()["generic"]))
    path = ("characters", 0, "attributes", "psyche")
    assert document.edit(path, document.value(path) + 1) is None
    assert document.undo_stack.undoText() == "Edit Psyche"
    document.undo_stack.undo()
    assert document.undo_stack.redoText() == "Edit Psyche"
