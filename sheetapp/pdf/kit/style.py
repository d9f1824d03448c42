"""Type, colour and the column grid: one place, so every sheet shares one look.

The palette prints well in black and white: the dark bands are a deep slate that a laser
printer renders as near-black, the fills a light grey that still takes pencil.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import TableStyle

from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR, register_fonts
from sheetapp.pdf.kit.direction import mirrored, swapped

INK = colors.HexColor("#1c1f24")
MUTED_HEX = "#474e57"  # for <font color> in our own markup
MUTED = colors.HexColor(MUTED_HEX)
BAND = colors.HexColor("#2b3a4a")
RULE = colors.HexColor("#8a939d")
LINE = colors.HexColor("#4a515b")
FILL = colors.HexColor("#e9edf1")
ZEBRA = colors.HexColor("#f5f7f9")
SHADE = colors.HexColor("#b9c1ca")  # boxes past a limit (below zero): dark enough to see
WHITE = colors.white

STROKE = 0.6  # box outlines, points
HAIRLINE = 0.35
RADIUS = 1.2

GUTTER = 3.5 * mm  # between grid columns
GAP = 4.5 * mm  # between stacked sections
ROW_GAP = 2.2 * mm  # between rows of boxes within a section
COLUMNS = 12
INDENT = 3.2 * mm  # one step of a nested list


@dataclass(frozen=True)
class Grid:
    """Twelve columns across a frame; ``span(n)`` is the width of n columns and their gutters.

    Every box on a sheet is a whole number of columns wide, so edges line up down the page.
    """

    width: float
    columns: int = COLUMNS
    gutter: float = GUTTER

    @property
    def unit(self) -> float:
        return (self.width - (self.columns - 1) * self.gutter) / self.columns

    def span(self, n: int) -> float:
        return n * self.unit + (n - 1) * self.gutter


def styles() -> dict[str, ParagraphStyle]:
    """The sheet's paragraph styles, aligned for the page's direction: on a right-to-left
    page text starts on the right, and what a left-to-right one sets right goes left."""
    return _styles(mirrored())


@cache
def _styles(mirror: bool) -> dict[str, ParagraphStyle]:
    named = _designed()
    if not mirror:
        return named
    return {
        name: ParagraphStyle(name, parent=style, alignment=swapped(style.alignment))
        for name, style in named.items()
    }


@cache
def _designed() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle(
        "body", fontName=REGULAR, fontSize=8.5, leading=11, textColor=INK, splitLongWords=1
    )

    def make(name: str, **kw: object) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    return {
        "body": base,
        "small": make("small", fontSize=7.5, leading=9.5),
        "muted": make("muted", fontSize=7.5, leading=9.5, textColor=MUTED),
        "italic": make("italic", fontName=ITALIC, textColor=MUTED),
        "cell": make("cell", fontSize=8.5, leading=10.5),
        "cell_bold": make("cell_bold", fontName=BOLD, fontSize=8.5, leading=10.5),
        "cell_center": make("cell_center", fontSize=8.5, leading=10.5, alignment=TA_CENTER),
        "cell_right": make("cell_right", fontSize=8.5, leading=10.5, alignment=TA_RIGHT),
        "head": make("head", fontName=BOLD, fontSize=7, leading=8.5, textColor=MUTED),
        "head_center": make(
            "head_center",
            fontName=BOLD,
            fontSize=7,
            leading=8.5,
            textColor=MUTED,
            alignment=TA_CENTER,
        ),
        "group": make("group", fontName=BOLD, fontSize=8, leading=10, textColor=BAND),
        "title": make("title", fontName=BOLD, fontSize=20, leading=24),
        "subtitle": make("subtitle", fontName=ITALIC, fontSize=9.5, leading=12, textColor=MUTED),
        "value": make("value", fontSize=10, leading=12.5),
        "name": make("name", fontName=BOLD, fontSize=15, leading=18),
        "value_large": make(
            "value_large", fontName=BOLD, fontSize=15, leading=18, alignment=TA_CENTER
        ),
        "block_name": make("block_name", fontName=BOLD, fontSize=10, leading=12, textColor=WHITE),
        "block": make("block", fontSize=7.8, leading=10),
        "note": make("note", fontSize=9, leading=12.5, spaceAfter=5),
    }


def indented(depth: int) -> ParagraphStyle:
    """A table cell's text indented ``depth`` steps from where its lines start: a
    specialty under its skill."""
    return _indented(depth, mirrored())


@cache
def _indented(depth: int, mirror: bool) -> ParagraphStyle:
    side = "rightIndent" if mirror else "leftIndent"
    return ParagraphStyle(f"skill{depth}", parent=_styles(mirror)["cell"], **{side: depth * INDENT})


def table_style(commands: list[tuple]) -> TableStyle:
    """A table's style, every cell in our font first: a cell's own font is ReportLab's
    Helvetica unless a style says otherwise, and the table sets it before drawing even a
    cell of flowables, which put Helvetica, unembedded, into every PDF."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), REGULAR), *commands])
