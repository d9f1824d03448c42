"""Parts of a blank form that take what is left of the page, so a form ends in room to write
rather than in white space: empty table rows as many as fit, ruled boxes as tall as the rest.

A blank's layout says where its pages end (``PageBreak``); the last part before each end is
one of these, sized when the page knows how much room it has left.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable


class RestOfPage(Flowable):
    """``make(height)`` as tall as the room left on the page, within ``least`` and ``most``;
    with less than ``least`` left it starts on the next page."""

    def __init__(self, make: Callable[[float], Flowable], *, least: float, most: float) -> None:
        super().__init__()
        self.make, self.least, self.most = make, least, most
        self.content: Flowable | None = None

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # a little under the room left: the frame's own rounding must not push it over
        height = max(self.least, min(self.most, available_height - 1))
        self.content = self.make(height)
        self.width, _ = self.content.wrap(available_width, height)
        self.height = height
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return [] if available_height - 1 < self.least else [self]

    def draw(self) -> None:
        assert self.content is not None
        self.content.drawOn(self.canv, 0, 0)


class FillingRows(Flowable):
    """A blank table, ``make(rows)``, with as many empty rows as the room left holds, at
    least ``least`` and at most ``most``; with no room for ``least`` rows it moves whole to
    the next page."""

    def __init__(self, make: Callable[[int], Flowable], *, least: int, most: int) -> None:
        super().__init__()
        self.make, self.least, self.most = make, least, most
        self.table: Flowable | None = None
        self._least_height = 0.0

    def _rows_for(self, width: float, room: float) -> int:
        _, self._least_height = self.make(self.least).wrap(width, room)
        return rows_fitting(self.make, self.least, self.most, width, room)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.table = self.make(self._rows_for(available_width, available_height))
        self.width, self.height = self.table.wrap(available_width, available_height)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        self._rows_for(available_width, available_height)
        return [] if available_height < self._least_height else [self]

    def draw(self) -> None:
        assert self.table is not None
        self.table.drawOn(self.canv, 0, 0)


def rows_fitting(
    make: Callable[[int], Flowable], least: int, most: int, width: float, room: float
) -> int:
    """The most rows, from ``least`` to ``most``, with which ``make(rows)`` stays within
    ``room`` (``least`` when even that does not): rows are taken to be of one height."""
    _, first = make(least).wrap(width, room)
    _, more = make(least + 1).wrap(width, room)
    per_row = max(more - first, 1.0)
    extra = int((room - 1 - first) // per_row)
    return max(least, min(most, least + extra))
