"""Whether a sheet is filled or blank, and how its fillable fields are named."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.pdf.kit.forms import field_name


@dataclass(frozen=True)
class Mode:
    """Filled or blank, and whether a blank gets fillable fields (named ``amp_...``)."""

    fillable: bool = False

    def field(self, *parts: object) -> str | None:
        return field_name("amp", *parts) if self.fillable else None
