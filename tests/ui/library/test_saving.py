"""Sheets and the library: Ctrl+S adds a revision, a revision can be restored, new sheets
are saved into the library, a file's sheet can be added, Save As writes a copy to share,
and unsaved work of a library sheet comes back to its sheet after a crash."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

from sheetapp.storage import autosave
from sheetapp.storage.document import load
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.main_window import MainWindow
from tests.processes import dead_pid

from ..conftest import _forget_changes
from .conftest import fill, npc, press_enter, run_dialog, select_names


def _rename(window: MainWindow, qtbot, text: str) -> None:
    form = window.current_form()
    form.show_character(0)
    name = form.findChild(QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, text)


def test_filter_open_edit_save_and_restore_an_older_revision(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, npc(1, "Bessa Brindle"), npc(2, "Bram Ashcombe"), npc(3, "Cole Dunmore"))
    qtbot.keyClicks(window.library_tab.filter_edit, "bram")
    assert window.library_tab.model.rowCount() == 1
    window.library_tab.view.selectRow(0)
    press_enter(qtbot, window.library_tab.view)
    form = window.current_form()
    sheet_id = form.document.library_id
    _rename(window, qtbot, "Robin Hale")
    assert window.windowTitle().startswith("Robin Hale")
    assert window.isWindowModified()
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Robin Hale*"

    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # no file dialog
    assert not window.isWindowModified()
    assert library.load(sheet_id).characters[0].name == "Robin Hale"
    assert [r.number for r in library.revisions(sheet_id)] == [2, 1]
    window.show_library()
    assert window.library_tab.model.rowCount() == 0  # renamed: "bram" matches no more
    window.library_tab.filter_edit.clear()
    assert "Robin Hale" in [
        window.library_tab.model.index(r, 0).data()
        for r in range(window.library_tab.model.rowCount())
    ]

    def restore_first(dialog: RevisionsDialog) -> None:
        tree = dialog.tree
        assert tree.topLevelItem(0).text(0) == "2 (current)"
        assert not dialog.restore_button.isEnabled()  # the current one
        rect = tree.visualItemRect(tree.topLevelItem(1))  # a click selects that one alone
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert tree.topLevelItem(1).text(2) == ""
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        assert dialog.tree.topLevelItem(0).text(0) == "3 (current)"
        assert dialog.tree.topLevelItem(0).text(2) == "restored revision 1"
        dialog.reject()

    run_dialog(monkeypatch, RevisionsDialog, restore_first)
    window.tabs.setCurrentWidget(form)  # the commands act on the current tab's sheet
    window.library_actions.revisions_action.trigger()
    assert library.load(sheet_id).characters[0].name == "Bram Ashcombe"
    # The open tab follows, undoably, and is not marked changed.
    assert form.document.sheet.characters[0].name == "Bram Ashcombe"
    assert not form.document.is_modified
    window.undo_action.trigger()
    assert form.document.sheet.characters[0].name == "Robin Hale"


def test_a_new_sheet_is_saved_into_the_library(window: MainWindow, qtbot, library) -> None:
    window.new_random_npc()
    document = window.current_form().document
    assert window.save_current()  # Ctrl+S: no file dialog
    assert document.library_id is not None and document.path is None
    assert library.load(document.library_id) == document.sheet
    assert library.revisions(document.library_id)[0].note == "new sheet"
    assert window.library_tab.count_label.text() == "1 character"


def test_save_as_on_a_library_sheet_writes_a_copy_to_share(
    window: MainWindow, library, tmp_path, monkeypatch
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    document = window.current_form().document
    document.edit(("characters", 0, "notes"), "not yet in the library")
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *_a: (str(tmp_path / "ada"), ""),
    )
    assert window.save_current_as()
    copy = load(tmp_path / "ada.sheet.json")
    assert copy.characters[0].notes == "not yet in the library"
    assert document.library_id == sheet_id and document.path is None
    assert document.is_modified  # the library has not got it yet
    assert library.load(sheet_id).characters[0].notes == ""


def test_a_file_is_added_to_the_library_and_then_saves_there(
    window: MainWindow, library, hero_file
) -> None:
    form = window.open_path(hero_file)
    assert window.add_to_library_action.isEnabled()
    before = hero_file.read_text()
    window.add_to_library_action.trigger()
    document = form.document
    assert document.library_id is not None and document.path is None
    assert not window.add_to_library_action.isEnabled()
    document.edit(("characters", 0, "notes"), "kept in the library")
    assert window.save_current()
    assert hero_file.read_text() == before  # the file is left as it was
    assert library.load(document.library_id).characters[0].notes == "kept in the library"
    assert library.revisions(document.library_id)[-1].note == "added from hero.json"


def test_unsaved_work_on_a_library_sheet_goes_back_to_its_sheet(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    window.current_form().document.edit(("characters", 0, "notes"), "before the crash")
    window.autosave_all()
    record = next(autosave.folder().glob("*.json"))
    data = json.loads(record.read_text())
    data["pid"] = dead_pid()
    record.write_text(json.dumps(data))

    later = MainWindow()
    qtbot.addWidget(later, before_close_func=_forget_changes)
    asked = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Yes,
    )
    later.offer_recovery()
    assert f"library sheet {sheet_id}" in asked[0]
    restored = later.current_form().document
    assert restored.library_id == sheet_id and restored.is_modified
    assert restored.sheet.characters[0].notes == "before the crash"
    assert later.save_current()
    assert library.load(sheet_id).characters[0].notes == "before the crash"
    assert not list(autosave.folder().glob(f"*{'.library-link'}"))


def test_select_then_open_several_asks_before_a_flood_of_tabs(
    window: MainWindow, library, monkeypatch
) -> None:
    ids = fill(window, *(npc(n, f"Guard {n:02d}") for n in range(25)))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Cancel)
    window.open_library_sheets(ids)
    assert window.tabs.count() == 1
    select_names(window, "Guard 01")
    window.library_actions.open_action.trigger()
    assert window.current_form().document.display_name() == "Guard 01"
