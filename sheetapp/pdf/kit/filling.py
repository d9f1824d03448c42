"""Parts of a blank form that take what is left of the page, so a form ends in room to write
rather than in white space: empty table rows as many as fit, ruled boxes as tall as the rest.

A blank's layout says where its pages end (``PageBreak``); the last part before each end is
one of these, sized when the page knows how much room it has left.

A blank is laid out on the frame A4 and Letter share, so it breaks at the same places on
both (``document``); the paper's own page may reach further down (A4's, by ``Layout.foot``).
Every decision here (does the part fit, does it reach the floor) is taken on the shared
frame; a part that reaches the shared floor then reaches the paper's own floor too, drawn
below the frame into the ``foot``. Platypus is told the shared height, so nothing else on
the page moves, and the part is the last on its page (nothing fits under the floor), so the
foot it draws into is empty.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable

FLOOR_SLACK = 1.0  # points left under a part that fills the page: the frame's rounding


class RestOfPage(Flowable):
    """``make(height)`` as tall as the room left on the page, within ``least`` and ``most``;
    with less than ``least`` left it starts on the next page. Reaching the frame's floor,
    it reaches ``foot`` further, the paper's own floor (see the module).

    ``least`` is raised to what ``make(least)`` truly needs: content that cannot shrink to
    it (a ledger's fewest rows in large print, a note wrapped on a narrow page) would
    otherwise be drawn taller than the room platypus gave it, over what stands above."""

    def __init__(
        self, make: Callable[[float], Flowable], *, least: float, most: float, foot: float = 0.0
    ) -> None:
        super().__init__()
        self.make, self.least, self.most, self.foot = make, least, most, foot
        self.content: Flowable | None = None
        self.below = 0.0  # drawn under the frame's floor
        self._needs: dict[float, float] = {}  # the true least height, by width

    def _least(self, width: float) -> float:
        if width not in self._needs:
            _, needed = self.make(self.least).wrap(width, self.least)
            self._needs[width] = max(self.least, needed)
        return self._needs[width]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        room = available_height - FLOOR_SLACK
        least = self._least(available_width)
        most = max(least, self.most)
        height = max(least, min(most, room))
        self.below = self.foot if least <= room < most else 0.0
        self.content = self.make(height + self.below)
        self.width, drawn = self.content.wrap(available_width, height + self.below)
        self.height = max(height, drawn - self.below)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return [] if available_height - FLOOR_SLACK < self._least(available_width) else [self]

    def draw(self) -> None:
        assert self.content is not None
        self.content.drawOn(self.canv, 0, -self.below)


class FillingRows(Flowable):
    """A blank table, ``make(rows)``, with as many empty rows as the room left holds, at
    least ``least`` and at most ``most``; with no room for ``least`` rows it moves whole to
    the next page. Filling the frame, it takes the rows ``foot`` more holds, the paper's
    own (see the module)."""

    def __init__(
        self, make: Callable[[int], Flowable], *, least: int, most: int, foot: float = 0.0
    ) -> None:
        super().__init__()
        self.make, self.least, self.most, self.foot = make, least, most, foot
        self.table: Flowable | None = None
        self._least_height = 0.0
        self.below = 0.0  # drawn under the frame's floor

    def _rows_for(self, width: float, room: float) -> int:
        _, self._least_height = self.make(self.least).wrap(width, room)
        return rows_fitting(self.make, self.least, self.most, width, room)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        rows = self._rows_for(available_width, available_height)
        _, height = self.make(rows).wrap(available_width, available_height)
        fills = self._least_height <= available_height and rows < self.most
        if fills and self.foot:
            rows = rows_fitting(
                self.make, rows, self.most, available_width, available_height + self.foot
            )
        self.table = self.make(rows)
        self.width, drawn = self.table.wrap(available_width, available_height + self.foot)
        self.below = drawn - height
        self.height = height
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        self._rows_for(available_width, available_height)
        return [] if available_height < self._least_height else [self]

    def draw(self) -> None:
        assert self.table is not None
        self.table.drawOn(self.canv, 0, -self.below)


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
