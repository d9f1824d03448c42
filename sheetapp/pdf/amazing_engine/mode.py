"""Whether a sheet is filled or blank, and how its fillable fields are named."""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.pdf.kit.forms import field_name


@dataclass(frozen=True)
class Mode:
    """Filled or blank, and whether a blank gets fillable fields.

    Field names carry the sheet's ``prefix``: a PDF form is one namespace, and the core's
    "player" must not be the character's "player" (fields of one name share one value).
    """

    fillable: bool = False
    prefix: str = "character"

    def field(self, *parts: object) -> str | None:
        return field_name(self.prefix, *parts) if self.fillable else None
