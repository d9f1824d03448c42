"""Menu actions made the one way the window's menus need them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence


def make_action(
    parent: QObject,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
) -> QAction:
    """An action calling ``slot`` with no arguments (``triggered`` passes a checked flag),
    its ``tip`` shown in the status bar."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(shortcut)
    if tip:
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    return action
