"""Reading a screen as a screen reader does: the accessible tree Qt gives assistive
technology, and which of its focusable controls have no name or another name than the label
a sighted person reads beside them."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAbstractButton, QFormLayout, QLabel, QTabWidget, QWidget

_R = QAccessible.Role
_R_LABEL = QAccessible.Relation.Label
# Items of a list, a table or a tree are named by what they show (an empty cell is empty);
# a tab widget hands the focus to its tab bar, whose tabs are named by their text.
# Static text (a figure a label shows) is read as it stands, in reading order.
NOT_CONTROLS = frozenset(
    {_R.Cell, _R.TreeItem, _R.ListItem, _R.Row, _R.PageTab, _R.MenuItem, _R.StaticText}
)


def said(text: str) -> str:
    """A label's text as it is read: no markup, no '&' marks, no closing colon."""
    text = re.sub(r"<[^>]*>", "", text)
    text = re.sub(r"&(.)", r"\1", text)
    return " ".join(text.split()).rstrip(":").strip()


def focusable(root: QWidget) -> list[QAccessibleInterface]:
    """The shown controls of ``root``'s accessible tree that the Tab key reaches.

    Walked with a list, not a recursive closure: a closure that refers to itself lives
    until the garbage collector runs, and with it every interface it found; once Qt has
    deleted one, PySide6 would hand its wrapper back for a new object at the same address
    (a button read as a QAccessibleWidget)."""
    found: list[QAccessibleInterface] = []
    stack = [QAccessible.queryAccessibleInterface(root)]
    while stack:
        node = stack.pop()
        if node is None or not node.isValid() or node.state().invisible:
            continue
        widget = node.object()
        tab = isinstance(widget, QWidget) and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        if node.state().focusable and node.role() not in NOT_CONTROLS and (tab or widget is None):
            found.append(node)
        stack.extend(node.child(i) for i in reversed(range(node.childCount())))
    return found


def label_beside(widget: QWidget) -> str | None:
    """The label a sighted person reads as ``widget``'s name, where one is tied to it: a
    button's text, a label whose buddy it is, its form row's label."""
    if isinstance(widget, QAbstractButton) and any(c.isalnum() for c in widget.text()):
        return said(widget.text())  # not a symbol ("▲") standing for an icon
    for label in widget.window().findChildren(QLabel):
        if label.buddy() is widget and label.isVisibleTo(label.window()):
            return said(label.text())
    parent = widget.parentWidget()
    layout = parent.layout() if parent is not None else None
    if isinstance(layout, QFormLayout):
        label = layout.labelForField(widget)
        if isinstance(label, QLabel):
            return said(label.text())
    return None


def spoken_name(node: QAccessibleInterface) -> str:
    """The name a screen reader says for ``node``. On Linux Qt gives a combo box its
    current text as its name and its label as a 'labelled by' relation, which Orca says."""
    if node.role() == _R.ComboBox:
        labels = [
            said(other.text(QAccessible.Text.Name))
            for other, _ in node.relations(_R_LABEL)
            if isinstance(other.object(), QLabel)  # not the group box around it
        ]
        widget = node.object()
        return " ".join(labels) or (widget.accessibleName() if widget is not None else "")
    return node.text(QAccessible.Text.Name)


def unnamed(root: QWidget) -> list[str]:
    """Each focusable control under ``root`` with an empty name or a name that is not its
    label, as 'role object-name: "name" vs "label"'."""
    wrong = []
    for node in focusable(root):
        widget = node.object()
        if isinstance(widget, QTabWidget):
            continue  # the tab bar inside it takes the focus
        name = spoken_name(node)
        label = label_beside(widget) if isinstance(widget, QWidget) else None
        what = f"{node.role().name} {type(widget).__name__} {widget.objectName()!r}"
        if not name.strip():
            wrong.append(f"{what}: no name")
        elif label and name != label and not name.endswith(f" {label}"):
            # "Charm Check": a grid row's name may come before a button's own text
            wrong.append(f'{what}: "{name}" vs "{label}"')
    return wrong
