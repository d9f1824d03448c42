"""Tick tracks: one box per point (stamina, body), ticked off as damage is taken.

Boxes come in groups of five so a count can be read at a glance, and a long track wraps to
as many rows as it needs; rows hold whole groups so columns line up between rows.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import REGULAR
from sheetapp.pdf.kit.forms import check_box, field_name
from sheetapp.pdf.kit.style import LINE, MUTED

BOX = 3.9 * mm
GAP = 0.9 * mm
GROUP = 5
GROUP_GAP = 2.2 * mm
ROW_GAP = 1.4 * mm


class TickTrack(Flowable):
    """``count`` boxes to tick within ``width``; ``fillable`` names checkbox fields."""

    def __init__(self, count: int, *, width: float, fillable: str | None = None) -> None:
        super().__init__()
        self.count = max(0, count)
        self.width = width
        self.fillable = fillable
        group_w = GROUP * BOX + (GROUP - 1) * GAP
        self.groups_per_row = max(1, int((width + GROUP_GAP) // (group_w + GROUP_GAP)))
        self.per_row = self.groups_per_row * GROUP
        self.rows = max(1, -(-self.count // self.per_row))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.height = self.rows * BOX + (self.rows - 1) * ROW_GAP
        return self.width, self.height

    def positions(self) -> list[tuple[float, float]]:
        """Lower-left corners of the boxes, row by row from the top."""
        spots = []
        for i in range(self.count):
            row, column = divmod(i, self.per_row)
            group, within = divmod(column, GROUP)
            x = group * (GROUP * BOX + (GROUP - 1) * GAP + GROUP_GAP) + within * (BOX + GAP)
            y = self.height - (row + 1) * BOX - row * ROW_GAP
            spots.append((x, y))
        return spots

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        if not self.count:
            c.setFillColor(MUTED)
            c.setFont(REGULAR, 8)
            c.drawString(0, 1, "-")
        c.setStrokeColor(LINE)
        c.setLineWidth(0.55)
        spots = self.positions()
        for x, y in spots:
            c.rect(x, y, BOX, BOX, stroke=1, fill=0)
        c.restoreState()
        if self.fillable:
            for i, (x, y) in enumerate(spots, start=1):
                check_box(c, field_name(self.fillable, i), x=x, y=y, size=BOX)


class TickBox(Flowable):
    """A single box to tick (a checkbox field when named), e.g. "skill known"."""

    def __init__(self, *, size: float = BOX * 0.85, field: str | None = None) -> None:
        super().__init__()
        self.size, self.field = size, field
        self.width = self.height = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(0.55)
        c.rect(0, 0, self.size, self.size, stroke=1, fill=0)
        c.restoreState()
        if self.field:
            check_box(c, self.field, x=0, y=0, size=self.size)
