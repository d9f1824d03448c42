"""Long tables that cost their rows, not their square.

A ReportLab ``Table`` of n rows costs n² to measure (it looks for its next unmeasured row
from the top each time) and again to split page by page (each page's rest is a new table of
every row left, its style commands copied). So a long list is measured once, a bounded
batch of rows at a time, and each page draws a table of just its own rows; the pieces a
page break makes share the measured heights instead of measuring what is left again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

from reportlab.platypus import Flowable, Table

from sheetapp.pdf.kit.breaking import keep_spares_company

BATCH = 100  # rows per measuring table: bounded, so measuring n rows costs n

MakeTable = Callable[[Sequence[Any]], Table]
"""Lays out any run of a list's rows as a table with its header."""


class MeasuredRows:
    """Every row of a list with its height, measured once and shared by the pieces the
    list is split into; ``make`` lays out any run of the rows.

    Rows that ``is_heading`` says are group headings (True) start groups, and rows it says
    belong to none (None: the empty rows after a list) end them: a piece that begins inside
    a group repeats its heading (``owner``, ``lead``), so a group continued on the next
    column or page still says what it is.
    """

    def __init__(
        self,
        rows: Sequence[Any],
        make: MakeTable,
        width: float,
        *,
        is_heading: Callable[[Any], bool | None] | None = None,
    ) -> None:
        self.rows, self.make = list(rows), make
        self.heights: list[float] = []
        self.head = 0.0
        for start in range(0, max(len(self.rows), 1), BATCH):
            table = make(self.rows[start : start + BATCH])
            table.wrap(width, 1e7)
            repeat = int(table.repeatRows)
            self.head = sum(table._rowHeights[:repeat])
            self.heights += table._rowHeights[repeat:]
        self.totals = [0.0, *accumulate(self.heights)]  # totals[i]: rows before row i
        self.owners: list[int | None] = []  # the heading each row falls under
        self.spare: list[bool] = []  # the empty rows after the list
        owner: int | None = None
        for index, row in enumerate(self.rows):
            role = is_heading(row) if is_heading is not None else False
            if role is None or role:
                owner = None
            self.owners.append(owner)
            self.spare.append(role is None)
            owner = index if role else owner

    def keep_spares_company(self, start: int, count: int, end: int) -> int:
        """``count`` rows of ``start:end`` above a break, one fewer when only spare rows
        would follow (``breaking.keep_spares_company``)."""
        written = sum(1 for spare in self.spare[start:end] if not spare)
        heights = self.heights[start:end]
        return keep_spares_company(self.head, heights, written, count)

    def owner(self, index: int) -> int | None:
        """The heading row a piece starting at row ``index`` repeats; None at a heading,
        or before the first."""
        return self.owners[index] if index < len(self.owners) else None

    def lead(self, index: int) -> float:
        """The height of the repeated heading a piece starting at row ``index`` begins with."""
        owner = self.owner(index)
        return 0.0 if owner is None else self.heights[owner]

    def fitting(self, start: int, end: int, room: float) -> int:
        """How many rows from ``start`` (not past ``end``) fit under the header in ``room``."""
        used, count = self.head + self.lead(start), 0
        for index in range(start, end):
            used += self.heights[index]
            if used > room:
                break
            count += 1
        return count


class RunningTable(Flowable):
    """Rows ``start:end`` of a long one-column table; a page break splits it in two, and
    ``piece(start, end)`` lays out the rows a page shows (header repeated)."""

    def __init__(
        self,
        rows: MeasuredRows,
        piece: Callable[[int, int], Table],
        *,
        width: float,
        start: int = 0,
        end: int | None = None,
    ) -> None:
        super().__init__()
        self.rows, self.piece, self.width = rows, piece, width
        self.start, self.end = start, len(rows.rows) if end is None else end

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        totals = self.rows.totals
        lead = self.rows.lead(self.start) if self.end > self.start else 0.0
        self.height = self.rows.head + lead + totals[self.end] - totals[self.start]
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        count = self.rows.fitting(self.start, self.end, available_height)
        # the spare rows never start a page alone: the last written row goes with them
        count = self.rows.keep_spares_company(self.start, count, self.end)
        if count == 0:
            return []  # not even one row here: start on the next page
        if self.start + count == self.end:
            return [self]
        middle = self.start + count
        return [self._part(self.start, middle), self._part(middle, self.end)]

    def _part(self, start: int, end: int) -> RunningTable:
        return RunningTable(self.rows, self.piece, width=self.width, start=start, end=end)

    def draw(self) -> None:
        table = self.piece(self.start, self.end)
        _, h = table.wrap(self.width, self.height)
        table.drawOn(self.canv, 0, self.height - h)
