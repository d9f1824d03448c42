"""A list table as a form shows it: the view, and the buttons that add and remove rows.

Every button and key edits the list through its model, so each is one undoable command: Add
(or Insert in the table) adds a row and opens its first editable cell, Alt+Up and Alt+Down
move the current row, and a row can be dragged to another place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
)

from sheetapp.i18n import N_, _
from sheetapp.ui.binding import report_refusal
from sheetapp.ui.labels import literal
from sheetapp.ui.list_table_model import ListTableModel
from sheetapp.ui.table_editors import CellDelegate
from sheetapp.ui.text_columns import TextColumns

Make = Callable[[], Any]


def table_view(
    model: ListTableModel,
    name: str,
    delegates: Mapping[str, QStyledItemDelegate] | None = None,
    *,
    stretch: Sequence[str] = (),
) -> QTableView:
    """A view over ``model``, one row selected as a whole: ``delegates`` edit the columns
    they are keyed by (a computed column by its title), ``stretch`` columns (text) share the
    spare width but keep a readable floor, scrolling the table sideways when it cannot fit
    (``TextColumns``), and the others fit their contents."""
    view = QTableView(objectName=name)
    view.setModel(model)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    # Tab goes on to the next field, as everywhere on the form: a table that took it moved
    # from cell to cell and round again, and a keyboard never left it. The arrows move
    # between cells; typing or F2 edits one, and Tab in a cell's editor still goes on to
    # the next cell.
    view.setTabKeyNavigation(False)
    view.setEditTriggers(
        QTableView.EditTrigger.DoubleClicked
        | QTableView.EditTrigger.EditKeyPressed
        | QTableView.EditTrigger.AnyKeyPressed
        | QTableView.EditTrigger.SelectedClicked
    )
    view.setItemDelegate(CellDelegate(view))
    # A cell's edit the rules refuse (a weight of -1) says why, as a field's does.
    model.refused.connect(lambda problem: report_refusal(view, problem))
    for i, column in enumerate(model.columns):
        key = column.key or column.title
        if delegates and key in delegates:
            view.setItemDelegateForColumn(i, delegates[key])
    size_columns(view, model, stretch)
    return view


def size_columns(view: QTableView, model: ListTableModel, stretch: Sequence[str]) -> None:
    """The ``stretch`` columns (by key, or a computed column by title) share the spare width
    above a readable floor; the others fit their contents (``TextColumns``)."""
    keys = [column.key or column.title for column in model.columns]
    TextColumns(view, [i for i, key in enumerate(keys) if key in stretch])


def add_and_edit(model: ListTableModel, view: QTableView, item: Any, text: str) -> None:
    """Add ``item`` as one undo step, make its row current and open its first editable cell,
    so a new row is typed into at once."""
    row = model.append(item, text)
    editable = [i for i, column in enumerate(model.columns) if column.editable]
    index = model.index(row, editable[0] if editable else 0)
    view.setFocus()
    view.setCurrentIndex(index)
    view.scrollTo(index)
    if index.flags() & Qt.ItemFlag.ItemIsEditable:
        view.edit(index)


def make_rows_movable(model: ListTableModel, view: QTableView) -> None:
    """Rows move by drag within the table and by Alt+Up / Alt+Down on the current row; the
    current cell follows the row (the model announces a move, not a reset)."""
    view.setDragEnabled(True)
    view.setAcceptDrops(True)
    view.setDropIndicatorShown(True)
    view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
    view.setDefaultDropAction(Qt.DropAction.MoveAction)
    for key, step, text in ((Qt.Key.Key_Up, -1, "up"), (Qt.Key.Key_Down, 1, "down")):
        action = QAction(
            _("Move row {text}").format(text=text),
            view,
            objectName=f"move_{text}_{view.objectName()}",
        )
        action.setShortcut(QKeySequence(Qt.KeyboardModifier.AltModifier | key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(
            lambda _unused=False, s=step, t=text: _move_current(
                model, view, s, _("Move row {t}").format(t=t)
            )
        )
        view.addAction(action)


def _move_current(model: ListTableModel, view: QTableView, step: int, text: str) -> None:
    row = view.currentIndex().row()
    if row >= 0:
        model.move_row(row, row + step, text)  # the current cell and selection follow the row


def remove_button(model: ListTableModel, view: QTableView, text: str, name: str) -> QPushButton:
    """Remove drops the rows selected in ``view``; ``text`` is the undo text."""
    button = QPushButton(_("Remove"), objectName=f"remove_{name}")
    button.clicked.connect(
        lambda: model.remove_rows(
            sorted({i.row() for i in view.selectionModel().selectedRows()}), text
        )
    )
    return button


# The undo texts of adding to and removing from a sheet's list, by the list's name: whole
# for each list, as a translation of the list's title cannot be lowered into a sentence.
_LIST_UNDO = {
    "weapons": (N_("Add to weapons"), N_("Remove from weapons")),
    "armour": (N_("Add to armour"), N_("Remove from armour")),
    "equipment": (N_("Add to equipment"), N_("Remove from equipment")),
}


def list_undo_texts(list_name: str) -> tuple[str, str]:
    """(added, removed) for ``add_remove_row`` on the sheet's list ``list_name``."""
    added, removed = _LIST_UNDO[list_name]
    return _(added), _(removed)


