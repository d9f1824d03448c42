"""Small shared pieces of the library's menus: counts in words, an action with its tip, and
the disabled-with-a-reason state of an action."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from sheetapp.plural import ngettext
from sheetapp.ui.menu_actions import make_action


def plural(count: int, noun: str, nouns: str = "") -> str:
    """A count with its noun.

    >>> plural(1, "sheet"), plural(3, "sheet"), plural(2, "copy", "copies")
    ('1 sheet', '3 sheets', '2 copies')
    """
    return ngettext(f"{count:,} {noun}", f"{count:,} {nouns or noun + 's'}", count)


def enable(action: QAction, enabled: bool, reason: str) -> None:
    """Enable ``action``, or disable it; a disabled action's tooltip gives ``reason`` (why
    the library cannot be changed) when there is one."""
    action.setEnabled(enabled)
    tip = action.property("tip") or ""
    action.setToolTip(reason if not enabled and reason else tip)


def library_action(
    parent: QObject,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
    tip: str,
) -> QAction:
    """A Library menu action whose tooltip is its tip (``enable`` swaps in a reason)."""
    action = make_action(parent, text, slot, shortcut, tip)
    action.setToolTip(tip)
    action.setProperty("tip", tip)
    return action
