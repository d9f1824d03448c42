"""File > New Character and the library's New… open each system's creation wizard."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QToolButton

from sheetapp.systems.registry import systems_with_wizards, wizard_text
from sheetapp.ui.wizard.stepped import StepWizard


@pytest.fixture
def opened(monkeypatch) -> list[StepWizard]:
    """Wizards that were asked to run, accepted at once so the window opens their sheet."""
    seen: list[StepWizard] = []

    def accept(self: StepWizard) -> int:
        seen.append(self)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(StepWizard, "exec", accept)
    return seen


def test_file_menu_lists_every_system_with_a_wizard(window) -> None:
    titles = [a.text().replace("&", "") for a in window.new_character_menu.actions()]
    assert titles[0] == "Amazing Engine (Player Core)…"
    assert len(titles) == len(systems_with_wizards())


@pytest.mark.parametrize("system_id", systems_with_wizards())
def test_library_new_opens_the_wizard_and_its_sheet(window, opened, system_id) -> None:
    button = window.findChild(QToolButton, "roster_new")
    name = wizard_text(system_id)  # as File > New Character names it
    chosen = [a for a in button.menu().actions() if a.text() == name]
    assert chosen, [a.text() for a in button.menu().actions()]
    before = len(window.documents())
    chosen[0].trigger()
    assert len(opened) == 1
    documents = window.documents()
    assert len(documents) == before + 1
    assert documents[-1].sheet.system == system_id
    assert documents[-1].is_modified  # a new sheet counts as unsaved