def add_remove_row(
    model: ListTableModel,
    view: QTableView,
    make: Make,
    *,
    add: str = N_("Add"),
    added: str,
    removed: str,
    name: str = "",
) -> QHBoxLayout:
    """Add (a row from ``make``) and Remove, then room for more. ``added`` and ``removed``
    are the undo texts; the buttons are named ``add_<name>`` and ``remove_<name>`` (by
    default the view's name), which tests and findings use."""
    name = name or view.objectName()
    add = _(add)  # the default is only marked; a caller's text is translated already
    row = QHBoxLayout()
    add_button = QPushButton(add, objectName=f"add_{name}")
    add_button.setToolTip(
        _("{add} (Insert in the table); Alt+Up and Alt+Down move a row").format(add=add)
    )
    add_button.clicked.connect(lambda: add_and_edit(model, view, make(), added))
    insert = QAction(add, view, objectName=f"insert_{name}")
    insert.setShortcut(QKeySequence(Qt.Key.Key_Insert))
    insert.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    insert.triggered.connect(add_button.click)
    view.addAction(insert)
    make_rows_movable(model, view)
    row.addWidget(add_button)
    row.addWidget(remove_button(model, view, removed, name))
    row.addStretch(1)
    return row


def table_box(title: str, view: QTableView, buttons: QHBoxLayout, tip: str = "") -> QGroupBox:
    """A titled box with the table above its buttons; ``tip`` says what the list is for."""
    box = QGroupBox(title)
    box.setToolTip(tip)
    layout = QVBoxLayout(box)
    layout.addWidget(view)
    layout.addLayout(buttons)
    return box


def list_box(
    title: str,
    model: ListTableModel,
    view: QTableView,
    *,
    words: tuple[str, str],
    blank: Make,
    samples: Sequence[tuple[str, Make]] = (),
    samples_text: str = N_("Add from the rules…"),
    hint: str = "",
    tip: str = "",
) -> QGroupBox:
    """A titled table with Add (a ``blank`` row), a menu of the rules' samples, Remove,
    and a hint at the end of the row. ``words`` are this list's own whole strings, ("Add
    skill", "Remove skill"): the button and its undo text, and Remove's undo text (a noun
    put into a shared sentence would keep its English, or its gender, in a translation)."""
    add, removed = words
    buttons = add_remove_row(model, view, blank, add=add, added=add, removed=removed)
    if samples:
        pick = QPushButton(_(samples_text), objectName=f"sample_{view.objectName()}")
        menu = QMenu(pick)
        for text, make in samples:
            menu.addAction(
                literal(text),
                lambda m=make, t=text: add_and_edit(
                    model, view, m(), _("Add {name}").format(name=t)
                ),
            )
        pick.setMenu(menu)
        buttons.insertWidget(1, pick)
    if hint:
        note = QLabel(hint, objectName=f"hint_{view.objectName()}")
        note.setProperty("role", "hint")
        buttons.addWidget(note)
    return table_box(title, view, buttons, tip)
