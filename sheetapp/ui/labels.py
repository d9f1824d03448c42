"""The two kinds of label a form shows besides field names: a figure the rules work out
from the sheet, and a hint in a quieter style. The theme styles them by their ``role``.
And text from data shown where Qt reads '&' as a shortcut marker."""

from __future__ import annotations

from unicodedata import bidirectional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QWidget

STRONG = frozenset({"L", "R", "AL"})  # Unicode's strong directions: the letters
LEFT_TO_RIGHT_MARK = "\u200e"


def figures_in_order(text: str) -> str:
    """``text`` as a right-to-left window should show it when it holds figures only ("+2",
    "-1 / +3"): with no letter to set its direction such a text takes the window's, and a
    sign at its start goes to the far end ("2+"). A left-to-right mark first (as Babel
    writes an Arabic minus) keeps the figures one left-to-right run."""
    if not text or any(bidirectional(c) in STRONG for c in text):
        return text
    return LEFT_TO_RIGHT_MARK + text


class FigureLabel(QLabel):
    """A figure's label: selectable, so Qt lays its text out as a document in the window's
    direction rather than the text's own; a figure alone keeps its sign before it."""

    def setText(self, text: str) -> None:
        super().setText(figures_in_order(text) if self.isRightToLeft() else text)


def figure_label(name: str, tip: str = "", *, wrap: bool = False) -> QLabel:
    """A derived figure, selectable for copying, with the rule behind it as its tooltip."""
    label = FigureLabel(objectName=name)
    label.setProperty("role", "figure")
    label.setToolTip(tip)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def hint_label(text: str, name: str = "") -> QLabel:
    """A short explanation in the hint style, wrapped to its room."""
    label = QLabel(text, objectName=name)
    label.setProperty("role", "hint")
    label.setWordWrap(True)
    return label


def literal(text: str) -> str:
    """``text`` as it is, for a menu item, a tab or a button: Qt takes a single '&' there as
    the mark of an Alt+letter shortcut, so a skill base "AvM&S" or a character "Tom & Jerry"
    from the sheet would lose its '&' and underline the next letter."""
    return text.replace("&", "&&")


def tipped(widget: QLabel | QGroupBox, tip: str) -> QLabel | QGroupBox:
    """``widget`` with ``tip`` as its tooltip: a heading or a box saying what it holds."""
    widget.setToolTip(tip)
    return widget


def tip_labels_from_fields(root: QWidget) -> None:
    """Give each field name under ``root`` its field's tooltip (the rule the field follows),
    so hovering the name tells as much as hovering the field. Run once a page is built; a
    label that has a tooltip of its own keeps it."""
    for label in root.findChildren(QLabel):
        field = label.buddy()
        if field is not None and not label.toolTip() and field.toolTip():
            label.setToolTip(field.toolTip())
