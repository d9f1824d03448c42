"""What every tab of the Alternity form shares: the hero's sheet, refreshing only while
shown, and its number fields."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.ui.sheet_form import FormPage

Path = tuple[str | int, ...]


class HeroTab(FormPage):
    """Subclasses build their widgets, call ``watch()`` and implement ``show_sheet``."""

    @property
    def sheet(self) -> AlternitySheet:
        return self.document.sheet  # type: ignore[return-value]

    def refresh(self) -> None:
        self.show_sheet(self.sheet)

    def show_sheet(self, sheet: AlternitySheet) -> None:
        raise NotImplementedError

    def spin(
        self, path: Path, name: str, low: int, high: int, tip: str = "", *, optional: bool = True
    ) -> QSpinBox:
        spin = self.bind.spin(path, low, high, tip, name=name, optional=optional)
        spin.setMaximumWidth(110)
        return spin
