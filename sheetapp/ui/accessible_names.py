"""Accessible names for every control, from the label a sighted person reads beside it.

Qt names a control by a label whose buddy it is only when the label is its sibling, reads
an unlabelled spin box as "spin box 31", and names nothing in a grid row, in a table cell's
editor or behind an icon. One pass (:func:`name_controls`) names every focusable control
under a widget from what is shown with it, in this order:

- its own text (a check box, a button; an icon-only button's action text or tooltip);
- a label whose buddy it is (anywhere in its window), or the label of its form row, which
  then becomes its buddy (its Alt+letter and tooltip follow, as for ``addRow(text, field)``);
- in a grid, the label at the start of its row, with the column's heading when the row
  holds more than one control (a heading row of labels above);
- a table cell's editor: the column header;
- otherwise the title of the group box it sits in, or the tab that shows its page.

Names are plain text: markup and '&' shortcut marks are taken out (spyder #17047 read
markup aloud) and a trailing colon is dropped. A name set by hand is kept. The description
is the field's tooltip (the rule it follows, and its findings), which Qt reports by itself.

:func:`install` runs the pass from one application event filter: on every window and page
(a tab's, a wizard's, a stack's) as it is shown, and on a control that takes the focus
unnamed (a cell's editor, a row added later); a dialog shown also has its buttons given an
Alt+letter (``button_mnemonics``). Like ``field_input`` it is installed once the sheets
have opened: nothing before the first paint needs it.
"""

from __future__ import annotations

import contextlib
import re

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QBoxLayout,
    QComboBox,
    QDialog,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QStackedLayout,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QWidget,
    QWizardPage,
)

from sheetapp.ui.button_mnemonics import give_letters

OBJECT_NAME = "accessible_names"
DERIVED = "derivedAccessibleName"  # the name this pass gave, so a later pass may renew it
_TAG = re.compile(r"<[^>]*>")
_E = QEvent.Type


def plain(text: str) -> str:
    """``text`` as a screen reader should say it: no markup, no '&' marks, no colon."""
    if "<" in text and ">" in text:  # markup
        text = _TAG.sub("", text.replace("<br>", " ")).replace("&nbsp;", " ")
        text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&&")
    text = re.sub(r"&(.)", r"\1", text)  # '&&' is a literal '&', '&x' marks a shortcut
    return " ".join(text.split()).rstrip(":").strip()


def is_control(widget: QWidget) -> bool:
    """Whether ``widget`` takes the keyboard's focus itself (a spin box's inner line edit
    hands it to its spin box and is named with it), or is an editable combo box's text,
    which assistive technology shows as a child of the box."""
    if isinstance(widget.parentWidget(), QComboBox):
        return widget.parentWidget().lineEdit() is widget  # type: ignore[union-attr]
    return (
        widget.focusPolicy() != Qt.FocusPolicy.NoFocus
        and widget.focusProxy() is None
        and not isinstance(widget, QTabWidget | QLabel)
    )


def _chain(layout: QLayout, widget: QWidget) -> list[tuple[QLayout, int]]:
    """The layouts from ``layout`` in to the one that holds ``widget``, each with the index
    of its item that holds it; empty when ``widget`` is not there. A stacked layout is not
    read: PySide6 crashes on its items read while it is being shown."""
    if isinstance(layout, QStackedLayout):
        return []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item.widget() is widget:
            return [(layout, index)]
        inner = item.layout()
        if inner is not None and (found := _chain(inner, widget)):
            return [(layout, index), *found]
    return []


def _label_text(item_widget: QWidget | None) -> str:
    if isinstance(item_widget, QLabel) and item_widget.isVisibleTo(item_widget.window()):
        return plain(item_widget.text())
    return ""


def _controls_in(layout: QLayout, index: int) -> list[QWidget]:
    item = layout.itemAt(index)
    if item.widget() is not None:
        widget = item.widget()
        found = [widget] if is_control(widget) else []
        return found + [w for w in widget.findChildren(QWidget) if is_control(w)]
    inner = item.layout()
    if inner is None:
        return []
    return [c for i in range(inner.count()) for c in _controls_in(inner, i)]


