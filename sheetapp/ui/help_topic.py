"""Which help topic a widget is about: a property set on the widget, looked up from the
focus outwards when F1 is pressed.

Apart from the Help window (``help_window``) because the window, its docks and every form
name their topic while they are built, before the first paint, and the Help window's module
(its Qt classes, the topics' files, HTML escaping) is only needed once help is asked for.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

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
