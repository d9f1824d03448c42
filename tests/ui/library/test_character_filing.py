"""Tags and groups on the roster's character rows, as a GM sets them: tagging one character
of a core tags it alone, and the tag filter and the search find it by that tag; moving or
deleting a whole core names every character it takes; tags and groups complete as typed
and are renamed, or merged, in one step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QMessageBox

from sheetapp.ui.library.group_dialog import GroupDialog
from sheetapp.ui.library.rename_dialog import RenameDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.main_window import MainWindow

from ...storage.library.test_character_rows import three_universe_core
from .conftest import fill, npc, roster_names, run_dialog

KESS, QUILLON, TOMAS = "Kess Marrow (Wolfgang)", "Quillon Vey (Wolfgang)", "Tomas Reed (Wolfgang)"
WHOLE_CORE = "Wolfgang's core with Kess Marrow, Quillon Vey and Tomas Reed"


def click_row(window: MainWindow, qtbot, name: str, *, ctrl: bool = False) -> None:
    view = window.library_tab.view
    row = roster_names(window).index(name)
    rect = view.visualRect(view.model().index(row, 0))
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def tags_column(window: MainWindow) -> dict[str, str]:
    model = window.library_tab.model
    column = next(
        c for c in range(model.columnCount()) if model.headerData(c, Qt.Horizontal) == "Tags"
    )
    return {
        model.index(r, 0).data(): model.index(r, column).data() for r in range(model.rowCount())
    }


def bring_forward(qtbot, dialog) -> None:
    """The dialog in front with the keyboard, as when it opens over the window."""
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)


def ok(dialog) -> None:
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def test_tagging_one_character_tags_it_alone_and_finds_it_by_the_tag(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, three_universe_core(), npc(4, "Ada Quill"))
    window.show_library()
    assert len(roster_names(window)) == 4
    seen = []

    def drive(dialog: TagsDialog) -> None:
        seen.append(dialog.findChild(QLabel, "tags_intro").text())
        qtbot.keyClicks(dialog.add_edit, "contact")
        ok(dialog)

    run_dialog(monkeypatch, TagsDialog, drive)
    click_row(window, qtbot, QUILLON)
    window.library_actions.tags_action.trigger()
    assert seen == ["Tags of Quillon Vey."]
    tags = tags_column(window)
    assert tags[QUILLON] == "contact"
    assert tags[KESS] == tags[TOMAS] == tags["Ada Quill"] == ""
    tab = window.library_tab
    tab.tag_filter.setCurrentIndex(tab.tag_filter.findText("contact"))
    assert roster_names(window) == [QUILLON]
    tab.tag_filter.setCurrentIndex(0)
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "contact")
    assert roster_names(window) == [QUILLON]
    # One step to undo, in the roster.
    tab.view.setFocus()
    window.undo_action.trigger()
    assert roster_names(window) == []
    assert library.tags() == []


def test_a_tag_completes_as_it_is_typed_after_the_ones_before_it(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    fill(window, npc(1, "Ada"), tags=["harbour district", "smuggler"])
    fill(window, npc(2, "Bo"))

    def drive(dialog: TagsDialog) -> None:
        bring_forward(qtbot, dialog)
        dialog.add_edit.setFocus()
        qtbot.keyClicks(dialog.add_edit, "guard, DIST")
        popup = dialog.add_edit.completer().popup()
        assert popup.isVisible()
        assert popup.model().index(0, 0).data() == "harbour district"
        qtbot.keyClick(popup, Qt.Key.Key_Down)
        qtbot.keyClick(popup, Qt.Key.Key_Return)
        assert dialog.add_edit.text() == "guard, harbour district"
        ok(dialog)

    run_dialog(monkeypatch, TagsDialog, drive)
    click_row(window, qtbot, "Bo")
    window.library_actions.tags_action.trigger()
    assert tags_column(window)["Bo"] == "guard, harbour district"


def test_moving_a_core_names_every_character_and_one_row_moves_it_alone(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    (core,) = fill(window, three_universe_core())
    window.show_library()
    asked = []
    typed = iter(["Verdigris nights", "Tu"])

    def drive(dialog: GroupDialog) -> None:
        asked.append(dialog.findChild(QLabel, "move_intro").text())
        line = dialog.box.lineEdit()
        line.selectAll()
        qtbot.keyClicks(line, next(typed))
        ok(dialog)

    run_dialog(monkeypatch, GroupDialog, drive)
    window.library_tab.select_ids([core])  # every row of the core
    window.library_actions.move_action.trigger()
    assert asked[0] == f"Move {WHOLE_CORE} to the group:"
    assert {r.campaign for r in library.roster()} == {"Verdigris nights"}
    click_row(window, qtbot, TOMAS)
    window.library_actions.move_action.trigger()
    assert asked[1] == "Move Tomas Reed to the group:"
    groups = {r.name: r.campaign for r in library.roster()}
    assert groups == {
        "Kess Marrow": "Verdigris nights",
        "Quillon Vey": "Verdigris nights",
        "Tomas Reed": "Tu",
    }


def test_a_group_completes_as_it_is_typed(window: MainWindow, qtbot, library, monkeypatch) -> None:
    fill(window, npc(1, "Ada"), campaign="The Drowned Coast")
    fill(window, npc(2, "Bo"))

    def drive(dialog: GroupDialog) -> None:
        bring_forward(qtbot, dialog)
        line = dialog.box.lineEdit()
        line.setFocus()
        qtbot.keyClicks(line, "drowned")
        popup = dialog.box.completer().popup()
        assert popup.isVisible()
        qtbot.keyClick(popup, Qt.Key.Key_Down)
        qtbot.keyClick(popup, Qt.Key.Key_Return)
        assert dialog.group() == "The Drowned Coast"
        ok(dialog)

    run_dialog(monkeypatch, GroupDialog, drive)
    click_row(window, qtbot, "Bo")
    window.library_actions.move_action.trigger()
    assert {r.name: r.campaign for r in library.roster()}["Bo"] == "The Drowned Coast"


def test_deleting_one_row_of_a_core_asks_naming_every_character_it_takes(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, three_universe_core(), npc(4, "Ada Quill"))
    window.show_library()
    answers = iter(["cancel", "delete"])
    asked = []

    def drive(box: QMessageBox) -> None:
        asked.append(box.text())
        choice = next(answers)
        wanted = next(b for b in box.buttons() if (b.text() == "Delete") == (choice == "delete"))
        wanted.click()

    run_dialog(monkeypatch, QMessageBox, drive)
    click_row(window, qtbot, QUILLON)
    view = window.library_tab.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert asked == [f"Delete {WHOLE_CORE}?"]
    assert len(roster_names(window)) == 4  # cancelled: nothing gone
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert roster_names(window) == ["Ada Quill"]
    notice = window.library_tab.notice
    assert notice.label.text() == f"Moved {WHOLE_CORE} to the trash."
    # A sheet of one character is deleted without a question, as before.
    click_row(window, qtbot, "Ada Quill")
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert len(asked) == 2 and roster_names(window) == []


def test_renaming_a_tag_to_one_that_exists_merges_them_in_one_step(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, npc(1, "Ada"), tags=["Crew"])
    fill(window, npc(2, "Bo"), tags=["crew", "watch"])
    notes = []

    def drive(dialog: RenameDialog) -> None:
        assert dialog.kind() == "tag"
        dialog.old_box.setCurrentText("Crew")
        qtbot.keyClicks(dialog.new_edit, "crew")
        notes.append(dialog.note.text())
        button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        notes.append(button.text())
        button.click()

    run_dialog(monkeypatch, RenameDialog, drive)
    window.show_library()
    window.library_actions.rename_action.trigger()
    assert notes == [
        "“crew” is a tag already: “Crew” becomes “crew” everywhere, and the two are one tag.",
        "Merge",
    ]
    assert library.tags() == ["crew", "watch"]
    tab = window.library_tab
    assert [tab.tag_filter.itemText(i) for i in range(tab.tag_filter.count())] == [
        "All tags",
        "crew",
        "watch",
    ]
    assert tags_column(window) == {"Ada": "crew", "Bo": "crew, watch"}
    tab.view.setFocus()
    window.undo_action.trigger()
    assert sorted(library.tags()) == ["Crew", "crew", "watch"]


def test_renaming_a_group_moves_everything_in_it(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, npc(1, "Ada"), campaign="Harbour")
    fill(window, npc(2, "Bo"), campaign="Docks")

    def drive(dialog: RenameDialog) -> None:
        dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("group"))
        dialog.old_box.setCurrentText("Docks")
        qtbot.keyClicks(dialog.new_edit, "Harbour")
        assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "Merge"
        ok(dialog)

    run_dialog(monkeypatch, RenameDialog, drive)
    window.show_library()
    window.library_actions.rename_action.trigger()
    assert library.campaigns() == ["Harbour"]
    assert {r.campaign for r in library.roster()} == {"Harbour"}
