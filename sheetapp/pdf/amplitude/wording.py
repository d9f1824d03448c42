"""The words an Amplitude Engine sheet prints: short labels of our own."""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.systems.amplitude.names import SYSTEM_NAME

__all__ = ["SYSTEM_NAME", "TRACK_CELLS", "signed"]

# Each step of the wound track as printed: title and what it costs.
TRACK_CELLS: tuple[tuple[str, str, str], ...] = (
    ("unwounded", N_("Unwounded"), N_("no penalty")),
    ("minor", N_("Minor"), N_("-1 to rolls")),
    ("moderate", N_("Moderate"), N_("-2 to rolls")),
    ("major", N_("Major"), N_("-4 · check to act")),
    ("incapacitated", N_("Incapacitated"), N_("cannot act · a U")),
    ("killed", N_("Killed"), N_("only a K")),
)


def signed(value: int) -> str:
    """A bonus as the text writes it: +0, +2, -1."""
    return f"{value:+d}"
