"""The Revisions dialog says what changed: one revision selected, what that save changed;
two (Ctrl+click), what changed from the older to the newer, in the rules' words."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.main_window import MainWindow

from ...storage.library.test_character_rows import three_universe_core
from .conftest import fill, run_dialog, select_names


def test_two_revisions_picked_show_the_changed_fields(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    core = three_universe_core()
    (sheet_id,) = fill(window, core)
    core.characters[1].profession = "Harbour pilot"
    library.save(sheet_id, core)
    core.characters[2].status = "dead"
    library.save(sheet_id, core)
    window.library_tab.refresh()
    seen: dict[str, str] = {}

    def compare(dialog: RevisionsDialog) -> None:
        tree = dialog.tree
        assert tree.topLevelItem(0).text(0) == "3 (current)"
        seen["current"] = dialog.changes.toPlainText()  # what the last save changed
        rect = tree.visualItemRect(tree.topLevelItem(2))  # revision 1, Ctrl+clicked
        qtbot.mouseClick(
            tree.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.ControlModifier,
            rect.center(),
        )
        seen["title"] = dialog.changes_title.text()
        seen["both"] = dialog.changes.toPlainText()
        assert not dialog.restore_button.isEnabled()  # two selected: which to restore?
        dialog.reject()

    run_dialog(monkeypatch, RevisionsDialog, compare)
    select_names(window, "Tomas Reed")
    window.library_actions.revisions_action.trigger()
    assert seen["current"] == "Tomas Reed › Status active -> dead"
    assert seen["title"].replace("&", "") == "Changes from revision 1 to revision 3:"
    assert seen["both"].splitlines() == [
        "Quillon Vey › Profession Smuggler -> Harbour pilot",
        "Tomas Reed › Status active -> dead",
    ]
