"""A table laid out in two balanced columns that continues onto the next page.

ReportLab's ``BalancedColumns`` finds its split by trial layouts of deep copies, which made
a skills list most of a sheet's build time. Here the table is measured once: its row
heights decide where each column breaks, and a group heading is never left at the foot of
a column without its first row.

Long lists stay linear in their rows: they are measured once (``measured.MeasuredRows``),
and every piece a page break makes shares those heights. A piece too tall for the room it
is offered is sized from running totals; one that may fit adds its own rows from its first,
as a table of just those rows would, so where the columns break does not depend on how long
the list was.

A blank form's list that runs over pages may be given rows to write in (``foot_row``): a
piece that ends its page then continues each column with them down to the paper's own
floor (``Layout.foot``), so a long printed list ends its page in room to write rather
than white space, on A4 as on Letter (see ``filling``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate, count

from reportlab.platypus import Flowable

from sheetapp.pdf.kit.direction import placed
from sheetapp.pdf.kit.filling import FLOOR_SLACK
from sheetapp.pdf.kit.measured import MeasuredRows
from sheetapp.pdf.kit.style import GUTTER
from sheetapp.pdf.kit.tables import (
    Column,
    Group,
    Row,
    continued,
    cut_tall_rows,
    is_group,
    padded,
    ruled_table,
)

ColumnHeight = Callable[[int, int], float]  # of rows [start, end) of a piece, header included
FootRow = Callable[[int], Row]  # the empty row numbered n, to write in, under a page's list

SURE = 0.01  # points: far above rounding error, far below anything visible


class TwoColumnTable(Flowable):
    """Rows ``start:end`` of a measured list in two columns; a split makes two more."""

    def __init__(
        self,
        rows: MeasuredRows,
        *,
        width: float,
        gutter: float,
        start: int = 0,
        end: int | None = None,
        break_at: int | None = None,
        foot: float = 0.0,
        foot_row: FootRow | None = None,
        numbers: Iterator[int] | None = None,
    ) -> None:
        super().__init__()
        self.rows, self.width, self.gutter = rows, width, gutter
        # rows to write in under a piece that ends its page, numbered 1, 2, ... down the list
        self.foot, self.foot_row = foot, foot_row
        self.numbers = numbers if numbers is not None else count(1)
        self.room: float | None = None  # the page's room, for a piece that ends the page
        self.column = (width - gutter) / 2
        self._start, self._end = start, len(rows.rows) if end is None else end
        self.break_at = break_at  # rows in the left column, when a split fixed it
        self._best: int | None = None
        self._exact: list[float] | None = None
        self._left = 0

    def _piece(self, start: int, end: int, break_at: int | None) -> TwoColumnTable:
        """Rows ``start:end`` of this piece, sharing the measured list."""
        return TwoColumnTable(
            self.rows,
            width=self.width,
            gutter=self.gutter,
            start=self._start + start,
            end=self._start + end,
            break_at=break_at,
            foot=self.foot,
            foot_row=self.foot_row,
            numbers=self.numbers,
        )

    @property
    def _count(self) -> int:
        """Rows in this piece (no __len__: platypus tests flowables for truth)."""
        return self._end - self._start

    def _row(self, index: int) -> Row:
        return self.rows.rows[self._start + index]

    def _heights(self, exact: bool) -> ColumnHeight:
        """Column heights from this piece's own sums (what a table of its rows adds up), or
        from the whole list's running totals, for a piece that cannot fit anyway."""
        if exact:
            if self._exact is None:
                heights = self.rows.heights[self._start : self._end]
                self._exact = [0.0, *accumulate(heights)]
            sums, offset = self._exact, 0
        else:
            sums, offset = self.rows.totals, self._start
        head, lead, first = self.rows.head, self.rows.lead, self._start

        def height(start: int, end: int) -> float:
            if end <= start:
                return 0
            return head + lead(first + start) + sums[offset + end] - sums[offset + start]

        return height

    def _may_fit(self, room: float) -> bool:
        """Whether the balanced columns might fit ``room``: neither column is shorter than
        the header and half the rows."""
        totals = self.rows.totals
        rows = totals[self._end] - totals[self._start]
        return self._count == 0 or self.rows.head + rows / 2 <= room + SURE

    def _fit(self, start: int, room: float) -> int:
        """How many rows from ``start`` fit in one column of height ``room``."""
        return self._no_orphan(start, self.rows.fitting(self._start + start, self._end, room))

    def _no_orphan(self, start: int, count: int) -> int:
        end = start + count
        while count > 1 and end < self._count and isinstance(self._row(end - 1), Group):
            count -= 1
            end -= 1
        return count

    def _balanced(self, exact: bool) -> int:
        """The break that makes the taller column shortest (the later one on a tie)."""
        if exact and self._best is not None:
            return self._best
        best = self._no_orphan(0, _lowest_break(self._heights(exact), self._count))
        if exact:
            self._best = best
        return best

    def _layout(self, room: float) -> tuple[int, float]:
        """Rows in the left column and the height of the taller column."""
        exact = self.break_at is not None or self._may_fit(room)
        k = self.break_at if self.break_at is not None else self._balanced(exact)
        height = self._heights(exact)
        return k, max(height(0, k), height(k, self._count))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._left, self.height = self._layout(available_height)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        if self._may_fit(available_height):
            height = self._heights(exact=True)
            balanced = self._balanced(exact=True)
            if max(height(0, balanced), height(balanced, self._count)) <= available_height:
                return [self]
        left = self._fit(0, available_height)
        if left == 0:
            return []  # not even one row here: start on the next page
        right = self._fit(left, available_height)
        taken = left + right
        kept = self.rows.keep_spares_company(self._start, taken, self._end)
        if kept < taken:  # the last written row goes with the spare rows, from its column
            taken = kept
            left, right = min(left, taken), taken - min(left, taken)
            if taken == 0:
                return []
        first = self._piece(0, taken, left)
        first.room = available_height  # it ends the page
        return [first, self._piece(taken, self._count, None)]

    def _column(self, start: int, end: int) -> tuple[Flowable, float]:
        """The table of a column and its height; under a piece that ends its page, with
        as many rows to write in as reach the paper's floor (see the module)."""
        rows = self.rows
        part = continued(rows, self._start + start, self._start + end)
        table = rows.make(part)
        _, height = table.wrap(self.column, self.height)
        if self.room is None or self.foot_row is None:
            return table, height
        floor = self.room + self.foot - FLOOR_SLACK
        while True:
            longer = rows.make([*part, self.foot_row(0)])
            _, taller = longer.wrap(self.column, floor)
            if taller > floor:
                break
            part.append(self.foot_row(next(self.numbers)))
            height = taller
        return rows.make(part), height

    def draw(self) -> None:
        for start, end, x in (
            (0, self._left, 0.0),
            (self._left, self._count, self.column + self.gutter),
        ):
            if end <= start:
                continue
            table, h = self._column(start, end)
            table.wrap(self.column, h)
            # the first column is the right one on a right-to-left page
            table.drawOn(self.canv, placed(x, self.column, self.width), self.height - h)


