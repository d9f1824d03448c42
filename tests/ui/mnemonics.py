"""Which Alt+letter keys a screen offers, and which of them it offers twice."""

from __future__ import annotations

import re
from collections import defaultdict

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QMenu, QTabBar, QWidget

_MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    """The letter after a single '&' ('&&' is a literal ampersand)."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _texts(widget: QWidget) -> list[str]:
    if isinstance(widget, QLabel) and widget.buddy() is not None:
        return [widget.text()]
    if isinstance(widget, QAbstractButton):
        return [widget.text()]
    if isinstance(widget, QGroupBox) and widget.isCheckable():
        return [widget.title()]
    if isinstance(widget, QTabBar):
        return [widget.tabText(i) for i in range(widget.count()) if widget.isTabVisible(i)]
    return []


def claims(screens: list[QWidget]) -> dict[str, list[str]]:
    """Which controls claim each letter among the screens shown together (a hidden control,
    one that its screen does not show, claims nothing)."""
    claimed: dict[str, list[str]] = defaultdict(list)
    for screen in screens:
        for widget in [screen, *screen.findChildren(QWidget)]:
            if widget is not screen and not widget.isVisibleTo(screen):
                continue
            for text in _texts(widget):
                if (letter := mnemonic(text)) is not None:
                    claimed[letter].append(text)
    return claimed


def clashes(screens: list[QWidget]) -> dict[str, list[str]]:
    """Letters that two or more controls claim among the screens shown together."""
    return {letter: texts for letter, texts in claims(screens).items() if len(texts) > 1}


def menu_clashes(menu: QMenu) -> dict[str, list[str]]:
    claimed: dict[str, list[str]] = defaultdict(list)
    for action in menu.actions():
        if action.isVisible() and (letter := mnemonic(action.text())) is not None:
            claimed[letter].append(action.text())
    return {letter: texts for letter, texts in claimed.items() if len(texts) > 1}
