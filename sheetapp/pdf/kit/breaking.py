"""Where a ruled table may break across pages, as a reader would have it.

ReportLab breaks a table wherever the page runs out: after its header with a sliver of a
row inside it (``splitInRow``), before the empty rows that end a list so they start the next
page alone under a bare header, or through a blank form's few empty rows (a weapons table
3 + 1 across two pages). The one rule here, used by every ruled table:

- a break leaves at least one whole row under the header on each side, except that a row
  taller than what is left continues inside itself when a real piece of it fits here
  (``LEAST_PIECE``) and would not fit a page on its own (a very long note);
- a list's spare (empty) rows never start a page by themselves: the last written row goes
  with them;
- a table of empty rows only (a blank form's) short enough to fit a page (``KEEP_WHOLE``)
  is never broken: it moves whole to the next page.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table

KEEP_WHOLE = 150 * mm  # a blank table no taller than this moves whole rather than break
LEAST_PIECE = 15 * mm  # a row continued inside itself leaves at least this much here
SURE = 0.01  # points: far above rounding error, far below anything visible
MEASURE_ALL = 1e7  # a height no table reaches: ReportLab measures rows only to the room given


def rows_before_break(
    header: float, heights: Sequence[float], spare: Sequence[bool], room: float
) -> int | None:
    """How many body rows go above a break with ``room`` left, by the rule above: 0 for
    none (the table starts on the next page), None for a break inside the first row, or
    ``len(heights)`` when the whole table fits.

    >>> rows_before_break(10, [10, 10, 10], [False, False, True], 35)  # not the spare alone
    1
    >>> rows_before_break(10, [10, 10], [True, True], 25)  # a blank form's table moves whole
    0
    >>> rows_before_break(10, [1000, 10], [False, False], 500)  # a long note continues
    >>> rows_before_break(10, [30, 10], [False, False], 30)  # no sliver: the row moves
    0
    """
    used, fit = header, 0
    for height in heights:
        if used + height > room + SURE:
            break
        used, fit = used + height, fit + 1
    if fit == len(heights):
        return fit
    written = sum(1 for s in spare if not s)
    if not written and header + sum(heights) <= KEEP_WHOLE:
        return 0
    if 0 < written <= fit:  # only spare rows would be left for the next page
        fit = written - 1
    if fit == 0 and heights and room - header >= LEAST_PIECE and heights[0] > room - header:
        return None if header + heights[0] > KEEP_WHOLE else 0
    return fit


class BreakingTable(Flowable):
    """A ReportLab table that breaks by ``rows_before_break``; ``spare[i]`` says body row
    ``i`` is an empty row to write in. Its pieces break the same way."""

    def __init__(self, table: Table, spare: Sequence[bool]) -> None:
        super().__init__()
        self.table, self.spare = table, list(spare)
        self.hAlign = table.hAlign

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = self.table.wrap(available_width, available_height)
        return self.width, self.height

    def draw(self) -> None:
        self.table.drawOn(self.canv, 0, 0)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        table = self.table
        table.wrap(available_width, MEASURE_ALL)  # every row's height, not just those that fit
        head = int(table.repeatRows)
        heights = table._rowHeights
        header, body = sum(heights[:head]), heights[head:]
        fit = rows_before_break(header, body, self.spare, available_height)
        if fit == len(body):
            return [self]
        if fit == 0:
            return []
        if fit is None:  # inside the first row: ReportLab's own split in a row
            table.wrap(available_width, available_height)
            pieces = table.split(available_width, available_height)
            spares = [self.spare[:1], self.spare]
        else:
            room = header + sum(body[:fit]) + SURE
            table.wrap(available_width, room)
            pieces = table.split(available_width, room)
            spares = [self.spare[:fit], self.spare[fit:]]
        if len(pieces) != 2:
            return []
        return [BreakingTable(p, s) for p, s in zip(pieces, spares, strict=True)]
