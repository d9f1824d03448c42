"""The wound track in print: one cell per step, the current one dark, with a box to tick on a
blank; and the resilience thresholds that decide how far a hit moves along it."""

from __future__ import annotations

from functools import cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import N_, _
from sheetapp.locale_format import number
from sheetapp.pdf.amplitude.wording import TRACK_CELLS
from sheetapp.pdf.kit.boxes import FieldBox, grid_row
from sheetapp.pdf.kit.captions import cell_text
from sheetapp.pdf.kit.direction import Table
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.style import (
    BAND,
    FILL,
    HAIRLINE,
    LINE,
    RULE,
    STROKE,
    WHITE,
    styles,
    table_style,
)
from sheetapp.pdf.kit.text import para
from sheetapp.pdf.kit.ticks import TickBox
from sheetapp.systems.amplitude.figures import AmplitudeFigures, action_check

THRESHOLDS = (
    ("minor", N_("Minor wound at QO"), N_("1 step")),
    ("moderate", N_("Moderate wound at QO"), N_("2 steps")),
    ("major", N_("Major wound at QO"), N_("3 steps")),
)

CELL_PAD = 6.0  # ReportLab's own padding left and right of a cell, which this table keeps


def wound_track(f: AmplitudeFigures | None, width: float, mode: Mode) -> Table:
    """The six states side by side; ``f`` None prints a blank with boxes to tick."""
    current = f.wound.level if f else None
    titles: list[object] = []
    costs: list[object] = []
    commands: list[tuple[object, ...]] = [
        ("BOX", (0, 0), (-1, -1), STROKE, LINE),
        ("INNERGRID", (0, 0), (-1, -1), HAIRLINE, RULE),
        ("LINEBEFORE", (-1, 0), (-1, -1), STROKE, LINE),  # killed lies off the track
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (-1, 0), (-1, -1), FILL),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    for i, (key, title, cost) in enumerate(TRACK_CELLS):
        title = _(title)
        here = key == current
        room = width / len(TRACK_CELLS) - 2 * CELL_PAD
        titles.append(cell_text(title, "block_name" if here else "cell_bold", room))
        costs.append(para(_(cost), _current_style() if here else "small"))
        if here:
            commands.append(("BACKGROUND", (i, 0), (i, -1), BAND))
    rows: list[list[object]] = [titles, costs]
    if f is None:
        rows.insert(
            0, [TickBox(field=mode.field("wound", key)) for key, _unused, _unused in TRACK_CELLS]
        )
    table = Table(rows, colWidths=[width / len(TRACK_CELLS)] * len(TRACK_CELLS), hAlign="LEFT")
    table.setStyle(table_style(commands))
    return table


@cache
def _current_style() -> ParagraphStyle:
    """The small print of the current step, white on its dark fill."""
    return ParagraphStyle("track_current", parent=styles()["small"], textColor=WHITE)


def thresholds_row(f: AmplitudeFigures | None, layout: Layout, mode: Mode) -> Flowable:
    """Three threshold boxes and the check a major wound asks before acting."""
    g = layout.grid
    cells = []
    for key, title, steps in THRESHOLDS:
        title = _(title)
        value = f.thresholds.by_wound()[key] if f else None
        box = FieldBox(
            _("{title} ({steps})").format(title=title, steps=_(steps)),
            value,
            width=g.span(3),
            height=11 * mm,
            big=True,
            field=mode.field("threshold", key) if value is None else None,
        )
        cells.append((g.span(3), box))
    check = f.action_check if f else action_check()
    needed = (
        _("Amp {amp}, QO {needed}+ · {chance}% at -4").format(
            amp=check.amp, needed=check.needed, chance=number(check.chance * 100, places=1)
        )
        if f
        else _("Amp {amp}, QO {needed}+").format(amp=check.amp, needed=check.needed)
    )
    specials = FieldBox(
        _("To act with a major wound"),
        needed,
        width=g.span(3),
        height=11 * mm,
        style="small",
    )
    cells.append((g.span(3), specials))
    return grid_row(cells)
