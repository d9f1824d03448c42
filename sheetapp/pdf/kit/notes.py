"""The Notes area every filled sheet ends with: what the player wrote, then ruled lines to
write on at the table, and a ruled Money box beside them to keep a running purse.

A sheet prints it even when its file holds no notes: play always needs somewhere to write.
The ruled part takes what is left of the page (between ``LEAST`` and ``MOST`` tall), so a
sheet ends in room to write rather than in white space; with less than ``LEAST`` left it
starts on the next page.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.kit.boxes import BAND_HEIGHT, Band, LinedBox, grid_row, heading
from sheetapp.pdf.kit.style import Grid
from sheetapp.pdf.kit.text import long_text

LEAST = 32 * mm
MOST = 110 * mm


TITLE_GAP = 2 * mm  # under a section band, as ``heading`` leaves


class RuledRoom(Flowable):
    """The ruled Notes box (nine columns) and the Money box (three), as tall as the room
    left on the page allows, within ``LEAST`` and ``MOST``; under a section band when
    ``title`` is given (a band kept with its next flowable could not measure the room)."""

    def __init__(
        self, grid: Grid, *, title: str = "", fields: tuple[str | None, str | None] = (None, None)
    ) -> None:
        super().__init__()
        self.grid, self.title, self.fields = grid, title, fields
        self.width = grid.width
        self.top = BAND_HEIGHT + TITLE_GAP if title else 0.0
        self.height = LEAST + self.top

    def _make(self, height: float) -> Flowable:
        g = self.grid
        return grid_row(
            [
                (g.span(9), LinedBox("", width=g.span(9), height=height, field=self.fields[0])),
                (
                    g.span(3),
                    LinedBox("Money", width=g.span(3), height=height, field=self.fields[1]),
                ),
            ]
        )

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        # a little under the room left: the frame's own rounding must not push it over
        room = available_height - 1 - self.top
        self.height = max(LEAST, min(MOST, room)) + self.top
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return [] if available_height < LEAST + self.top else [self]

    def draw(self) -> None:
        row = self._make(self.height - self.top)
        row.wrap(self.width, self.height - self.top)
        row.drawOn(self.canv, 0, 0)
        if self.title:
            band = Band(self.title, self.width)
            band.wrap(self.width, BAND_HEIGHT)
            band.drawOn(self.canv, 0, self.height - BAND_HEIGHT)


def notes_area(
    text: str,
    grid: Grid,
    *,
    title: str = "Notes",
    fields: tuple[str | None, str | None] = (None, None),
) -> list[Flowable]:
    """The heading, the player's ``text`` in full (nothing when empty), and the ruled
    room to write in play; on a fillable blank, ``fields`` names the notes' and the
    money's fields."""
    written = long_text(text)
    if not written:
        return [RuledRoom(grid, title=title, fields=fields)]
    return [heading(title, grid.width), *written, RuledRoom(grid, fields=fields)]
