"""Whether a sheet is filled or blank, and how its fillable fields are named."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.pdf.kit.forms import FieldSlot, field_name
from sheetapp.pdf.kit.tables import CELL_X


@dataclass(frozen=True)
class Mode:
    """Filled or blank, and whether a blank gets fillable fields named ``hero_...``."""

    fillable: bool = False
    prefix: str = "hero"

    def field(self, *parts: object) -> str | None:
        return field_name(self.prefix, *parts) if self.fillable else None

    def slot(self, width: float, *parts: object) -> object:
        """An empty table cell of a blank: a fillable field when fields are wanted."""
        name = self.field(*parts)
        return FieldSlot(name, width=width - 2 * CELL_X, height=9) if name else ""
