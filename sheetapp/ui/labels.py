"""The two kinds of label a form shows besides field names: a figure the rules work out
from the sheet, and a hint in a quieter style. The theme styles them by their ``role``.
And text from data shown where Qt reads '&' as a shortcut marker."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QWidget


def figure_label(name: str, tip: str = "", *, wrap: bool = False) -> QLabel:
    """A derived figure, selectable for copying, with the rule behind it as its tooltip."""
    label = QLabel(objectName=name)
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
