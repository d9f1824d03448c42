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
    header: float, heights: Sequence[float], kinds: Sequence[str], room: float
) -> int | None:
    """How many body rows go above a break with ``room`` left, by the rule above: 0 for
    none (the table starts on the next page), None for a break inside the first row, or
    ``len(heights)`` when the whole table fits. ``kinds`` says what each row is: "row"
    (written), "group" (a subheading, never left at a page's foot) or "spare" (empty).

    >>> rows_before_break(10, [10, 10, 10], ["row", "row", "spare"], 35)  # not the spare alone
    1
    >>> rows_before_break(10, [10, 10], ["spare", "spare"], 25)  # a blank's table moves whole
    0
    >>> rows_before_break(10, [1000, 10], ["row", "row"], 500)  # a long note continues
    >>> rows_before_break(10, [30, 10], ["row", "row"], 30)  # no sliver: the row moves
    0
    >>> rows_before_break(10, [10, 10, 10], ["row", "group", "row"], 35)  # no orphan heading
    1
    """
    used, fit = header, 0
    for height in heights:
        if used + height > room + SURE:
            break
        used, fit = used + height, fit + 1
    if fit == len(heights):
        return fit
    written = sum(1 for kind in kinds if kind != "spare")  # the spare rows come last
    if not written and header + sum(heights) <= KEEP_WHOLE:
        return 0
    fit = keep_spares_company(header, heights, written, fit)
    while fit and kinds[fit - 1] == "group":
        fit -= 1
    if fit == 0 and heights and room - header >= LEAST_PIECE and heights[0] > room - header:
        return None if header + heights[0] > KEEP_WHOLE else 0
    return fit


def keep_spares_company(header: float, heights: Sequence[float], written: int, fit: int) -> int:
    """``fit`` rows above a break, one fewer when only spare rows would follow it, so the
    last written row goes with them (unless that row and the spares fill a page by
    themselves: then they break like any rows)."""
    if 0 < written <= fit < len(heights):
        if header + sum(heights[written - 1 :]) <= KEEP_WHOLE:
            return written - 1
    return fit


class BreakingTable(Flowable):
    """A ReportLab table that breaks by ``rows_before_break``; ``kinds[i]`` says what body
    row ``i`` is. Its pieces break the same way."""

    def __init__(self, table: Table, kinds: Sequence[str]) -> None:
        super().__init__()
        self.table, self.kinds = table, list(kinds)
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
        fit = rows_before_break(header, body, self.kinds, available_height)
        if fit == len(body):
            return [self]
        if fit == 0:
            return []
        if fit is None:  # inside the first row: ReportLab's own split in a row
            table.wrap(available_width, available_height)
            pieces = table.split(available_width, available_height)
            kinds = [self.kinds[:1], self.kinds]
        else:
            room = header + sum(body[:fit]) + SURE
            table.wrap(available_width, room)
            pieces = table.split(available_width, room)
            kinds = [self.kinds[:fit], self.kinds[fit:]]
        if len(pieces) != 2:
            return []
        # ReportLab applies a rule drawn under the last row of a page's part ("splitlast")
        # to the first split only: the rest must carry it to end its own pages' parts too
        carried = [c for c in table._linecmds if c[1][1] == "splitlast"]
        if carried:
            pieces[1].setStyle(carried)
        return [BreakingTable(p, k) for p, k in zip(pieces, kinds, strict=True)]
