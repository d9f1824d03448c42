"""Small shared pieces of the library's menus: counts in words and the disabled-with-a-reason
state of an action."""

from __future__ import annotations

from PySide6.QtGui import QAction


def plural(count: int, noun: str, nouns: str = "") -> str:
    """A count with its noun.

    >>> plural(1, "sheet"), plural(3, "sheet"), plural(2, "copy", "copies")
    ('1 sheet', '3 sheets', '2 copies')
    """
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {nouns or noun + 's'}"


def enable(action: QAction, enabled: bool, reason: str) -> None:
    """Enable ``action``, or disable it; a disabled action's tooltip gives ``reason`` (why
    the library cannot be changed) when there is one."""
    action.setEnabled(enabled)
    tip = action.property("tip") or ""
    action.setToolTip(reason if not enabled and reason else tip)
