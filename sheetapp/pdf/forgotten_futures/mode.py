"""Whether a sheet is filled or blank, and how its fillable fields are named."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.pdf.kit.forms import field_name


@dataclass(frozen=True)
class Mode:
    fillable: bool = False
    prefix: str = "ff"

    def field(self, *parts: object) -> str | None:
        return field_name(self.prefix, *parts) if self.fillable else None
