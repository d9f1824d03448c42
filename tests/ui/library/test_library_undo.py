"""Work on the roster and at the table is undone and redone from Edit, one step per user
action, while the roster or the Table dock has focus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QWidget

from sheetapp.play.batch import XpAward
from sheetapp.systems.amazing_engine import experience
from sheetapp.ui.library.group_dialog import GroupDialog
from sheetapp.ui.library.tags_dialog import TagsDialog
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, hero, npc, roster_names, run_dialog, select_names
from .test_table_play import _squad_and_stalker, bar, click, headings, members, pick


def focus(widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.OtherFocusReason)


def undo(window: MainWindow) -> None:
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()


def redo(window: MainWindow) -> None:
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()


def test_tags_are_undone_and_redone(window: MainWindow, qtbot, library, monkeypatch) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"), tags=["watch"])

    def drive(dialog: TagsDialog) -> None:
        qtbot.keyClicks(dialog.add_edit, "guard, ")
        dialog.held.item(0).setCheckState(Qt.CheckState.Checked)  # take "watch" off
        dialog.accept()

    run_dialog(monkeypatch, TagsDialog, drive)
    select_names(window, "Ada", "Bo")
    window.library_actions.tags_action.trigger()
    assert {r.tags for r in library.rows(ids)} == {("guard",)}
    focus(window.library_tab.view)
    assert window.undo_action.text() == "&Undo Edit the tags of 2 characters"
    undo(window)
    assert {r.tags for r in library.rows(ids)} == {("watch",)}
    assert window.library_tab.tag_filter.findText("guard") < 0  # the roster followed
    redo(window)
    assert {r.tags for r in library.rows(ids)} == {("guard",)}


def test_a_campaign_move_is_undone_sheet_by_sheet(window: MainWindow, library, monkeypatch) -> None:
    ada, bo = fill(window, npc(1, "Ada"), npc(2, "Bo"))
    library.move_to_campaign([bo], "Old Road")
    run_dialog(
        monkeypatch, GroupDialog, lambda d: (d.box.setEditText("The Drowned Coast"), d.accept())
    )
    select_names(window, "Ada", "Bo")
    window.library_actions.move_action.trigger()
    assert {r.campaign for r in library.rows([ada, bo])} == {"The Drowned Coast"}
    focus(window.library_tab.view)
    undo(window)
    assert [r.campaign for r in library.rows([ada, bo])] == ["", "Old Road"]
    redo(window)
    assert {r.campaign for r in library.rows([ada, bo])} == {"The Drowned Coast"}


def test_damage_at_the_table_is_undone_one_click_at_a_time(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    pick(panel, "Stalker")
    sheet_id = panel.encounter.combatant("sheet-2").sheet_id
    full = bar(panel, "stamina").maximum()
    click(qtbot, panel, "hurt_stamina_5")
    click(qtbot, panel, "hurt_stamina_1")
    assert library.damage_taken(sheet_id) == {"stamina": 6}
    window.open_library_sheets([sheet_id])  # a sheet's tab in front; the Table has focus
    assert window.current_form() is not None
    focus(panel.tree)
    assert window.undo_action.text() == "&Undo Damage"
    undo(window)
    assert library.damage_taken(sheet_id) == {"stamina": 5}
    assert bar(panel, "stamina").value() == full - 5  # the Table shows what was undone
    undo(window)
    assert library.damage_taken(sheet_id) == {}
    redo(window)
    assert library.damage_taken(sheet_id) == {"stamina": 5}


def test_encounter_changes_are_undone(window: MainWindow, qtbot, library, monkeypatch) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)  # two steps: added, then a side moved
    focus(panel.tree)
    undo(window)  # Ada back among the NPCs
    assert headings(panel) == ["NPCs"]
    assert members(panel, "NPCs") == ["Ada", "Stalker"]
    stored = panel.table.load(panel.chooser.encounter_id)
    assert {c.side for c in stored.combatants} == {"NPCs"}
    undo(window)  # nobody in the encounter
    assert panel.encounter.combatants == ()
    redo(window)
    redo(window)
    assert headings(panel) == ["Squad", "NPCs"]


def test_a_miss_or_a_refusal_records_no_step(window: MainWindow, qtbot, monkeypatch) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    count = window.library_session.undo_stack.count()
    pick(panel, "Stalker")
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("", False))  # cancelled
    click(qtbot, panel, "change_side")
    assert window.library_session.undo_stack.count() == count


def test_delete_from_the_roster_is_undone_from_edit(window: MainWindow, qtbot) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"))
    select_names(window, "Ada")
    view = window.library_tab.view
    focus(view)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert roster_names(window) == ["Bo"]
    undo(window)
    assert roster_names(window) == ["Ada", "Bo"]


def test_an_award_is_undone_by_making_the_revision_before_current(
    window: MainWindow, library
) -> None:
    (sheet_id,) = fill(window, hero(1, "Leo"))
    window.open_library_sheets([sheet_id])
    document = window.current_form().document
    window.library_session.award([sheet_id], XpAward(75, 25, "the bridge"))
    assert experience.character_balance(document.sheet, 0) == 75  # the open tab followed
    window.show_library()
    focus(window.library_tab.view)
    assert window.undo_action.text() == "&Undo Award 75 XP"
    undo(window)
    assert experience.character_balance(library.load(sheet_id), 0) == 0
    assert experience.character_balance(document.sheet, 0) == 0
    assert [r.number for r in library.revisions(sheet_id)] == [3, 2, 1]  # history only grows
    redo(window)
    assert experience.character_balance(library.load(sheet_id), 0) == 75
