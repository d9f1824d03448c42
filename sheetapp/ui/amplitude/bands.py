"""The Outcome Table's colour bands as Qt colours and style sheets, from the one definition
in the rules package (the PDF uses the same)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from sheetapp.systems.amplitude.outcome_table import BAND_COLOURS, band


def fill(result: str) -> QColor:
    return QColor(BAND_COLOURS[band(result)][0])


def ink(result: str) -> QColor:
    return QColor(BAND_COLOURS[band(result)][1])


def chip_style(result: str) -> str:
    """A label painted in ``result``'s band, readable in both palettes."""
    background, text = BAND_COLOURS[band(result)]
    return (
        f"background: {background}; color: {text}; border: 1px solid palette(mid); "
        "border-radius: 3px; padding: 2px 4px;"
    )
