"""What every tab of the Alternity form shares: the hero's sheet, refreshing only while
shown, and its number fields."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox

from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.rolls import SituationCheck
from sheetapp.systems.rolls import Unrollable
from sheetapp.ui.sheet_form import FormPage

Path = tuple[str | int, ...]
NO_FIGURE = "–"


def score_text(check: SituationCheck | Unrollable) -> str:
    """ "13/6/3": Ordinary/Good/Amazing of the check a row's Roll makes."""
    if isinstance(check, Unrollable):
        return NO_FIGURE
    t = check.thresholds
    return f"{t.ordinary}/{t.good}/{t.amazing}"


def die_text(check: SituationCheck | Unrollable) -> str:
    """The situation die a row's Roll rolls, the hero's state included: what is shown is
    what is rolled."""
    return NO_FIGURE if isinstance(check, Unrollable) else check.die


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
