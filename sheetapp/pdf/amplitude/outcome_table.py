"""The Outcome Table in print, every cell in its colour band, with a legend.

Cells come straight from the system's data table; the fills are the band colours the app
uses too, so paper and screen agree. Fills are light enough to read printed in grey, and
the critical band is dark with white type.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.fonts import BOLD
from sheetapp.pdf.kit.captions import Caption
from sheetapp.pdf.kit.direction import Table, anchored, placed
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.style import FILL, HAIRLINE, LINE, MUTED, RULE, STROKE, styles, table_style
from sheetapp.pdf.shaping import text_width
from sheetapp.systems.amplitude.outcome_table import (
    BAND_COLOURS,
    BAND_LABELS,
    COLUMNS,
    ROWS,
    TABLE,
    band,
)

CELL_HEIGHT = 4.6 * mm
CELL_SIZE = 8.5


def _colour(hex_value: str) -> colors.Color:
    return colors.HexColor(hex_value)


def outcome_table(width: float) -> Table:
    """Amp rows 1-10 down, Player's Total Roll +6 to -6 across."""
    head_w = width * 0.13
    cell_w = (width - head_w) / len(COLUMNS)
    data: list[list[str]] = [[_("AMP \\ ROLL"), *(f"{c:+d}" if c else "0" for c in COLUMNS)]]
    data += [[str(row), *TABLE[row]] for row in ROWS]
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), BOLD, CELL_SIZE),
        ("FONT", (0, 0), (-1, 0), BOLD, 7),
        ("TEXTCOLOR", (0, 0), (-1, 0), MUTED),
        ("TEXTCOLOR", (0, 1), (0, -1), MUTED),
        ("BACKGROUND", (0, 0), (-1, 0), FILL),
        ("BACKGROUND", (0, 1), (0, -1), FILL),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("INNERGRID", (0, 0), (-1, -1), HAIRLINE, RULE),
        ("BOX", (0, 0), (-1, -1), STROKE, LINE),
        ("LINEBELOW", (0, 0), (-1, 0), STROKE, LINE),
        ("LINEAFTER", (0, 0), (0, -1), STROKE, LINE),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    for r, row in enumerate(ROWS, start=1):
        for c, cell in enumerate(TABLE[row], start=1):
            fill, ink = BAND_COLOURS[band(cell)]
            commands += [
                ("BACKGROUND", (c, r), (c, r), _colour(fill)),
                ("TEXTCOLOR", (c, r), (c, r), _colour(ink)),
            ]
    # the corner's words as a Caption, which shapes Arabic (a plain cell's string is not)
    corner = Caption(data[0][0], styles()["head_center"])
    table = Table(
        [[corner, *data[0][1:]], *data[1:]],
        colWidths=[head_w, *[cell_w] * len(COLUMNS)],
        rowHeights=[CELL_HEIGHT] * len(data),
        hAlign="LEFT",
    )
    table.setStyle(table_style(commands))
    return table


class BandLegend(Flowable):
    """A swatch and its meaning for each colour band, on one line, or on as many lines as
    a narrow page needs (large print), so no meaning runs into the next swatch; the first
    band at the line's start (its right, right to left), each meaning after its swatch."""

    SWATCH, GAP, ROW = 3.2 * mm, 1.4 * mm, 4.2 * mm

    def __init__(self, width: float) -> None:
        super().__init__()
        slot = max(
            self.SWATCH + self.GAP + text_width(_(text), BOLD, 7) + 2 * mm
            for text in BAND_LABELS.values()
        )
        self.per_line = max(1, min(len(BAND_LABELS), int(width // slot)))
        lines = -(-len(BAND_LABELS) // self.per_line)
        self.width, self.height = width, lines * self.ROW

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        each = self.width / self.per_line
        for i, (key, text) in enumerate(BAND_LABELS.items()):
            fill, _ink = BAND_COLOURS[key]
            x = (i % self.per_line) * each
            y = self.height - (i // self.per_line + 1) * self.ROW
            c.setFillColor(_colour(fill))
            c.setStrokeColor(LINE)
            c.setLineWidth(HAIRLINE)
            swatch_x = placed(x, self.SWATCH, self.width)
            c.rect(swatch_x, y + 0.5 * mm, self.SWATCH, self.SWATCH, stroke=1, fill=1)
            c.setFillColor(MUTED)
            text_x, align = anchored(x + self.SWATCH + self.GAP, "left", self.width)
            draw_string(c, text_x, y + 1.2 * mm, _(text), BOLD, 7, align=align)
        c.restoreState()
