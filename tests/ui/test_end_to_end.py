"""The whole player's path through the window, as the System Guide tells Wolfgang's story:
his core and prime character from the dice he rolled, a smuggler captain from the core,
XP awarded and spent, undo and redo, save, close, reopen, and every value as it was."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QSpinBox

from sheetapp.findings import Severity
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.ui.amazing_engine.wizards import LaterCharacterWizard, PrimeCharacterWizard
from sheetapp.ui.amazing_engine.xp_award import AwardDialog
from sheetapp.ui.amazing_engine.xp_spend import ImproveAttributeDialog

from .amazing_engine.test_wizards import (
    CAPTAIN_DICE,
    CAPTAIN_POINTS,
    CAPTAIN_ROLLS,
    character_page,
    drive_wolfgang,
    fill,
    press_next,
    tick,
)

PRIME = {
    "fitness": 21,
    "reflexes": 36,
    "learning": 23,
    "intuition": 28,
    "psyche": 21,
    "willpower": 12,
    "charm": 32,
    "position": 23,
}
CAPTAIN = {
    "fitness": 30,
    "reflexes": 19,
    "learning": 18,
    "intuition": 29,
    "psyche": 23,
    "willpower": 22,
    "charm": 24,
    "position": 40,
}


def action(window, text: str):
    found = [a for a in window.sheet_menu.actions() if a.text().replace("&", "") == text]
    assert found, [a.text() for a in window.sheet_menu.actions()]
    return found[0]


def test_wolfgangs_story_end_to_end(window, qtbot, tmp_path, monkeypatch) -> None:
    def prime_wizard(self: PrimeCharacterWizard) -> int:
        self.show()  # as exec() would
        drive_wolfgang(qtbot, self)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(PrimeCharacterWizard, "exec", prime_wizard)
    window.new_core_action.trigger()
    form = window.current_form()
    document = form.document
    assert window.isWindowModified()  # a new sheet is unsaved
    assert sheet_figures(document.sheet).core.dice == {
        "physique": 6,
        "intellect": 6,
        "spirit": 4,
        "influence": 6,
    }

    # Tired of thieves, he retires Leo: one active character per universe.
    form.show_character(0)
    status = form.pages.currentWidget().findChild(QComboBox, "status")
    status.setCurrentIndex(status.findData("retired"))
    status.activated.emit(status.currentIndex())

    def later_wizard(self: LaterCharacterWizard) -> int:
        self.show()
        character_page(qtbot, self, "Captain", "explorer")
        press_next(self)
        fill(self, "dice", CAPTAIN_DICE)
        press_next(self)
        fill(self, "roll", CAPTAIN_ROLLS)
        press_next(self)
        fill(self, "points", CAPTAIN_POINTS)
        press_next(self)
        tick(self, "Tracking")
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(LaterCharacterWizard, "exec", later_wizard)
    action(window, "New Character from Core…").trigger()
    assert form.current_character() == 1

    def award(self: AwardDialog) -> int:
        self.findChild(QSpinBox, "total").setValue(75)
        return QDialog.DialogCode.Accepted.value

    def improve(self: ImproveAttributeDialog) -> int:
        combo = self.findChild(QComboBox, "attribute")
        combo.setCurrentIndex(combo.findData("reflexes"))
        self.findChild(QSpinBox, "points").setValue(2)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(AwardDialog, "exec", award)
    monkeypatch.setattr(ImproveAttributeDialog, "exec", improve)
    action(window, "Award XP…").trigger()
    action(window, "Buy Attribute Points…").trigger()
    figures = sheet_figures(document.sheet)
    assert figures.characters[1].xp == 40 and figures.core.xp == 25
    assert figures.characters[1].attributes["reflexes"] == 21

    window.undo_action.trigger()
    assert sheet_figures(document.sheet).characters[1].attributes["reflexes"] == 19
    assert sheet_figures(document.sheet).characters[1].xp == 50
    window.redo_action.trigger()
    assert not [f for f in document.findings if f.severity is Severity.ERROR]

    target = tmp_path / "wolfgang.json"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    window.save_current_as()  # a file to share (Save would keep it in the library)
    assert not window.isWindowModified()
    window.close_tab()
    assert window.current_form() is None

    reopened = window.open_path(target).document.sheet
    figures = sheet_figures(reopened)
    assert figures.core.player == "Wolfgang"
    assert figures.core.ranks == {"physique": 2, "intellect": 4, "spirit": 3, "influence": 1}
    assert figures.core.dice == {"physique": 6, "intellect": 6, "spirit": 4, "influence": 6}
    assert figures.core.xp == 25
    leo, captain = figures.characters
    assert (leo.name, leo.status, leo.attributes) == ("Leo", "retired", PRIME)
    assert (captain.name, captain.status) == ("Captain", "active")
    assert captain.attributes == {**CAPTAIN, "reflexes": 21}
    assert captain.xp == 40
    assert [s.name for s in captain.skills] == ["Tracking"]
    assert [e.kind for e in reopened.characters[1].xp_ledger] == ["award", "attribute"]
