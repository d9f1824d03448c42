"""Resources that change in play, printed to be used at the table: each a row with its name,
one box per point, and how many are left of how many.

A resource with a maximum (stamina, a durability track, last resort points) prints that
many boxes, the points already lost or spent crossed out, and "22 of 25"; a count without
one (momentum, a misfortune streak, bonus points) prints at least ``OPEN_BOXES`` boxes with
the points held filled in, and "2 held". A blank leaves the figures to pencil in (fillable
fields when asked). Every system's tracks go through ``track_table`` (a row each) or
``ResourceBox`` (a labelled box among a sheet's other boxes), so they look alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import ngettext, pgettext
from sheetapp.pdf.fonts import REGULAR
from sheetapp.pdf.kit.boxes import (
    LABEL_BAND,
    LABEL_LEADING,
    PAD,
    draw_label,
    label_lines,
    label_width,
)
from sheetapp.pdf.kit.captions import cell_text, widest_word
from sheetapp.pdf.kit.direction import Align, Table, anchored
from sheetapp.pdf.kit.forms import FieldSlot
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.style import HAIRLINE, INK, LINE, RULE, STROKE, styles, table_style
from sheetapp.pdf.kit.text import para
from sheetapp.pdf.kit.ticks import TickTrack
from sheetapp.pdf.shaping import text_width
from sheetapp.systems.wording import NBSP

OPEN_BOXES = 10  # boxes for a count with no maximum: room to gain a few
MOST_BOXES = 120  # at most: a larger figure (a GM's override) is read from the figures
TRACK_GAP = 2.5 * mm
NAME_GAP = 1.5 * mm  # between a track's name and its first box, when the name fills its room
MOST_NAME_SHARE = 0.3  # of a track table's width, the most a long name may take


@dataclass(frozen=True)
class Resource:
    """``current`` of ``maximum`` (None: no maximum); ``current`` None on a blank.

    ``lost`` overrides how many boxes are crossed (a damage track counts damage, which may
    exceed what the boxes show); ``field`` names a blank's fillable fields."""

    label: str
    current: int | None = None
    maximum: int | None = None
    blank_boxes: int = OPEN_BOXES
    lost: int | None = None
    field: str | None = None
    ask_maximum: bool = False  # a blank leaves "of ___" to pencil the maximum in
    max_field: str | None = None  # and names a fillable field for it
    note: str = ""  # instead of the figures when there are none, e.g. "needs Con"


def boxes_of(resource: Resource) -> int:
    """How many boxes the resource prints: its maximum, or room above what is held."""
    if resource.current is None and resource.maximum is None:
        return resource.blank_boxes
    if resource.maximum is not None:
        return min(resource.maximum, MOST_BOXES)
    return min(max(resource.current or 0, OPEN_BOXES), MOST_BOXES)


def track(resource: Resource, width: float) -> TickTrack:
    """The resource's boxes: lost points crossed, or held points filled (empty on a blank)."""
    r = resource
    total = boxes_of(r)
    if r.current is None:
        return TickTrack(total, width=width, fillable=r.field)
    if r.maximum is None:
        return TickTrack(total, width=width, marked=r.current, filled=True)
    lost = r.lost if r.lost is not None else r.maximum - r.current
    return TickTrack(total, width=width, marked=lost)


def readout(resource: Resource) -> str:
    """The figures beside the boxes: "22 of 25 left", "2 held"; a note when there are
    none."""
    r = resource
    if r.current is None:
        return r.note
    if r.maximum is None:
        held = ngettext("{current} held", "{current} held", r.current)
        return held.format(current=r.current).replace(" ", NBSP)
    # Translators: points left of a track's maximum, e.g. "22 of 25 left" (stamina boxes)
    left = ngettext("{current} of {maximum} left", "{current} of {maximum} left", r.current)
    return left.format(current=r.current, maximum=r.maximum).replace(" ", NBSP)


def _blank_readout(resource: Resource, width: float) -> Flowable:
    """ "of ___" to pencil the maximum in (a fillable field when named)."""
    slot: object = ""
    if resource.max_field:
        slot = FieldSlot(resource.max_field, width=width * 0.5, height=9, tooltip=resource.label)
    of = pgettext("a track's maximum, pencilled in after it", "of")
    table = Table([[para(of, "muted"), slot]], colWidths=[width * 0.5, width * 0.5])
    table.setStyle(
        table_style(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (1, 0), (1, 0), HAIRLINE, RULE),
            ]
        )
    )
    return table


