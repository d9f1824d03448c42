"""Lists in tables change row by row: a view keeps its current cell when rows come, go or
move (through Add, Alt+Up/Down, a drag, undo and redo), a new row opens for typing, and every
item model of every form is a sound Qt model while that happens."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QPushButton, QTableView

from sheetapp.systems.d6_pool.model import Item
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_change import Inserted, Moved, Removed, apply_change, list_changes
from sheetapp.ui.list_table_model import Column, ListTableModel
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.sheet_form import create_form

from ..reliability.test_hostile_window import show_every_tab
from .conftest import _forget_changes

LISTS = st.lists(st.integers(0, 4), max_size=8)


@given(old=LISTS, new=LISTS)
def test_the_steps_between_two_lists_lead_from_one_to_the_other(old, new) -> None:
    items = list(old)
    for change in list_changes(old, new):
        apply_change(items, change, new)
    assert items == new


@given(items=st.lists(st.integers(), min_size=1, max_size=8), data=st.data())
def test_one_insert_remove_or_move_is_told_as_that_one_step(items, data) -> None:
    row = data.draw(st.integers(0, len(items) - 1))
    assert list_changes(items, [*items[:row], None, *items[row:]]) == [Inserted(row, row)]
    assert list_changes(items, [*items[:row], *items[row + 1 :]]) in (
        [Removed(row, row)],
        *[[Removed(r, r)] for r in range(len(items)) if items[r] == items[row]],
    )
    to = data.draw(st.integers(0, len(items) - 1))
    moved = list(items)
    moved.insert(to, moved.pop(row))
    steps = list_changes(items, moved)
    assert len(steps) <= 1 and all(isinstance(s, Moved) for s in steps)


def random_form(qtbot, system_id: str, seed: int = 5):
    sheet = get_system(system_id).new(NewOptions(random=True, seed=seed))
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    show_every_tab(form)
    return form


def item_models(root) -> list:
    """Every distinct model behind a view under ``root``, and the models under proxies."""
    found: dict[int, object] = {}
    for view in root.findChildren(QAbstractItemView):
        model = view.model()
        while model is not None:
            found.setdefault(id(model), model)
            model = model.sourceModel() if isinstance(model, QAbstractProxyModel) else None
    return list(found.values())


@pytest.mark.parametrize("system_id", system_ids())
def test_every_item_model_of_the_window_is_sound_through_edits(
    qtbot, qtmodeltester, system_id: str
) -> None:
    """The form's tables, the findings and the roster, checked by Qt's model tester, which
    then keeps watching them while rows are added, moved, undone and redone."""
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    assert window.library_actions is not None
    window.new_random_npc(system_id)
    form = window.current_form()
    assert form is not None
    show_every_tab(form)
    models = item_models(window)
    lists = [m for m in models if isinstance(m, ListTableModel)]
    assert lists, "every system's form has list tables"
    assert len(models) > len(lists), "the findings and roster models are checked too"
    for model in models:
        qtmodeltester.check(model)
    document = form.document
    for model in lists:
        if model.rowCount():
            model.append(model.item(0).model_copy(), "Copy a row")
            model.move_row(0, model.rowCount() - 1, "Move row")
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    while document.undo_stack.canRedo():
        document.undo_stack.redo()


def equipment(qtbot) -> tuple:
    form = random_form(qtbot, "d6-pool")
    form.pages.setCurrentWidget(form.gear_tab)
    view = form.gear_tab.findChild(QTableView, "equipment")
    packed = [Item(name=name) for name in ("Lantern", "Rope", "Bread")]
    form.document.edit(("equipment",), [*form.document.sheet.equipment, *packed])
    form.document.undo_stack.clear()
    return form, view


def names(form) -> list[str]:
    return [item.name for item in form.document.sheet.equipment]


def test_add_opens_the_new_row_for_typing_and_undo_keeps_the_current_row(qtbot) -> None:
    form, view = equipment(qtbot)
    document = form.document
    rows = view.model().rowCount()
    qtbot.mouseClick(form.findChild(QPushButton, "add_equipment"), Qt.MouseButton.LeftButton)
    assert view.model().rowCount() == rows + 1
    assert view.currentIndex().row() == rows
    assert view.state() == QAbstractItemView.State.EditingState
    editor = view.indexWidget(view.currentIndex())
    assert editor is not None and editor.hasFocus()
    editor.selectAll()
    qtbot.keyClicks(editor, "Rope")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: names(form)[-1] == "Rope")  # the delegate commits queued

    # Insert in the table adds another, the same way.
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.keyClick(view, Qt.Key.Key_Insert)
    assert view.model().rowCount() == rows + 2
    assert view.currentIndex().row() == rows + 1
    qtbot.keyClick(view.indexWidget(view.currentIndex()), Qt.Key.Key_Escape)

    # Undoing the additions leaves an earlier current row where it was.
    view.setCurrentIndex(view.model().index(1, 0))
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert view.model().rowCount() == rows + 1
    assert view.currentIndex() == view.model().index(1, 0)


def test_alt_down_moves_the_row_as_one_undo_step_and_an_unrelated_edit_keeps_the_cell(
    qtbot,
) -> None:
    form, view = equipment(qtbot)
    document = form.document
    before = names(form)
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 2))
    qtbot.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert names(form) == [before[1], before[0], *before[2:]]
    assert (view.currentIndex().row(), view.currentIndex().column()) == (1, 2)
    assert view.selectionModel().isRowSelected(1, QModelIndex())
    qtbot.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert names(form) == before
    qtbot.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)  # already first
    assert names(form) == before

    qtbot.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    document.undo_stack.undo()
    assert names(form) == before
    assert view.currentIndex().row() == 0

    view.setCurrentIndex(view.model().index(1, 2))
    document.edit(("name",), "Someone else")
    document.edit(("equipment", 0, "notes"), "dented")
    assert (view.currentIndex().row(), view.currentIndex().column()) == (1, 2)


def test_a_row_dropped_elsewhere_moves_there_as_one_undo_step(qtbot) -> None:
    form, view = equipment(qtbot)
    model, document = view.model(), form.document
    before = names(form)
    data = model.mimeData([model.index(0, 0)])
    assert model.canDropMimeData(data, Qt.DropAction.MoveAction, 2, 0, QModelIndex())
    model.dropMimeData(data, Qt.DropAction.MoveAction, 2, 0, QModelIndex())
    assert names(form) == [before[1], before[0], *before[2:]]
    assert document.undo_stack.undoText() == "Move row"
    document.undo_stack.undo()
    assert names(form) == before


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["add", "remove", "move", "rename", "replace", "undo", "redo"]),
        st.integers(0, 7),
        st.integers(0, 7),
    ),
    max_size=12,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_model_follows_any_run_of_edits_undo_and_redo(qtbot, qtmodeltester, operations):
    """Whatever happens to the list, the model shows the document's list, Qt's tester finds
    every announcement sound, and a row that was not touched keeps its persistent index."""
    sheet = get_system("d6-pool").new(NewOptions(random=True, seed=2))
    document = SheetDocument(sheet)
    document.edit(("equipment",), [Item(name=f"item {i}") for i in range(4)])
    model = ListTableModel(document, ("equipment",), [Column("Item", "name")])
    qtmodeltester.check(model)
    made = 4
    for what, a, b in operations:
        items = list(document.sheet.equipment)
        marked = QPersistentModelIndex(model.index(0, 0)) if items else None
        first = items[0].name if items else None
        if what == "add":
            model.append(Item(name=f"item {made}"), "Add")
            made += 1
        elif what == "remove" and items:
            model.remove_rows([a % len(items)], "Remove")
        elif what == "move" and items:
            model.move_row(a % len(items), b % len(items), "Move")
        elif what == "rename" and items:
            document.edit(("equipment", a % len(items), "name"), f"item {made}")
            made += 1
        elif what == "replace":
            document.edit(("equipment",), [Item(name=f"item {made + i}") for i in range(a % 4)])
            made += 4
        elif what == "undo" and document.undo_stack.canUndo():
            document.undo_stack.undo()
        elif what == "redo" and document.undo_stack.canRedo():
            document.undo_stack.redo()
        shown = [model.index(r, 0).data() for r in range(model.rowCount())]
        assert shown == [item.name for item in document.sheet.equipment]
        untouched = what in ("add", "move") or (
            what in ("remove", "rename") and items and a % len(items) != 0
        )
        if marked is not None and untouched:
            assert marked.isValid() and marked.data() == first
