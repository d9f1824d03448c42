"""Which help topic a widget is about: a property set on the widget, looked up from the
focus outwards when F1 is pressed; and the F1 key of dialogs and wizards.

Apart from the Help window (``help_window``) because the window, its docks and every form
name their topic while they are built, before the first paint or the sheet being ready,
and the Help window's module (its Qt classes, the topics' files, HTML escaping) is only
needed once help is asked for.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

FIRST_TOPIC = "getting-started"
TOPIC_PROPERTY = "helpTopic"  # set (by set_help_topic) on a widget the help has a topic for


def set_help_topic(widget: QWidget, topic: str) -> None:
    """F1 anywhere inside ``widget`` opens the help at ``topic`` (unless a widget nearer
    the focus names its own)."""
    widget.setProperty(TOPIC_PROPERTY, topic)


def topic_for(widget: QWidget | None) -> str:
    """The topic about ``widget``: the nearest enclosing widget that names one."""
    while widget is not None:
        named = widget.property(TOPIC_PROPERTY)
        if isinstance(named, str) and named:
            return named
        widget = widget.parentWidget()
    return FIRST_TOPIC


def add_help_key(window: QWidget) -> QShortcut:
    """F1 in ``window`` (a dialog or a wizard) opens the help about its focused widget."""
    shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents), window)
    shortcut.activated.connect(lambda: _open_help(QApplication.focusWidget() or window))
    return shortcut


def _open_help(widget: QWidget) -> None:
    from sheetapp.ui.help_window import open_help

    open_help(widget, topic_for(widget))
