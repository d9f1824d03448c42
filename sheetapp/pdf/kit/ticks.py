"""Tick tracks: one box per point (stamina, body), ticked off as damage is taken.

Boxes come in groups of five so a count can be read at a glance, and a long track wraps to
as many rows as it needs; rows hold whole groups so columns line up between rows (from the
right, on a right-to-left page: the first box stands on the right). Boxes
shrink a little (to ``SMALLEST`` of their size) when that saves a row, so a track of 21
never leaves one box alone on a second line. The first ``marked`` boxes carry a cross, as
pencil would: points lost or spent; or, ``filled``, a solid square: points held.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import REGULAR
from sheetapp.pdf.kit.direction import anchored, placed
from sheetapp.pdf.kit.forms import check_box, field_name
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.style import INK, LINE, MUTED

BOX = 3.9 * mm
GAP = 0.9 * mm
GROUP = 5
GROUP_GAP = 2.2 * mm
ROW_GAP = 1.4 * mm
SMALLEST = 0.8  # the least a box shrinks to, to save a row
SCALES = (1.0, 0.95, 0.9, 0.85, SMALLEST)
INSET = 0.18  # of a box: where a cross's strokes start


def boxes_per_row(width: float, scale: float) -> int:
    """Whole groups of boxes at ``scale`` that fit ``width``, as a count of boxes; where
    not even one group fits (a narrow box on a large-print page), the boxes that do."""
    group_w = (GROUP * BOX + (GROUP - 1) * GAP) * scale
    groups = int((width + GROUP_GAP * scale) // (group_w + GROUP_GAP * scale))
    if groups:
        return groups * GROUP
    return max(1, int((width + GAP * scale) // ((BOX + GAP) * scale)))


class TickTrack(Flowable):
    """``count`` boxes to tick within ``width``, the first ``marked`` crossed (or filled);
    ``fillable`` names checkbox fields."""

    def __init__(
        self,
        count: int,
        *,
        width: float,
        fillable: str | None = None,
        marked: int = 0,
        filled: bool = False,
    ) -> None:
        super().__init__()
        self.filled = filled
        self.count = max(0, count)
        self.width = width
        self.fillable = fillable
        self.marked = max(0, min(marked, self.count))
        fewest = -(-self.count // boxes_per_row(width, SMALLEST))
        # the largest boxes that take no more rows than the smallest would
        self.scale = next(s for s in SCALES if -(-self.count // boxes_per_row(width, s)) <= fewest)
        self.per_row = boxes_per_row(width, self.scale)
        self.rows = max(1, -(-self.count // self.per_row))
        self.box = BOX * self.scale

    @staticmethod
    def least_width() -> float:
        """The narrowest a track is drawn: one group of boxes at their smallest."""
        return (GROUP * BOX + (GROUP - 1) * GAP) * SMALLEST

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.height = self.rows * self.box + (self.rows - 1) * ROW_GAP
        return self.width, self.height

    def positions(self) -> list[tuple[float, float]]:
        """Lower-left corners of the boxes, row by row from the top, each row from the
        start of the line."""
        spots = []
        box, gap, group_gap = self.box, GAP * self.scale, GROUP_GAP * self.scale
        for i in range(self.count):
            row, column = divmod(i, self.per_row)
            group, within = divmod(column, GROUP)
            x = group * (GROUP * box + (GROUP - 1) * gap + group_gap) + within * (box + gap)
            y = self.height - (row + 1) * box - row * ROW_GAP
            spots.append((placed(x, box, self.width), y))
        return spots

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        if not self.count:
            c.setFillColor(MUTED)
            x, align = anchored(0, "left", self.width)
            draw_string(c, x, 1, "-", REGULAR, 8, align=align)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.55)
        spots = self.positions()
        box = self.box
        for x, y in spots:
            c.rect(x, y, box, box, stroke=1, fill=0)
        c.setStrokeColor(INK)
        c.setFillColor(INK)
        c.setLineWidth(1.1)
        inset = box * INSET
        for x, y in spots[: self.marked]:
            if self.filled:
                c.rect(x + inset, y + inset, box - 2 * inset, box - 2 * inset, stroke=0, fill=1)
                continue
            c.line(x + inset, y + inset, x + box - inset, y + box - inset)
            c.line(x + inset, y + box - inset, x + box - inset, y + inset)
        c.restoreState()
        if self.fillable:
            for i, (x, y) in enumerate(spots, start=1):
                check_box(c, field_name(self.fillable, i), x=x, y=y, size=box)


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
