"""The library announces its changes: open tabs follow their sheet into the trash or to a
new revision, whether the change was made here or by the command line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

from sheetapp.cli.main import main
from sheetapp.storage.library import open_library
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, hero, npc, roster_names


def answer_box(monkeypatch, button_text: str) -> list[str]:
    """Make the next question box click its button named ``button_text``; its texts."""
    asked: list[str] = []

    def exec_(box: QMessageBox) -> int:
        asked.append(box.text())
        for button in box.buttons():
            if button.text() == button_text:
                button.click()
                return 0
        raise AssertionError(f"no button {button_text!r} in {[b.text() for b in box.buttons()]}")

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return asked


def tab_texts(window: MainWindow) -> list[str]:
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def rename(window: MainWindow, qtbot, name: str) -> None:
    form = window.current_form()
    form.show_character(0)
    field = form.findChild(QLineEdit, "name")
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, name)


def test_deleting_an_open_sheet_from_the_library_menu_closes_its_tab(
    window: MainWindow, library
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    assert window.current_form().document.library_id == sheet_id
    window.library_actions.delete_action.trigger()  # acts on the current tab's sheet
    assert library.row(sheet_id).trashed is not None
    assert window.current_form() is None
    assert tab_texts(window) == ["Library"]
    # Undo on the roster brings the sheet back (its tab stays closed).
    window.show_library()
    window.library_tab.view.setFocus()
    window.undo_action.trigger()
    assert library.row(sheet_id).trashed is None
    assert roster_names(window) == ["Ada"]


def test_a_modified_tab_of_a_deleted_sheet_is_marked_and_save_restores_it(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    rename(window, qtbot, "Adalind")
    window.library_actions.delete_action.trigger()
    assert library.row(sheet_id).trashed is not None
    document = window.current_form().document
    assert tab_texts(window)[1] == "Adalind (in the trash)*"
    asked = answer_box(monkeypatch, "Restore and Save")
    assert window.save_current()  # once failed: "sheet 1 is in the trash; restore it first"
    assert "was moved to the trash while its tab was open" in asked[0]
    assert library.row(sheet_id).trashed is None
    assert library.load(sheet_id).characters[0].name == "Adalind"
    assert not document.is_modified
    assert tab_texts(window)[1] == "Adalind"


def test_a_modified_tab_of_a_deleted_sheet_can_be_kept_as_a_new_sheet(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    rename(window, qtbot, "Bo")
    window.library_actions.delete_action.trigger()
    answer_box(monkeypatch, "Save as New Sheet")
    assert window.save_current()
    new_id = window.current_form().document.library_id
    assert new_id not in (None, sheet_id)
    assert library.row(sheet_id).trashed is not None  # the old one stays in the trash
    assert library.load(new_id).characters[0].name == "Bo"
    assert roster_names(window) == ["Bo"]


def test_a_sheet_the_command_line_changes_while_open_is_noticed(
    window: MainWindow, qtbot, library, capsys
) -> None:
    (sheet_id,) = fill(window, hero(3, "Ada"))
    window.open_library_sheets([sheet_id])
    document = window.current_form().document
    ledger_before = len(library.load(sheet_id).characters[0].xp_ledger)
    assert main(["library", "award", str(sheet_id), "--xp", "40"]) == 0
    with qtbot.waitSignal(window.library_session.sheets_changed) as changed:
        window.library_session.check_outside_changes()  # what coming back to the app does
    assert changed.args == [[sheet_id]]
    ledger = document.sheet.characters[0].xp_ledger
    assert len(ledger) == ledger_before + 1 and ledger[-1].amount == 40
    assert not document.is_modified
    # And a sheet the command line deletes closes its (unmodified) tab.
    assert main(["library", "delete", str(sheet_id)]) == 0
    with qtbot.waitSignal(window.library_session.sheets_trashed):
        window.library_session.check_outside_changes()
    assert tab_texts(window) == ["Library"]
    capsys.readouterr()


def test_a_second_connection_adding_and_tagging_reaches_the_roster(
    window: MainWindow, qtbot
) -> None:
    fill(window, npc(1, "Ada"))
    with open_library(window.library_session.library.path) as other:
        new = other.add(npc(2, "Bo"))
        other.add_tags([new], ["watch"])
    with qtbot.waitSignal(window.library_session.sheets_added) as added:
        window.library_session.check_outside_changes()
    assert added.args == [[new]]
    assert roster_names(window) == ["Ada", "Bo"]
    tab = window.library_tab
    assert tab.tag_filter.findText("watch") > 0
    # Nothing new: nothing announced.
    with qtbot.assertNotEmitted(window.library_session.changed):
        window.library_session.check_outside_changes()


def test_undo_follows_focus_between_the_roster_and_the_sheet(
    window: MainWindow, qtbot, library
) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.show_library()
    window.library_tab.select_ids([sheet_id])
    window.library_session.change_tags([sheet_id], ["watch"], [])
    window.open_library_sheets([sheet_id])
    rename(window, qtbot, "Adalind")
    assert window.undo_action.text().startswith("&Undo")
    window.undo_action.trigger()  # the sheet's edit, since the sheet has focus
    assert library.row(sheet_id).tags == ("watch",)
    window.show_library()
    window.library_tab.view.setFocus(Qt.FocusReason.OtherFocusReason)
    window.undo_action.trigger()
    assert library.row(sheet_id).tags == ()