def _grid_label(grid: QGridLayout, index: int, widget: QWidget) -> str:
    row, column, _rows, _columns = grid.getItemPosition(index)
    row_label = ""
    for left in range(column - 1, -1, -1):
        item = grid.itemAtPosition(row, left)
        beside = item.widget() if item is not None else None
        if beside is not None and beside.property("role") in ("hint", "figure"):
            continue  # a figure or a note beside the field, not the row's name
        if row_label := _label_text(beside):
            break
    heading = ""
    for up in range(row - 1, -1, -1):
        item = grid.itemAtPosition(up, column)
        if item is None:
            continue
        heading = _label_text(item.widget())
        break
    controls = [
        c
        for col in range(grid.columnCount())
        if (item := grid.itemAtPosition(row, col)) is not None
        for c in _controls_in(grid, grid.indexOf(item))
    ]
    if row_label and heading and len(controls) > 1:
        return f"{row_label} {heading}"
    in_cell = _controls_in(grid, index)
    name = row_label or heading
    if name and len(in_cell) > 1 and widget in in_cell:
        name = f"{name} {in_cell.index(widget) + 1}"  # a row of boxes: "Stun 3"
    return name


def _box_label(box: QBoxLayout, index: int, widget: QWidget) -> str:
    """A label just before ``widget`` in a row or column, not already another's buddy."""
    if index == 0:
        return ""
    before = box.itemAt(index - 1).widget()
    if isinstance(before, QLabel) and before.buddy() in (None, widget):
        if text := _label_text(before):
            before.setBuddy(widget)
            return text
    return ""


def _layout_label(widget: QWidget) -> tuple[str, bool]:
    """The label of the form row, grid cell or row that holds ``widget``, climbing through
    the plain holder widgets it may sit in (not past a group box or a page), and whether it
    is a grid's (a row's name, said before a button's own text)."""
    held = widget
    for _ in range(4):
        parent = held.parentWidget()
        if parent is None:
            return "", False
        chain = _chain(parent.layout(), held) if parent.layout() is not None else []
        for depth, (layout, index) in enumerate(reversed(chain)):
            if isinstance(layout, QFormLayout):
                row, _role = layout.getItemPosition(index)
                label = layout.itemAt(row, QFormLayout.ItemRole.LabelRole)
                text = _label_text(label.widget()) if label is not None else ""
                if text:
                    if held is widget and label.widget().buddy() is None:  # type: ignore[union-attr]
                        label.widget().setBuddy(widget)  # type: ignore[union-attr]
                    return text, False
            elif isinstance(layout, QGridLayout):
                if text := _grid_label(layout, index, widget):
                    return text, True
            elif isinstance(layout, QBoxLayout) and depth == 0 and held is widget:
                if text := _box_label(layout, index, widget):
                    return text, False
        if isinstance(parent, QGroupBox | QAbstractScrollArea | QStackedWidget):
            return "", False
        held = parent
    return "", False


def _cell_editor_label(widget: QWidget) -> str:
    """A table cell's editor: the header of the column it edits."""
    viewport = widget.parentWidget()
    view = viewport.parentWidget() if viewport is not None else None
    if not isinstance(view, QAbstractItemView) or view.model() is None:
        return ""
    index = view.currentIndex()
    if not index.isValid():
        return ""
    title = view.model().headerData(index.column(), Qt.Orientation.Horizontal)
    return plain(str(title)) if title else ""


def _surrounding_title(widget: QWidget) -> str:
    """The group box or tab a control sits in, for one with no label of its own."""
    child, parent = widget, widget.parentWidget()
    while parent is not None and not child.isWindow():
        if isinstance(parent, QGroupBox) and parent.title():
            return plain(parent.title())
        if isinstance(parent, QDockWidget) and parent.windowTitle():
            return plain(parent.windowTitle())
        holder = parent.parentWidget()
        if isinstance(parent, QStackedWidget) and isinstance(holder, QTabWidget):
            return plain(holder.tabText(holder.indexOf(child)))
        child, parent = parent, holder
    return plain(child.window().windowTitle().replace("[*]", ""))


