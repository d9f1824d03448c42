"""The attack versus defence table and the damage columns, printed small on the sheet so a
player never needs the rulebook at the table. Both come from the rules module, so the
printed numbers are the ones the app computes."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import BOLD, REGULAR
from sheetapp.pdf.kit.direction import placed
from sheetapp.pdf.kit.style import FILL, HAIRLINE, INK, LINE, MUTED, RULE, STROKE, ZEBRA
from sheetapp.systems.forgotten_futures.table import (
    COLUMNS,
    TABLE_DEFENCES,
    column_ranges,
    quick_table,
)

ROW = 3.9 * mm
HEAD = 4.6 * mm
SIZE = 7.2
HEAD_SIZE = 7.0
DASH = "–"


class _Grid(Flowable):
    """A ruled grid: a header row and a label column in grey, numbers centred."""

    def __init__(
        self, header: list[str], rows: list[tuple[str, list[str]]], *, width: float, label_w: float
    ) -> None:
        super().__init__()
        self.header, self.rows = header, rows
        self.width, self.label_w = width, label_w
        self.height = HEAD + ROW * len(rows)
        self.cell_w = (width - label_w) / max(len(header), 1)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _x(self, x: float, wide: float = 0.0) -> float:
        """``x`` on the page: the row labels' column on the right, right to left."""
        return placed(x, wide, self.width)

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFillColor(FILL)
        c.rect(0, self.height - HEAD, self.width, HEAD, stroke=0, fill=1)
        c.rect(self._x(0, self.label_w), 0, self.label_w, self.height - HEAD, stroke=0, fill=1)
        c.setFillColor(ZEBRA)
        for i in range(1, len(self.rows), 2):
            c.rect(
                self._x(self.label_w, self.width - self.label_w),
                self.height - HEAD - (i + 1) * ROW,
                self.width - self.label_w,
                ROW,
                stroke=0,
                fill=1,
            )
        c.setStrokeColor(RULE)
        c.setLineWidth(HAIRLINE)
        for i in range(1, len(self.header)):
            x = self._x(self.label_w + i * self.cell_w)
            c.line(x, 0, x, self.height)
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.line(0, self.height - HEAD, self.width, self.height - HEAD)
        c.line(self._x(self.label_w), 0, self._x(self.label_w), self.height)
        c.setFont(BOLD, HEAD_SIZE)
        c.setFillColor(MUTED)
        y = self.height - HEAD + (HEAD - HEAD_SIZE * 0.7) / 2
        for i, text in enumerate(self.header):
            c.drawCentredString(self._x(self.label_w + (i + 0.5) * self.cell_w), y, text)
        for r, (label, cells) in enumerate(self.rows):
            y = self.height - HEAD - (r + 1) * ROW + (ROW - SIZE * 0.7) / 2
            c.setFont(BOLD, SIZE)
            c.setFillColor(MUTED)
            c.drawCentredString(self._x(self.label_w / 2), y, label)
            c.setFont(REGULAR, SIZE)
            c.setFillColor(INK)
            for i, text in enumerate(cells):
                c.drawCentredString(self._x(self.label_w + (i + 0.5) * self.cell_w), y, text)
        c.restoreState()


def attack_table(width: float) -> Flowable:
    """Rows: the attacking value 1..10; columns: the defending value 1..18; cells: the
    highest 2D6 roll that succeeds."""
    rows = [
        (str(attack), [DASH if n is None else str(n) for n in row])
        for attack, row in enumerate(quick_table(), start=1)
    ]
    header = [str(d) for d in range(1, TABLE_DEFENCES + 1)]
    return _Grid(header, rows, width=width, label_w=7 * mm)


def damage_columns_table(width: float) -> Flowable:
    """For each number needed on the Effect roll: the rolls that read columns A, B and C."""
    rows = []
    for target in range(2, 12):
        ranges = column_ranges(target)
        cells = []
        for column in COLUMNS:
            span = ranges[column]
            cells.append(DASH if span is None else _span(*span))
        rows.append((str(target), cells))
    return _Grid(list(COLUMNS), rows, width=width, label_w=9 * mm)


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"
