"""Small shared pieces of the library's menus: counts in words, an action with its tip, and
the disabled-with-a-reason state of an action."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from sheetapp.plural import ngettext
from sheetapp.ui.menu_actions import make_action

# Each noun a count is shown with, as whole counted strings (a language has its own forms).
COUNTED: dict[str, Callable[[int], str]] = {
    "sheet": lambda n: ngettext("{n} sheet", "{n} sheets", n),
    "copy": lambda n: ngettext("{n} copy", "{n} copies", n),
    "file": lambda n: ngettext("{n} file", "{n} files", n),
    "NPC": lambda n: ngettext("{n} NPC", "{n} NPCs", n),
    "stat block": lambda n: ngettext("{n} stat block", "{n} stat blocks", n),
    "error": lambda n: ngettext("{n} error", "{n} errors", n),
    "warning": lambda n: ngettext("{n} warning", "{n} warnings", n),
    "problem": lambda n: ngettext("{n} problem", "{n} problems", n),
    "profession": lambda n: ngettext("{n} profession", "{n} professions", n),
    "skill": lambda n: ngettext("{n} skill", "{n} skills", n),
}


def plural(count: int, noun: str) -> str:
    """A count with its noun (one of ``COUNTED``), in the reader's language and digits.

    >>> plural(1, "sheet"), plural(3, "sheet"), plural(2, "copy")
    ('1 sheet', '3 sheets', '2 copies')
    """
    from sheetapp.locale_format import number

    return COUNTED[noun](count).format(n=number(count))


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
