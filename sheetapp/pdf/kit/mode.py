"""Whether a sheet is filled or blank, and how a blank's fillable fields are named.

A filled sheet and its blank share one layout; the layout asks its ``Mode`` for a field
name wherever a blank leaves room to write, and gets None on a filled or plain blank sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.pdf.kit.forms import FieldSlot, field_name
from sheetapp.pdf.kit.tables import CELL_X


@dataclass(frozen=True)
class Mode:
    """Field names carry the sheet's ``prefix``: a PDF form is one namespace, and fields of
    one name share one value, so the Player Core's "player" must not be a character's."""

    prefix: str
    fillable: bool = False

    def field(self, *parts: object) -> str | None:
        return field_name(self.prefix, *parts) if self.fillable else None

    def slot(self, width: float, *parts: object) -> object:
        """An empty table cell ``width`` wide: a fillable field when fields are wanted."""
        name = self.field(*parts)
        return FieldSlot(name, width=width - 2 * CELL_X, height=9) if name else ""
