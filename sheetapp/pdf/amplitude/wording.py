"""The words an Amplitude Engine sheet prints: short labels of our own."""

from __future__ import annotations

from sheetapp.systems.amplitude.names import SYSTEM_NAME

__all__ = ["SYSTEM_NAME", "TRACK_CELLS", "signed"]

# Each step of the wound track as printed: title and what it costs.
TRACK_CELLS: tuple[tuple[str, str, str], ...] = (
    ("unwounded", "Unwounded", "no penalty"),
    ("minor", "Minor", "-1 to rolls"),
    ("moderate", "Moderate", "-2 to rolls"),
    ("major", "Major", "-4 · check to act"),
    ("incapacitated", "Incapacitated", "cannot act · a U"),
    ("killed", "Killed", "only a K"),
)


def signed(value: int) -> str:
    """A bonus as the text writes it: +0, +2, -1."""
    return f"{value:+d}"
