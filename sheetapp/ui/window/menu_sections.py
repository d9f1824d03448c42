"""A menu cut into named sections, so that each area of the window can put its actions in
its place whatever the order the areas are installed in."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


class MenuSections:
    """``names``: the sections in order, a separator between each and the next."""

    def __init__(self, menu: QMenu, names: tuple[str, ...]) -> None:
        self.menu = menu
        self._ends: dict[str, QAction | None] = {}
        for name in names[:-1]:
            self._ends[name] = menu.addSeparator()
        self._ends[names[-1]] = None  # the last section runs to the menu's end

    def add(self, section: str, item: QAction | QMenu) -> None:
        """Add ``item`` at the end of ``section``."""
        end = self._ends[section]
        if isinstance(item, QMenu):
            if end is None:
                self.menu.addMenu(item)
            else:
                self.menu.insertMenu(end, item)
        elif end is None:
            self.menu.addAction(item)
        else:
            self.menu.insertAction(end, item)
