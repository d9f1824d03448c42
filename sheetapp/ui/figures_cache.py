"""A system's derived figures for the document's current sheet, worked out once per edit.

Every edit installs a new sheet object, so the sheet's identity says when the figures are
stale; the tabs and table columns of a form then share one computation instead of each
doing its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import DASH

Figures = dict[str, Any]


class FiguresCache:
    """``figures(sheet)`` of the document's current sheet, computed once per sheet."""

    def __init__(self, document: SheetDocument, figures: Callable[[Any], Figures]) -> None:
        self.document = document
        self._compute = figures
        self._sheet: object = None
        self._figures: Figures = {}

    def __call__(self) -> Figures:
        sheet = self.document.sheet
        if sheet is not self._sheet:
            self._figures = self._compute(sheet)
            self._sheet = sheet
        return self._figures

    def per_row(self, figure: Callable[[Figures, int], Any]) -> Callable[[Any, int], Any]:
        """A Column's compute function: ``figure(figures, row)``."""
        return lambda _item, row: figure(self(), row)

    def row_value(self, section: str, key: str) -> Callable[[Any, int], Any]:
        """A Column's compute function: the row's ``key`` in the figures' ``section`` list,
        "–" where there is none."""

        def value(figures: Figures, row: int) -> Any:
            rows = figures[section]
            found = rows[row][key] if row < len(rows) else None
            return DASH if found is None else found

        return self.per_row(value)