def track_table(
    resources: Sequence[Resource], width: float, *, shares: tuple[float, float] = (0.16, 0.14)
) -> Table:
    """One row per resource: its name, its boxes, its figures; ``shares`` of the width go
    to the name and the figures, the rest to the boxes."""
    name_w, figures_w = width * shares[0], width * shares[1]
    # a name too long for its share (a longer language's) takes room from the boxes, which
    # wrap onto another row, before it shrinks or is condensed; a gap keeps it off the boxes
    bold = styles()["cell_bold"]
    need = max(
        (widest_word(r.label, bold.fontName, bold.fontSize) for r in resources), default=0.0
    )
    name_w = max(name_w, min(need + NAME_GAP, width * MOST_NAME_SHARE))
    # on a narrow page (large print) the figures keep their widest word whole and the
    # boxes one group of five at their smallest, each taking from the other's share
    small = styles()["small"]
    widest = max(
        (
            text_width(word, small.fontName, small.fontSize)
            for r in resources
            for word in readout(r).split(" ")  # a no-break space holds "2 held" together
        ),
        default=0.0,
    )
    least_boxes = TickTrack.least_width() + TRACK_GAP
    figures_w = max(min(figures_w, width - name_w - least_boxes), widest + 0.5)
    boxes_w = width - name_w - figures_w
    rows = []
    room = boxes_w - TRACK_GAP  # the boxes keep clear of the figures after them
    for r in resources:
        # a blank leaves "of ___" for a maximum to pencil in (nothing for a mere count)
        shown = (
            _blank_readout(r, figures_w)
            if r.current is None and r.ask_maximum
            else para(readout(r), "small")
        )
        rows.append([cell_text(r.label, "cell_bold", name_w - NAME_GAP), track(r, room), shown])
    table = Table(rows, colWidths=[name_w, boxes_w, figures_w], hAlign="LEFT")
    table.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, -1), NAME_GAP),  # the name keeps off the boxes
                ("TOPPADDING", (0, 0), (-1, -1), 1.4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
                ("LINEBELOW", (0, 0), (-1, -2), HAIRLINE, RULE),
            ]
        )
    )
    return table


class ResourceBox(Flowable):
    """A resource as one of a sheet's labelled boxes: the label in the corner, the figures
    at the line's end (its left, right to left), the boxes under them; at least ``height``
    tall, stretching in a grid row like its neighbours."""

    def __init__(self, resource: Resource, *, width: float, height: float) -> None:
        super().__init__()
        self.resource, self.width, self.min_height = resource, width, height
        self.track = track(resource, width - 2 * PAD)
        self.stretched = 0.0

    def _head(self) -> tuple[list[str], bool]:
        """The label's lines, and whether the figures fit beside the last of them (else
        they take a line of their own under it)."""
        inner = self.width - 2 * PAD
        lines = label_lines(self.resource.label, inner)
        figures = readout(self.resource)
        beside = not figures or (
            text_width(figures, REGULAR, 7) <= inner - label_width(lines[-1]) - 2 * mm
        )
        return lines, beside

    def _head_height(self) -> float:
        lines, beside = self._head()
        return LABEL_BAND + LABEL_LEADING * (len(lines) - 1 + (not beside))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        _, boxes = self.track.wrap(self.width - 2 * PAD, available_height)
        self.height = max(self.min_height, self._head_height() + boxes + PAD, self.stretched)
        return self.width, self.height

    def stretch_to(self, height: float) -> None:
        self.stretched = height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        top = self.height - 2.6 * mm
        lines, beside = self._head()
        for number, line in enumerate(lines):
            draw_label(c, line, PAD, top - number * LABEL_LEADING, room=self.width - 2 * PAD)
        figures = readout(self.resource)
        if figures:  # beside the label's last line, or under it in a narrow box
            c.setFillColor(INK)
            y = top - LABEL_LEADING * (len(lines) - 1 + (not beside))
            anchor: tuple[float, Align] = (self.width - PAD, "right") if beside else (PAD, "left")
            x, align = anchored(*anchor, self.width)
            draw_string(c, x, y, figures, REGULAR, 7, align=align)
        c.restoreState()
        _, boxes = self.track.wrap(self.width - 2 * PAD, self.height)
        # the boxes sit in the middle of the room under the label
        room = self.height - self._head_height()
        self.track.drawOn(c, PAD, max((room - boxes) / 2, PAD / 2))
