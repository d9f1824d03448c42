"""The page's writing direction: a right-to-left language mirrors the layout.

In Arabic a sheet reads from the right: a table's first column, a box's label, a band's
title sit on the right, and the rows of boxes run leftwards. The kit lays every page out
left to right and asks here once, at its shared boundary, whether to mirror: ``Table``
(every ruled table, grid row and ladder of the PDFs) reverses its columns and their style
commands and sets what a cell holds from the right; a part drawn by hand (tick boxes, a
legend, a score beside its name) lays itself out left to right too and passes each x
through ``placed`` (a box, a swatch) or ``anchored`` (a text's x and alignment), and lists
its pieces with ``in_order``; ``start`` names the side text begins on. What is inside a
cell (a number, a Latin name) is not touched: it stays in its own order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.platypus import Table as _Table
from reportlab.platypus import TableStyle

from sheetapp.i18n import is_right_to_left

_SIDES = {
    "LEFTPADDING": "RIGHTPADDING",
    "RIGHTPADDING": "LEFTPADDING",
    "LINEBEFORE": "LINEAFTER",
    "LINEAFTER": "LINEBEFORE",
}
_ALIGNS = {"LEFT": "RIGHT", "RIGHT": "LEFT"}

Align = Literal["left", "centre", "right"]
_ENDS: dict[str, Align] = {"left": "right", "centre": "centre", "right": "left"}


def mirrored() -> bool:
    """Whether the page is laid out right to left (the language in use is written so)."""
    return is_right_to_left()


def start() -> int:
    """The side a paragraph's lines begin on, as ReportLab's alignment."""
    return TA_RIGHT if mirrored() else TA_LEFT


def swapped(alignment: int) -> int:
    """``alignment`` (TA_LEFT, TA_CENTER, TA_RIGHT) as the mirrored page sets it."""
    return {TA_LEFT: TA_RIGHT, TA_RIGHT: TA_LEFT}.get(alignment, alignment)


def placed(x: float, wide: float, room: float) -> float:
    """Where something ``wide`` points across, at ``x`` in ``room`` on a left-to-right
    page, goes on this page: mirrored, its right edge ``x`` from the right."""
    return room - x - wide if mirrored() else x


def anchored(x: float, align: Align, room: float) -> tuple[float, Align]:
    """A line of text set from (``"left"``), around or up to ``x`` in ``room`` on a
    left-to-right page, as this page sets it: mirrored, from the other side of the mirrored
    point, so a label that starts at a box's left edge starts at its right edge, and a
    figure that ends at its right edge ends at its left."""
    return (room - x, _ENDS[align]) if mirrored() else (x, align)


def line_direction() -> bool | None:
    """The direction a line of our own pieces (a header's "Name  ·  Character") is ordered
    in: right to left on a mirrored page, whatever script a piece is in, so a separator
    stays between the pieces it separates; else each line's own (None)."""
    return True if mirrored() else None


def in_order(items: Sequence[Any]) -> list[Any]:
    """``items`` listed from the start of a line: reversed on a mirrored page, so the
    first stands on the right."""
    return list(reversed(items)) if mirrored() else list(items)


class Table(_Table):
    """ReportLab's table, its columns in reading order: on a mirrored page the first
    column stands on the right, and its style commands (spans, rules, paddings, column
    ranges) follow their columns. The pieces a split makes are already mirrored."""

    def __init__(self, data: Sequence[Sequence[Any]], *args: Any, **kw: Any) -> None:
        self._mirror = mirrored() and not kw.get("normalizedData")
        if self._mirror:
            data = [list(reversed(row)) for row in data]
            widths = kw.get("colWidths", args[0] if args else None)
            if isinstance(widths, (list, tuple)):
                widths = list(reversed(widths))
                if args:
                    args = (widths, *args[1:])
                else:
                    kw["colWidths"] = widths
            if kw.get("hAlign") in _ALIGNS:
                kw["hAlign"] = _ALIGNS[kw["hAlign"]]
        style = kw.pop("style", None)
        super().__init__(data, *args, **kw)
        if self._mirror:
            # what a cell holds starts on the right (a tick box over a right-aligned head,
            # a track of boxes after its name); a style's own ALIGN still decides
            super().setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "RIGHT")]))
        if style is not None:
            self.setStyle(style)

    def setStyle(self, tblstyle: TableStyle | list[tuple[Any, ...]]) -> None:
        if not getattr(self, "_mirror", False):
            super().setStyle(tblstyle)
            return
        if not isinstance(tblstyle, TableStyle):
            tblstyle = TableStyle(tblstyle)
        commands = [self._mirrored(cmd) for cmd in tblstyle.getCommands()]
        for cmd in commands:
            if cmd[0] == "SPAN":
                self._hold_at_span_start(cmd)
        mirror = TableStyle(commands)
        mirror._opts = tblstyle._opts
        super().setStyle(mirror)

    def _hold_at_span_start(self, span: tuple[Any, ...]) -> None:
        """A span's content moved to its left cell, the one ReportLab draws a span from:
        reversing the row left it in the span's right cell (a group's title, a heading
        over several columns), which would not print."""
        _name, (first, row), (last, _end), *_rest = span
        cells = self._cellvalues[row]
        cells[first], cells[last] = cells[last], cells[first]

    def _mirrored(self, cmd: tuple[Any, ...]) -> tuple[Any, ...]:
        """One style command over the mirrored columns."""
        if len(cmd) < 3:
            return cmd
        name, (sc, sr), (ec, er), *rest = cmd
        last = self._ncols - 1

        def flip(column: int) -> int:
            return last - (column + self._ncols if column < 0 else column)

        name = _SIDES.get(name, name)
        if name in ("ALIGN", "ALIGNMENT") and rest:
            rest = [_ALIGNS.get(str(rest[0]).upper(), rest[0]), *rest[1:]]
        return (name, (flip(ec), sr), (flip(sc), er), *rest)
