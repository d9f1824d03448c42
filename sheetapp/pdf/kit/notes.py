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

from sheetapp.i18n import _
from sheetapp.pdf.kit.boxes import BAND_HEIGHT, Band, LinedBox, VStack, grid_row, heading
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import RestOfPage
from sheetapp.pdf.kit.text import long_text

LEAST = 32 * mm
MOST = 110 * mm


TITLE_GAP = 2 * mm  # under a section band, as ``heading`` leaves


def ruled_room(
    layout: Layout,
    *,
    title: str = "",
    fields: tuple[str | None, str | None] = (None, None),
    blank: bool = False,
) -> RestOfPage:
    """The ruled Notes box (nine columns) and the Money box (three), as tall as the room
    left on the page allows, within ``LEAST`` and ``MOST`` (a ``blank``'s down to the
    paper's foot, however tall); under a section band when ``title`` is given (a band kept
    with its next flowable could not measure the room)."""
    grid = layout.grid
    top = BAND_HEIGHT + TITLE_GAP if title else 0.0

    def room(height: float) -> Flowable:
        row = grid_row(
            [
                (
                    grid.span(9),
                    LinedBox("", width=grid.span(9), height=height - top, field=fields[0]),
                ),
                (
                    grid.span(3),
                    LinedBox(_("Money"), width=grid.span(3), height=height - top, field=fields[1]),
                ),
            ]
        )
        if not title:
            return row
        return VStack([Band(title, grid.width), row], width=grid.width, spacing=TITLE_GAP)

    most = layout.frame_height if blank else MOST + top
    return RestOfPage(room, least=LEAST + top, most=most, foot=layout.foot)


def notes_area(
    text: str,
    layout: Layout,
    *,
    title: str = "",
    fields: tuple[str | None, str | None] = (None, None),
    blank: bool = False,
) -> list[Flowable]:
    """The heading (``title``, else "Notes" in the reader's language), the player's
    ``text`` in full (nothing when empty), and the ruled room to write in play; on a
    fillable blank, ``fields`` names the notes' and the money's fields; a ``blank``'s room
    reaches the page's foot."""
    title = title or _("Notes")
    written = long_text(text)
    if not written:
        return [ruled_room(layout, title=title, fields=fields, blank=blank)]
    room = ruled_room(layout, fields=fields, blank=blank)
    return [heading(title, layout.grid.width), *written, room]
