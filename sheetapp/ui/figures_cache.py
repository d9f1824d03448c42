"""A system's derived figures for the document's current sheet, worked out once per edit.

Every edit installs a new sheet object, so the sheet's identity says when the figures are
stale; the tabs and table columns of a form then share one computation instead of each
doing its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from sheetapp.systems.plugin import Figures
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import DASH

F = TypeVar("F", bound=Figures)
R = TypeVar("R")


class FiguresCache(Generic[F]):
    """``figures(sheet)`` of the document's current sheet, computed once per sheet."""

    def __init__(self, document: SheetDocument, figures: Callable[[Any], F]) -> None:
        self.document = document
        self._compute = figures
        self._sheet: object = None
        self._figures: F | None = None

    def __call__(self) -> F:
        sheet = self.document.sheet
        if self._figures is None or sheet is not self._sheet:
            self._figures = self._compute(sheet)
            self._sheet = sheet
        return self._figures

    def per_row(self, figure: Callable[[F, int], Any]) -> Callable[[Any, int], Any]:
        """A Column's compute function: ``figure(figures, row)``."""
        return lambda _item, row: figure(self(), row)

    def row_value(
        self, rows: Callable[[F], Sequence[R]], value: Callable[[R], Any]
    ) -> Callable[[Any, int], Any]:
        """A Column's compute function: ``value`` of the row's entry in the figures' ``rows``
        list, "–" where there is none."""

        def shown(figures: F, row: int) -> Any:
            entries = rows(figures)
            found = value(entries[row]) if row < len(entries) else None
            return DASH if found is None else found

        return self.per_row(shown)
