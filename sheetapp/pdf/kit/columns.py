"""A table laid out in two balanced columns that continues onto the next page.

ReportLab's ``BalancedColumns`` finds its split by trial layouts of deep copies, which made
a skills list most of a sheet's build time. Here the table is measured once: its row
heights decide where each column breaks, and a group heading is never left at the foot of
a column without its first row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.platypus import Flowable, Table

from sheetapp.pdf.kit.style import GUTTER
from sheetapp.pdf.kit.tables import Column, Group, Row, data_table, padded

MakeTable = Callable[[Sequence[Row]], Table]


class TwoColumnTable(Flowable):
    def __init__(
        self,
        rows: Sequence[Row],
        make: MakeTable,
        *,
        width: float,
        gutter: float,
        break_at: int | None = None,
    ) -> None:
        super().__init__()
        self.rows, self.make = list(rows), make
        self.width, self.gutter = width, gutter
        self.column = (width - gutter) / 2
        self.break_at = break_at  # rows in the left column, when a split fixed it
        self._measured: tuple[float, list[float]] | None = None
        self._prefix: list[float] = []
        self._left = 0

    def _measure(self) -> tuple[float, list[float]]:
        if self._measured is None:
            table = self.make(self.rows)
            table.wrap(self.column, 1e7)
            heights = list(table._rowHeights)
            head = int(table.repeatRows)
            self._measured = (sum(heights[:head]), heights[head:])
            self._prefix = [0.0]
            for h in heights[head:]:
                self._prefix.append(self._prefix[-1] + h)
        return self._measured

    def _fit(self, start: int, room: float) -> int:
        """How many rows from ``start`` fit in one column of height ``room``."""
        head, heights = self._measure()
        used, count = head, 0
        for h in heights[start:]:
            if used + h > room:
                break
            used += h
            count += 1
        return self._no_orphan(start, count)

    def _no_orphan(self, start: int, count: int) -> int:
        end = start + count
        while count > 1 and end < len(self.rows) and isinstance(self.rows[end - 1], Group):
            count -= 1
            end -= 1
        return count

    def _column_height(self, start: int, end: int) -> float:
        head, _ = self._measure()
        return head + self._prefix[end] - self._prefix[start] if end > start else 0

    def _balanced(self) -> int:
        n = len(self.rows)
        best = min(
            range(n + 1),
            key=lambda k: (max(self._column_height(0, k), self._column_height(k, n)), -k),
        )
        return self._no_orphan(0, best)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        n = len(self.rows)
        k = self.break_at if self.break_at is not None else self._balanced()
        self._left = k
        self.height = max(self._column_height(0, k), self._column_height(k, n))
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        n = len(self.rows)
        balanced = self._balanced()
        if max(self._column_height(0, balanced), self._column_height(balanced, n)) <= (
            available_height
        ):
            return [self]
        left = self._fit(0, available_height)
        if left == 0:
            return []  # not even one row here: start on the next page
        right = self._fit(left, available_height)
        taken = left + right
        kw = {"width": self.width, "gutter": self.gutter}
        return [
            TwoColumnTable(self.rows[:taken], self.make, break_at=left, **kw),
            TwoColumnTable(self.rows[taken:], self.make, **kw),
        ]

    def draw(self) -> None:
        for start, end, x in (
            (0, self._left, 0.0),
            (self._left, len(self.rows), self.column + self.gutter),
        ):
            if end <= start:
                continue
            table = self.make(self.rows[start:end])
            _, h = table.wrap(self.column, self.height)
            table.drawOn(self.canv, x, self.height - h)


def two_column_table(
    columns: Sequence[Column],
    rows: Sequence[Row],
    *,
    width: float,
    min_rows: int = 0,
    fillable: str | None = None,
) -> TwoColumnTable:
    """A ruled table (``columns`` sized for one half of ``width``) in two balanced columns,
    padded with empty rows up to ``min_rows``."""
    return TwoColumnTable(
        padded(rows, min_rows),
        lambda part: data_table(columns, part, fillable=fillable),
        width=width,
        gutter=GUTTER,
    )