def visible_label(widget: QWidget, buddies: dict[int, QLabel] | None = None) -> str:
    """What a sighted person reads as ``widget``'s name (see the module's docstring)."""
    parent = widget.parentWidget()
    if isinstance(parent, QComboBox) and parent.lineEdit() is widget:
        widget = parent  # an editable combo box's text is named as the box
    if isinstance(widget, QAbstractButton):
        own = plain(widget.text())
        if not any(c.isalnum() for c in own):  # an icon, or a symbol ("▲") standing for one
            action = widget.defaultAction() if isinstance(widget, QToolButton) else None
            own = plain(action.text() if action is not None else "") or plain(widget.toolTip())
        row, in_grid = _layout_label(widget)
        return f"{row} {own}" if in_grid and row and own and row != own else own
    buddy = (buddies or {}).get(id(widget))
    if buddy is not None and (text := plain(buddy.text())):
        return text
    placeholder = plain(widget.placeholderText()) if isinstance(widget, QLineEdit) else ""
    return (
        _cell_editor_label(widget)
        or _layout_label(widget)[0]
        or placeholder
        or _surrounding_title(widget)
    )


def buddy_map(root: QWidget) -> dict[int, QLabel]:
    """The labels in ``root``'s window by the control they are the buddy of."""
    window = root.window()
    return {
        id(buddy): label
        for label in window.findChildren(QLabel)
        if (buddy := label.buddy()) is not None
    }


def name_control(widget: QWidget, buddies: dict[int, QLabel] | None = None) -> None:
    """Name ``widget`` from its visible label unless it was named by hand; a name this
    pass gave before is renewed (the label may have changed)."""
    current = widget.accessibleName()
    if current and current != widget.property(DERIVED):
        return
    name = visible_label(widget, buddies)
    if name and name != current:
        widget.setAccessibleName(name)
        widget.setProperty(DERIVED, name)


def name_controls(root: QWidget) -> None:
    """Name every control under ``root`` (and ``root`` itself if it is one)."""
    buddies = buddy_map(root)
    for widget in [root, *root.findChildren(QWidget)]:
        if is_control(widget):
            name_control(widget, buddies)


def _is_page(widget: QWidget) -> bool:
    return widget.isWindow() or isinstance(widget.parentWidget(), QStackedWidget)


class AccessibleNames(QObject):
    """The application filter that runs the pass (see the module's docstring). A page is
    named once the event loop is back: what it shows may be built as it is shown (a
    page refreshing its rows in its own show event, which follows this filter)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._pending: list[QWidget] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == _E.Show and isinstance(watched, QWidget) and _is_page(watched):
            self._queue(watched)
        elif kind == _E.Show and isinstance(watched, QWizardPage) and watched.wizard():
            # Another page of a wizard: its controls join the wizard's Alt+letters, and
            # the wizard has just set its buttons' texts again (a letter given is gone).
            self._queue(watched.wizard())
        elif (
            kind == _E.FocusIn
            and isinstance(watched, QWidget)
            and not watched.accessibleName()
            and is_control(watched)
        ):
            with contextlib.suppress(RuntimeError):  # a widget already gone in C++
                name_control(watched, buddy_map(watched))
        return False

    def _queue(self, page: QWidget) -> None:
        if not self._pending:
            QTimer.singleShot(0, self, self._name_pending)
        if page not in self._pending:
            self._pending.append(page)

    def _name_pending(self) -> None:
        pages, self._pending = self._pending, []
        for page in pages:
            with contextlib.suppress(RuntimeError):  # a page gone meanwhile
                if page.isVisible():
                    name_controls(page)
                    if isinstance(page, QDialog):
                        give_letters(page)


def install(app: QApplication) -> AccessibleNames:
    """Name the controls of every window now open and of all shown after, once."""
    found = app.findChild(AccessibleNames, OBJECT_NAME)
    if found is not None:
        return found
    names = AccessibleNames(app)
    names.setObjectName(OBJECT_NAME)
    app.installEventFilter(names)
    for window in app.topLevelWidgets():
        if window.isVisible():
            name_controls(window)
    return names