def _lowest_break(height: ColumnHeight, n: int) -> int:
    """The largest k in 0..n minimising ``max(height(0, k), height(k, n))``.

    The left column only grows with k and the right only shrinks, so the taller one falls
    until they cross and then rises: two bisections find the lowest point, where trying
    every k would cost n for each page a long list runs over.
    """
    low, high = 0, n  # the first k where the left column is at least the right
    while low < high:
        mid = (low + high) // 2
        if height(0, mid) >= height(mid, n):
            high = mid
        else:
            low = mid + 1
    crossing = low
    left = height(0, crossing)
    if crossing and height(crossing - 1, n) < left:
        return crossing - 1
    low, high = crossing, n  # the last k whose left column is no taller than at the crossing
    while low < high:
        mid = (low + high + 1) // 2
        if height(0, mid) <= left:
            low = mid
        else:
            high = mid - 1
    return low


def two_column_table(
    columns: Sequence[Column],
    rows: Sequence[Row],
    *,
    width: float,
    min_rows: int = 0,
    spare: int = 0,
    fillable: str | None = None,
    foot: float = 0.0,
    foot_row: FootRow | None = None,
) -> TwoColumnTable:
    """A ruled table (``columns`` sized for one half of ``width``) in two balanced columns,
    padded with empty rows up to ``min_rows``, at least ``spare`` of them; ``foot_row``
    fills each page it ends to the paper's floor (``foot`` below the frame's)."""
    measured = MeasuredRows(
        padded(cut_tall_rows(columns, rows), min_rows, spare),
        lambda part: ruled_table(columns, part, fillable=fillable),
        (width - GUTTER) / 2,
        is_heading=is_group,
    )
    return TwoColumnTable(measured, width=width, gutter=GUTTER, foot=foot, foot_row=foot_row)
