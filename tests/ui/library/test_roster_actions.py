"""The Library menu on the roster's selection: duplicate, move to a campaign, tags, delete to
the trash (Del, with Undo), the trash dialog, and the context menu."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from sheetapp.ui.library.group_dialog import GroupDialog
from sheetapp.ui.library.revisions_dialog import RevisionsDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.library.trash_dialog import TrashDialog
from sheetapp.ui.main_window import MainWindow

from ...campaign.held import hold_a_rename
from ..test_main_window import type_with_input_method
from .conftest import fill, npc, roster_names, run_dialog, select_names


def test_duplicate_makes_a_copy_with_the_same_tags(window: MainWindow, library) -> None:
    fill(window, npc(1, "Ada"), tags=["guard"], campaign="Harbour")
    select_names(window, "Ada")
    window.library_actions.duplicate_action.trigger()
    assert roster_names(window) == ["Ada", "Ada"]
    rows = library.roster()
    assert {(r.campaign, r.tags) for r in rows} == {("Harbour", ("guard",))}
    copy = max(r.id for r in rows)
    assert window.library_tab.selected_ids() == [copy]  # the copy is selected


def test_move_to_a_group_and_out_of_it(window: MainWindow, qtbot, library, monkeypatch) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"), npc(3, "Cy"))
    typed = iter(["The Drowned Coast", ""])
    asked = []

    def drive(dialog: GroupDialog) -> None:
        asked.append((dialog.findChild(QLabel, "move_intro").text(), dialog.box.currentText()))
        dialog.box.lineEdit().selectAll()
        qtbot.keyClick(dialog.box.lineEdit(), Qt.Key.Key_Delete)
        qtbot.keyClicks(dialog.box.lineEdit(), next(typed))
        dialog.accept()

    run_dialog(monkeypatch, GroupDialog, drive)
    ids = select_names(window, "Ada", "Cy")
    window.library_actions.move_action.trigger()
    assert asked[0] == ("Move Ada and Cy to the group:", "")
    assert {r.id: r.campaign for r in library.rows(ids)} == dict.fromkeys(ids, "The Drowned Coast")
    tab = window.library_tab
    assert tab.campaign_filter.findText("The Drowned Coast") > 0
    tab.campaign_filter.setCurrentIndex(tab.campaign_filter.findText("The Drowned Coast"))
    assert roster_names(window) == ["Ada", "Cy"]
    select_names(window, "Ada")
    window.library_actions.move_action.trigger()
    assert asked[1] == ("Move Ada to the group:", "The Drowned Coast")
    assert roster_names(window) == ["Cy"]


def test_edit_tags_adds_and_takes_off_for_the_whole_selection(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"), tags=["watch"])

    def drive(dialog: TagsDialog) -> None:
        assert [dialog.held.item(i).text() for i in range(dialog.held.count())] == ["watch"]
        qtbot.keyClicks(dialog.add_edit, "guard, harbour district, ")
        type_with_input_method(dialog.add_edit, "Ωμέγα")
        dialog.held.item(0).setCheckState(Qt.CheckState.Checked)
        dialog.accept()

    run_dialog(monkeypatch, TagsDialog, drive)
    select_names(window, "Ada", "Bo")
    window.library_actions.tags_action.trigger()
    assert {r.tags for r in library.rows(ids)} == {("guard", "harbour district", "Ωμέγα")}
    tab = window.library_tab
    assert [tab.tag_filter.itemText(i) for i in range(tab.tag_filter.count())] == [
        "All tags",
        "guard",
        "harbour district",
        "Ωμέγα",
    ]


def test_del_moves_to_the_trash_and_undo_brings_them_back(
    window: MainWindow, qtbot, library
) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"), npc(3, "Cy"))
    ids = select_names(window, "Ada", "Bo")
    view = window.library_tab.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert roster_names(window) == ["Cy"]
    assert {r.id for r in library.trash()} == set(ids)
    notice = window.library_tab.notice
    assert notice.isVisible() and notice.label.text() == "Moved Ada and Bo to the trash."
    qtbot.mouseClick(notice.button, Qt.MouseButton.LeftButton)
    assert roster_names(window) == ["Ada", "Bo", "Cy"]
    assert library.trash() == []
    assert sorted(window.library_tab.selected_ids()) == sorted(ids)
    # The banner undid the Delete step itself: Edit offers to redo it, not to undo a restore.
    assert window.redo_action.text() == "&Redo Delete 2 sheets"
    assert not notice.isVisible()


def test_the_trash_notice_goes_when_edit_undo_brings_the_sheets_back(
    window: MainWindow, qtbot, library
) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"))
    select_names(window, "Ada")
    view = window.library_tab.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    notice = window.library_tab.notice
    assert notice.isVisible()
    window.undo_action.trigger()
    assert roster_names(window) == ["Ada", "Bo"]
    assert not notice.isVisible()  # no offer left to undo what is undone
    window.redo_action.trigger()
    assert roster_names(window) == ["Bo"]


def test_the_trash_restores_and_empties_after_asking(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"), npc(3, "Cy"))
    window.library_session.trash(ids[:2])
    asked = []

    def drive(dialog: TrashDialog) -> None:
        tree = dialog.tree
        assert sorted(tree.topLevelItem(i).text(0) for i in range(2)) == ["Ada", "Bo"]
        for i in range(tree.topLevelItemCount()):
            if tree.topLevelItem(i).text(0) == "Bo":
                tree.topLevelItem(i).setSelected(True)
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        assert roster_names(window) == ["Bo", "Cy"]  # the roster follows at once
        answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])
        monkeypatch.setattr(
            QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or next(answers)
        )
        qtbot.mouseClick(dialog.empty_button, Qt.MouseButton.LeftButton)  # cancelled
        assert tree.topLevelItemCount() == 1
        qtbot.mouseClick(dialog.empty_button, Qt.MouseButton.LeftButton)
        assert tree.topLevelItemCount() == 0
        assert not dialog.empty_button.isEnabled()
        dialog.reject()

    run_dialog(monkeypatch, TrashDialog, drive)
    window.library_actions.trash_action.trigger()
    assert "cannot be undone" in asked[0]
    assert library.trash() == [] and library.count() == 2


def test_a_shared_sheet_restored_from_the_trash_takes_the_change_held_meanwhile(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    (ada,) = fill(window, npc(1, "Ada"))
    hold_a_rename(library, ada, "Ada the Bold")

    def drive(dialog: TrashDialog) -> None:
        dialog.tree.topLevelItem(0).setSelected(True)
        qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
        dialog.reject()

    run_dialog(monkeypatch, TrashDialog, drive)
    window.library_actions.trash_action.trigger()
    assert roster_names(window) == ["Ada the Bold"]
    assert library.revisions(ada)[0].note == "From the campaign"


def test_the_context_menu_offers_the_library_commands(window: MainWindow) -> None:
    fill(window, npc(1, "Ada"))
    select_names(window, "Ada")
    texts = [a.text() for a in window.library_tab._context_actions if a is not None]
    assert texts[:2] == ["&Open\tEnter", "Add to &Encounter"]
    assert "&Delete\tDel" in texts
    actions = window.library_actions
    assert actions.open_action.isEnabled() and actions.delete_action.isEnabled()
    window.library_tab.view.clearSelection()
    assert not actions.open_action.isEnabled() and not actions.delete_action.isEnabled()
    assert actions.transfer.generate_action.isEnabled()  # needs no selection


def test_the_trash_says_when_a_sheet_was_deleted_as_the_reader_writes_dates(
    window: MainWindow, library, monkeypatch
) -> None:
    """A German reader reads 27.11.26, 02:10, not 2026-11-27 02:10 (the locale's date, as
    the roster's tooltip and the revisions list write it)."""
    import re

    from sheetapp import locale_format

    fill(window, npc(1, "Ada"))
    library.delete(select_names(window, "Ada"))
    monkeypatch.setattr(locale_format, "babel_locale", lambda code=None: "de_DE")
    dialog = TrashDialog(window.library_session)
    deleted = dialog.tree.topLevelItem(0).text(3)
    assert re.fullmatch(r"\d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}", deleted), deleted


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_revisions_and_the_trash_show_the_whole_date(
    qtbot, window: MainWindow, library, speak, language: str
) -> None:
    """The revisions list's date with seconds in German or Arabic is longer than the width
    set for ISO dates: it read '27.11.2026, 02:47:…'. Each list widens to its dates."""
    speak(language)
    fill(window, npc(1, "Ada"), npc(2, "Bo"))
    ada = select_names(window, "Ada")
    library.delete(select_names(window, "Bo"))
    dialogs = [(RevisionsDialog(library, ada[0]), 1), (TrashDialog(window.library_session), 3)]
    for dialog, column in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        tree = dialog.tree
        shown = tree.topLevelItem(0).text(column)
        assert tree.header().sectionSize(column) >= tree.sizeHintForColumn(column), shown
