"""Leaving a creation wizard: Escape, Cancel or the close button close at once when nothing
was entered, and ask first when something was, in every system's wizard."""

from __future__ import annotations

from importlib import import_module

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QWidget,
    QWizard,
)

from sheetapp.systems.registry import modules
from sheetapp.ui.amplitude.wizard import CharacterWizard
from sheetapp.ui.settings import Settings

from .amplitude.test_wizard import drive_hana

SYSTEMS = ("amazing-engine", "alternity", "amplitude", "d6-pool", "forgotten-futures")


def _wizard(qtbot, system: str) -> QWizard:
    wizard = import_module(modules(system).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    return wizard


def _answering(monkeypatch, answer: str) -> list[str]:
    """The next question is answered with the button named ``answer``; its text is kept."""
    asked: list[str] = []

    def exec_(box: QMessageBox) -> int:
        asked.append(box.text())
        (button,) = [b for b in box.buttons() if b.text().replace("&", "") == answer]
        button.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return asked


@pytest.mark.parametrize("system", SYSTEMS)
def test_escape_on_an_untouched_wizard_closes_it_without_asking(qtbot, monkeypatch, system) -> None:
    wizard = _wizard(qtbot, system)
    asked = _answering(monkeypatch, "Keep Editing")
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert asked == [] and not wizard.isVisible()


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("how", ["escape", "cancel"])
def test_leaving_after_typing_a_name_asks_and_keeps_the_work_unless_discarded(
    qtbot, monkeypatch, system, how
) -> None:
    wizard = _wizard(qtbot, system)
    name = wizard.findChild(QLineEdit, "name")
    assert name is not None and name.isVisible(), "every wizard asks the name first"
    name.setFocus()
    qtbot.keyClicks(name, "Ada")

    def leave() -> None:
        if how == "escape":
            qtbot.keyClick(name, Qt.Key.Key_Escape)
        else:
            qtbot.mouseClick(
                wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton
            )

    asked = _answering(monkeypatch, "Keep Editing")
    leave()
    assert asked == ["Close the wizard and discard what you entered?"]
    assert wizard.isVisible() and name.text() == "Ada"
    _answering(monkeypatch, "Discard")
    leave()
    assert not wizard.isVisible()


@pytest.mark.parametrize("key", ["notes", "ob"])
def test_escape_in_a_cell_takes_back_its_edit_first_and_asks_only_the_second_time(
    qtbot, monkeypatch, key
) -> None:
    """As in any table: the first Escape cancels the cell's edit, the next one leaves."""
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.activateWindow()  # offscreen, a shown window is active only once asked
    qtbot.waitUntil(wizard.isActiveWindow)
    drive_hana(qtbot, wizard, until="Skills")
    qtbot.mouseClick(wizard.findChild(QPushButton, "skills_add"), Qt.MouseButton.LeftButton)
    cell = wizard.findChild(QWidget, f"skills_0_{key}")
    before = _shown(cell)
    cell.setFocus()
    qtbot.waitUntil(cell.hasFocus)
    qtbot.keyClicks(QApplication.focusWidget(), "ace" if key == "notes" else "7")
    assert _shown(cell) != before
    asked = _answering(monkeypatch, "Keep Editing")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert asked == [] and wizard.isVisible()
    assert _shown(cell) == before
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert asked == ["Close the wizard and discard what you entered?"]
    assert wizard.isVisible()


def _shown(cell: QWidget) -> str:
    return cell.text() if isinstance(cell, QLineEdit | QSpinBox) else ""
