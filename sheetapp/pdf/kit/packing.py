"""Blocks of known height packed into columns, page by page, each block kept whole.

Heights are measured before anything is drawn, so the page count is known before the first
page is printed and "Page X of Y" needs no second layout pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    """Where block ``index`` goes on its page: ``x`` and ``top`` in frame coordinates."""

    index: int
    x: float
    top: float


def pack_columns(
    heights: Sequence[float],
    *,
    frame_height: float,
    column_width: float,
    column_gap: float,
    columns: int = 2,
    gap: float = 0.0,
) -> list[list[Slot]]:
    """The blocks top to bottom down each column, left to right, a new page when the last
    column is full; ``gap`` separates blocks but never starts a column. A block taller than
    a column gets a column to itself."""
    pages: list[list[Slot]] = [[]]
    column, used = 0, 0.0
    for index, height in enumerate(heights):
        need = height + (gap if used else 0.0)
        if used and used + need > frame_height:
            column, used, need = column + 1, 0.0, height
            if column == columns:
                pages.append([])
                column = 0
        x = column * (column_width + column_gap)
        pages[-1].append(Slot(index, x, frame_height - used - (need - height)))
        used += need
    return pages if pages[0] else []
