"""A filter box and the list it narrows answer the keys as one control.

Typing narrows the list; Down (or Page Down) goes on into the list, at its first row when
none is current; Enter opens the one row left, or the row already chosen. One small event
filter on the box, the same for the roster, the Buy a Skill list and the help's topics.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QListView, QTableView, QTreeView

INTO_LIST = frozenset({Qt.Key.Key_Down, Qt.Key.Key_PageDown})
OPEN = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter})


def _hidden(view: QAbstractItemView, row: int, parent: QModelIndex) -> bool:
    if isinstance(view, QTreeView):
        return view.isRowHidden(row, parent)
    if isinstance(view, QTableView | QListView):
        return view.isRowHidden(row)
    return False


def _shown_rows(
    view: QAbstractItemView, parent: QModelIndex | None = None
) -> Iterator[QModelIndex]:
    """The rows the list shows that can be chosen, in order (a tree's groups are walked)."""
    model = view.model()
    parent = QModelIndex() if parent is None else parent
    for row in range(model.rowCount(parent)):
        if _hidden(view, row, parent):
            continue
        index = model.index(row, 0, parent)
        if model.flags(index) & Qt.ItemFlag.ItemIsSelectable:
            yield index
        if isinstance(view, QTreeView) and model.hasChildren(index):
            yield from _shown_rows(view, index)


def only_row(view: QAbstractItemView) -> QModelIndex | None:
    """The one row the list shows, or None when it shows none or several (it stops at two:
    a roster may hold a hundred thousand)."""
    rows = _shown_rows(view)
    first = next(rows, None)
    return first if first is not None and next(rows, None) is None else None


def _choose(view: QAbstractItemView, index: QModelIndex) -> None:
    flags = (
        view.selectionModel().SelectionFlag.ClearAndSelect
        | view.selectionModel().SelectionFlag.Rows
    )
    view.selectionModel().setCurrentIndex(index, flags)


class FilterKeys(QObject):
    """The event filter on the box (see the module's docstring). ``open_chosen`` opens the
    row chosen in the list; without it, Enter goes on to the dialog's default button once the
    one row left is chosen."""

    def __init__(
        self, box: QLineEdit, view: QAbstractItemView, open_chosen: Callable[[], None] | None
    ) -> None:
        super().__init__(box)
        self.view = view
        self.open_chosen = open_chosen

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        view = self.view
        if event.key() in INTO_LIST and view.model() is not None:
            current = view.currentIndex()
            if not current.isValid() or not view.selectionModel().isSelected(current):
                first = next(_shown_rows(view), None)
                if first is not None:
                    _choose(view, first)
            view.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if event.key() in OPEN and view.model() is not None:
            only = only_row(view)
            if only is not None:
                _choose(view, only)
            chosen = view.selectionModel().hasSelection()
            if self.open_chosen is not None and chosen:
                self.open_chosen()
                return True
        return False


def pair_with_list(
    box: QLineEdit, view: QAbstractItemView, open_chosen: Callable[[], None] | None = None
) -> FilterKeys:
    """Make ``box`` answer Down and Enter for ``view`` (see the module's docstring)."""
    keys = FilterKeys(box, view, open_chosen)
    box.installEventFilter(keys)
    return keys
