"""Durability tracks: one box per point, the marked ones struck through."""

from __future__ import annotations

from reportlab.lib.units import mm

from sheetapp.pdf.kit.style import INK
from sheetapp.pdf.kit.ticks import BOX, TickTrack

INSET = 0.7 * mm


class MarkedTrack(TickTrack):
    """``count`` boxes of which the first ``marked`` carry a cross, as pencil would."""

    def __init__(
        self, count: int, *, marked: int = 0, width: float, fillable: str | None = None
    ) -> None:
        super().__init__(count, width=width, fillable=fillable)
        self.marked = max(0, min(marked, self.count))

    def draw(self) -> None:
        super().draw()
        c = self.canv
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(1.1)
        for x, y in self.positions()[: self.marked]:
            c.line(x + INSET, y + INSET, x + BOX - INSET, y + BOX - INSET)
            c.line(x + INSET, y + BOX - INSET, x + BOX - INSET, y + INSET)
        c.restoreState()
