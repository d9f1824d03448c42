"""Boxes on the grid: labelled fields, section bands, panels, and rows that align them.

A field is a box with a small caps label in its corner and the value under it, the way a
printed sheet leaves room for pencil. Boxes in one ``grid_row`` are stretched to the
tallest, so a row of boxes always shares its top and bottom edges.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer

from sheetapp.pdf.fonts import BOLD, REGULAR
from sheetapp.pdf.kit.captions import Fitted, cell_text, draw_fitted, fit_caption, set_width
from sheetapp.pdf.kit.direction import Table, placed, start
from sheetapp.pdf.kit.forms import FieldSlot, text_field
from sheetapp.pdf.kit.lines import text_out
from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.kit.style import (
    BAND,
    GUTTER,
    HAIRLINE,
    LINE,
    MUTED,
    RULE,
    STROKE,
    WHITE,
    styles,
    table_style,
)
from sheetapp.pdf.kit.text import clip, fit_line, long_text, para, rich
from sheetapp.pdf.shaping import text_width

PAD = 1.8 * mm
LABEL_BAND = 3.6 * mm  # room the label takes at the top of a field
LABEL_SIZE = 7.0  # at least 7 pt: read at arm's length across a table
LABEL_SPACING = 0.2  # between a label's letters, points
LABEL_LEADING = 8.4  # from one line of a label to the next
BAND_HEIGHT = 5.4 * mm
NOTE_LINE = 3.4 * mm  # a band's note on a line of its own, under a title it did not fit beside
LINE_PITCH = 6.5 * mm  # ruled lines for handwriting
NAME_HEIGHT = 14 * mm  # the boxes of a sheet's head, the name's and those beside it


def draw_label(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    *,
    color: object = MUTED,
    room: float | None = None,
) -> None:
    """Our own small caps label (never user text) with a little letter spacing; a word
    wider than ``room`` loses the spacing, then is condensed to fit (``captions``): a
    longer language's label never runs over its box's edge. In ``room`` it starts on the
    page's starting side (the right, on a right-to-left page)."""
    caps = text.upper()
    fitted = Fitted((caps,), LABEL_SPACING, 1.0)
    if room is not None and label_width(text) > room:
        fitted = fit_caption(caps, BOLD, LABEL_SIZE, room, LABEL_SPACING)
        fitted = Fitted((caps,), fitted.spacing, fitted.scale)  # label_lines made the lines
    draw_fitted(
        canvas,
        fitted,
        x,
        y,
        font=BOLD,
        size=LABEL_SIZE,
        leading=LABEL_LEADING,
        room=room or label_width(text),
        color=color,
        align=start(),
    )


def label_width(text: str) -> float:
    """How wide ``draw_label`` sets ``text``: capitals with their letter spacing."""
    return set_width(text.upper(), BOLD, LABEL_SIZE, LABEL_SPACING)


def label_lines(text: str, width: float) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` as labels: a label
    wider than its box goes on two lines rather than over the box's edge."""
    lines: list[str] = []
    for word in re.findall(r"\([^)]*\)|\S+", text):  # "(2 steps)" stays on one line
        if lines and label_width(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


MOST_LINES = 3  # lines a narrow box's value takes before the rest moves under its row
NARROW = 80 * mm  # boxes narrower than this hold short values (age, player, species)
STRETCH_LIMIT = 180 * mm  # shorter than the body of a page on A4 and Letter
NOTHING = Spacer(0, 0)  # what continues of a box that fitted whole: nothing


class FieldBox(Flowable):
    """A labelled box holding a value, or room to write one (and a fillable field).

    ``value`` None leaves the box empty; ``big`` centres a score in a larger bold type.
    """

    def __init__(
        self,
        label: str,
        value: object = None,
        *,
        width: float,
        height: float = 10.5 * mm,
        big: bool = False,
        style: str = "value",
        field: str | None = None,
        multiline: bool = False,
    ) -> None:
        super().__init__()
        self.label, self.value, self.big = label, value, big
        self.width, self.min_height = width, height
        self.field, self.multiline = field, multiline
        self.para: Flowable | None = None
        self.overflow = ""  # a value too long for a narrow box, printed in full under its row
        if value not in (None, ""):
            self.para = self._fitted(value, "value_large" if big else style)
        self.stretched: float | None = None

    def _fitted(self, value: object, style: str) -> Flowable:
        """The value as the box shows it: whole, or in a narrow box at most ``MOST_LINES``
        lines ending in "…" with the whole of it kept in ``overflow`` (a 300-letter age
        wrapped a word a line down a page otherwise)."""
        shown = para(value, style)
        if self.width >= NARROW:
            return shown
        inner, most = self.width - 2 * PAD, styles()[style].leading * MOST_LINES + 0.5
        if shown.wrap(inner, 1e6)[1] <= most:
            return shown
        text = plain(value)
        low, high = 1, len(text)
        while low < high:  # the longest start of the text that fits the lines
            middle = (low + high + 1) // 2
            if para(clip(text, middle), style).wrap(inner, 1e6)[1] <= most:
                low = middle
            else:
                high = middle - 1
        self.overflow = text
        return para(clip(text, low), style)

    def _label_lines(self) -> list[str]:
        """The label on as many lines as the box's width needs (two for a long one)."""
        return label_lines(self.label, self.width - 2 * PAD)

    def _band(self) -> float:
        return LABEL_BAND + LABEL_LEADING * (len(self._label_lines()) - 1)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        inner = 0.0
        if self.para is not None:
            _, inner = self.para.wrap(self.width - 2 * PAD, available_height)
        band = self._band()
        least = self.min_height + band - LABEL_BAND  # a longer label takes room, not the value's
        self.height = max(least, band + inner + PAD, self.stretched or 0)
        return self.width, self.height

    def stretch_to(self, height: float) -> None:
        self.stretched = height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """A value too long for the page continues in a box of the same label on the next
        (a row of boxes splits with ``grid_row``), so nothing written is cut."""
        room = available_height - self._band() - PAD
        if room <= 0:
            return []
        # only stretched beside a taller neighbour: unstretched, it fits here whole
        if self.para is None:
            return [FieldBox(self.label, None, width=self.width, height=self.min_height), NOTHING]
        parts = self.para.split(self.width - 2 * PAD, room)
        if len(parts) < 2:
            return [self._holding(self.para, self.label), NOTHING]
        return [self._holding(parts[0], self.label), self._holding(parts[1], f"{self.label} ›")]

    def _holding(self, part: Paragraph, label: str) -> FieldBox:
        box = FieldBox(label, None, width=self.width, height=self.min_height, big=self.big)
        box.para = part
        return box

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        for number, line in enumerate(self._label_lines()):
            y = self.height - 2.6 * mm - number * LABEL_LEADING
            draw_label(c, line, PAD, y, room=self.width - 2 * PAD)
        room = self.height - self._band()
        if self.para is not None:
            _, h = self.para.wrap(self.width - 2 * PAD, self.height)
            # a score sits in the middle of its room; text hangs from the label
            y = (room - h) / 2 + 0.3 * mm if self.big else room - h - 0.2 * mm
            self.para.drawOn(c, PAD, max(y, PAD / 2))
        c.restoreState()
        if self.field:
            text_field(
                c,
                self.field,
                x=PAD / 2,
                y=0.8 * mm,
                width=self.width - PAD,
                height=room - 0.8 * mm,
                multiline=self.multiline,
                tooltip=self.label,
            )


def field_cell(
    label: str,
    value: object,
    width: float,
    *,
    field: str | None = None,
    limit: int | None = None,
    **options: Any,
) -> tuple[float, FieldBox]:
    """A grid cell holding a labelled box: the value (whole; cut to ``limit`` characters
    only where a figure must stay on one line), or when there is none, room to write one
    and the fillable ``field`` of a blank."""
    shown = None if value in (None, "") else clip(value, limit) if limit else value
    box = FieldBox(label, shown, width=width, field=field if shown is None else None, **options)
    return width, box


def name_cell(
    label: str, value: object, width: float, *, field: str | None = None
) -> tuple[float, FieldBox]:
    """The first box of a sheet: whose sheet it is, in the name's large type."""
    return field_cell(label, value, width, field=field, height=NAME_HEIGHT, style="name")


class Band(Flowable):
    """A section heading: dark caps over a heavy rule, a note on the right.

    Lighter than a panel's filled band, so a section reads as the level above its panels.
    A band with ``keep`` room never stands alone at the foot of a page: with less than that
    under it, it goes to the next page. (Platypus's ``keepWithNext`` would instead move the
    whole of a table that fits a page to the next one, leaving this page's foot empty.)
    """

    def __init__(self, text: str, width: float, *, right: str = "", keep: float = 0.0) -> None:
        super().__init__()
        self.text, self.right, self.keep = text, right, keep
        self.width = width
        # the note under the title when it does not fit beside it (a narrow large-print page)
        self.beside = _fits_beside(text, right, BOLD, 8.5, 0.7, width - 4 * mm)
        self.height = BAND_HEIGHT + (0 if self.beside else NOTE_LINE)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if available_height < self.height + self.getSpaceAfter() + self.keep:
            return self.width, available_height + 1  # too low on the page: see ``split``
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        return []  # a band is one line: it goes whole to the next page

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setStrokeColor(BAND)
        c.setLineWidth(1.3)
        c.line(0, 0.65, self.width, 0.65)
        baseline = 1.6 * mm
        caps = spaced_caps(self.text, BOLD, 8.5, 0.7, self.width)
        title_w = set_width(caps, BOLD, 8.5, 0.7)
        title = c.beginText(
            placed(0, title_w, self.width), baseline + (0 if self.beside else NOTE_LINE)
        )
        title.setFont(BOLD, 8.5)
        title.setCharSpace(0.7)
        title.setFillColor(BAND)
        text_out(title, caps, BOLD, 8.5)
        if self.right:
            note = c.beginText(0, baseline)
            note.setFont(REGULAR, 7)
            note.setCharSpace(0)
            note.setFillColor(MUTED)
            room = self.width - title_w - 4 * mm if self.beside else self.width
            shown = fit_line(self.right, REGULAR, 7, room)
            shown_w = text_width(shown, REGULAR, 7)
            note.setTextOrigin(placed(self.width - shown_w, shown_w, self.width), baseline)
            text_out(note, shown, REGULAR, 7)
            c.drawText(note)
        c.drawText(title)
        c.restoreState()


def spaced_caps(text: str, font: str, size: float, spacing: float, room: float) -> str:
    """A title in capitals as a band sets it, letter-spaced, cut with an ellipsis to ``room``
    (a band may carry a name, and a name may be long)."""
    caps = text.upper()

    def wide(t: str) -> float:
        return set_width(t, font, size, spacing)

    if wide(caps) <= room:
        return caps
    while caps and wide(caps + "…") > room:
        caps = caps[:-1]
    return caps.rstrip() + "…"


def _fits_beside(
    title: str, note: str, font: str, size: float, spacing: float, room: float
) -> bool:
    """Whether a band's ``note`` (7 pt) fits on the line beside its caps ``title``."""
    if not note:
        return True
    caps = spaced_caps(title, font, size, spacing, room)
    return set_width(caps, font, size, spacing) + text_width(note, REGULAR, 7) <= room


def band_height(text: str, width: float, *, right: str = "") -> float:
    """How tall ``draw_band`` draws a band ``width`` wide: a line taller when its note
    does not fit beside its title, so the note goes whole on a line of its own."""
    beside = _fits_beside(text, right, BOLD, 7.5, 0.6, width - 3 * PAD - 2 * mm)
    return BAND_HEIGHT + (0 if beside else NOTE_LINE)


def draw_band(
    c: Canvas, text: str, x: float, y: float, width: float, height: float, *, right: str = ""
) -> None:
    """A dark band with our caps title on the left and a plain note on the right, or under
    the title when the band is a line taller (``band_height``)."""
    beside = height < BAND_HEIGHT + NOTE_LINE
    baseline = y + (BAND_HEIGHT - 7.5 * 0.7) / 2 + (0 if beside else NOTE_LINE - 0.8 * mm)
    c.saveState()
    c.setFillColor(BAND)
    c.rect(x, y, width, height, stroke=0, fill=1)
    caps = spaced_caps(text, BOLD, 7.5, 0.6, width - 2 * PAD)
    title_w = set_width(caps, BOLD, 7.5, 0.6)
    title = c.beginText(x + placed(PAD, title_w, width), baseline)
    title.setFont(BOLD, 7.5)
    title.setCharSpace(0.6)
    title.setFillColor(WHITE)
    text_out(title, caps, BOLD, 7.5)
    if right:
        note = c.beginText(x + PAD, baseline)
        note.setFont(REGULAR, 7)
        note.setCharSpace(0)
        note.setFillColor(WHITE)
        room = width - title_w - 3 * PAD - 2 * mm if beside else width - 2 * PAD
        shown = fit_line(right, REGULAR, 7, room)
        under = baseline if beside else y + (BAND_HEIGHT - 7.5 * 0.7) / 2 - 0.4 * mm
        shown_w = text_width(shown, REGULAR, 7)
        note.setTextOrigin(x + placed(width - PAD - shown_w, shown_w, width), under)
        text_out(note, shown, REGULAR, 7)
        c.drawText(note)
    c.drawText(title)
    c.restoreState()


KEEP_ROOM = 20 * mm  # under a heading: a table's header and its first rows, a few lines


def heading(text: str, width: float, *, right: str = "") -> Band:
    """A section's band, kept with the first part of what follows it (``KEEP_ROOM``) and
    never with more, so a long table under it starts on this page and splits."""
    band = Band(text, width, right=right, keep=KEEP_ROOM)
    band.spaceAfter = 2 * mm
    return band


class Headed(Flowable):
    """A section's band and what follows it, never parted by a page's foot: the band goes
    where the first piece of what follows goes, so a heading never ends a page and a table
    that moves whole (a blank form's) takes its heading with it."""

    def __init__(self, band: Band, body: Flowable) -> None:
        super().__init__()
        self.band, self.body = band, body
        self.spaceAfter = body.getSpaceAfter()

    def _gap(self) -> float:
        return self.band.height + self.band.getSpaceAfter()

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self._body_width, self._body_height = self.body.wrap(
            available_width, max(available_height - self._gap(), 0)
        )
        self.width = max(self._body_width, self.band.width)
        self.height = self._gap() + self._body_height
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        room = available_height - self._gap()
        if room <= 0:
            return []
        self.body.wrap(available_width, room)
        parts = self.body.split(available_width, room)
        if not parts or parts[0] is self.body or parts[0].wrap(available_width, room)[1] <= 0:
            return []  # nothing of the body here (or all of it, which did not fit): move
        return [Headed(self.band, parts[0]), *parts[1:]]

    def draw(self) -> None:
        self.band.drawOn(self.canv, 0, self.height - self.band.height)
        x = placed(0, self._body_width, self.width)  # under the band's start
        self.body.drawOn(self.canv, x, self.height - self._gap() - self._body_height)


def keep_headings(story: Sequence[Flowable]) -> list[Flowable]:
    """``story`` with each section band joined to the flowable after it (``Headed``)."""
    kept: list[Flowable] = []
    for flowable in story:
        if kept and isinstance(kept[-1], Band) and kept[-1].keep:
            kept[-1] = Headed(kept[-1], flowable)
        else:
            kept.append(flowable)
    return kept


def split_stack(
    items: Sequence[Flowable], width: float, room: float, spacing: float
) -> tuple[list[Flowable], list[Flowable]] | None:
    """Stacked flowables cut where ``room`` ends (splitting the one that crosses it when it
    can): what stays and what continues, or None when not even a part of the first fits.
    The stacks of the kit (``VStack``, ``Panel``) split through here."""
    used, here = 0.0, []
    for index, f in enumerate(items):
        _, h = f.wrap(width, room)
        if used + h > room:
            parts = f.split(width, room - used)
            first, rest = (parts[0], parts[1:]) if len(parts) >= 2 else (None, [f])
            here += [first] if first is not None else []
            return (here, [*rest, *items[index + 1 :]]) if here else None
        here.append(f)
        used += h + spacing
    return list(items), [NOTHING]


class Panel(Flowable):
    """A box with a band on top and flowables stacked inside; stretches in a grid row."""

    def __init__(
        self,
        title: str,
        content: Sequence[Flowable],
        *,
        width: float,
        right: str = "",
        spacing: float = 1.2 * mm,
    ) -> None:
        super().__init__()
        self.title, self.right = title, right
        self.content, self.width, self.spacing = list(content), width, spacing
        self.stretched: float | None = None
        self.inner = width - 2 * PAD
        self.top_band = band_height(title, width, right=right)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        total = sum(f.wrap(self.inner, available_height)[1] for f in self.content)
        total += self.spacing * max(len(self.content) - 1, 0)
        self.height = max(self.top_band + 2 * PAD + total, self.stretched or 0)
        return self.width, self.height

    def stretch_to(self, height: float) -> None:
        self.stretched = height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Content too long for the page continues in a panel of the same title."""
        room = available_height - self.top_band - 2 * PAD
        parts = split_stack(self.content, self.inner, room, self.spacing) if room > 0 else None
        if parts is None or all(isinstance(f, Spacer) for f in parts[0]):
            return []  # only a gap would stay: an empty box under its title; move whole
        panel = partial(Panel, width=self.width, spacing=self.spacing)
        first = panel(self.title, parts[0], right=self.right)
        if parts[1] == [NOTHING]:  # it was only stretched: all of it fits unstretched
            return [first, NOTHING]
        return [first, panel(f"{self.title} ›", parts[1])]

    def draw(self) -> None:
        c = self.canv
        top = self.height - self.top_band
        draw_band(c, self.title, 0, top, self.width, self.top_band, right=self.right)
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.restoreState()
        y = self.height - self.top_band - PAD
        for flowable in self.content:
            w, h = flowable.wrap(self.inner, self.height)
            y -= h
            flowable.drawOn(c, PAD + placed(0, w, self.inner), y)  # from the line's start
            y -= self.spacing


def grid_row(
    cells: Sequence[tuple[float, Flowable]], *, gutter: float = GUTTER, stretch: bool = True
) -> Flowable:
    """Flowables side by side at the given widths, ``gutter`` apart, tops aligned.

    With ``stretch``, boxes that can grow are made as tall as the tallest cell.
    """
    tallest = max(f.wrap(w, 10_000)[1] for w, f in cells) if stretch else 0.0
    # a row that may not fit one page (a very long value) splits across pages, and a box
    # stretched that tall could not: such rows are left unstretched
    if stretch and tallest <= STRETCH_LIMIT:
        for _, f in cells:
            if hasattr(f, "stretch_to"):
                f.stretch_to(tallest)
    row: list[object] = []
    widths: list[float] = []
    for i, (w, f) in enumerate(cells):
        if i:
            row.append("")
            widths.append(gutter)
        row.append(f)
        widths.append(w)
    # splitInRow: a cell taller than the page (a long ledger beside its balance, a long
    # skills half) continues on the next page instead of failing the layout
    table = Table([row], colWidths=widths, hAlign="LEFT", splitInRow=1)
    table.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    spilled = [f for _, f in cells if isinstance(f, FieldBox) and f.overflow]
    if not spilled:
        return table
    # values too long for their boxes, in full under the row: nothing the player wrote is cut
    lines = [rich("<b>{}:</b> {}", f.label, f.overflow, style="small") for f in spilled]
    return VStack([table, *lines], width=sum(widths), spacing=1 * mm)


def facts(
    rows: Sequence[tuple[str, object]],
    width: float,
    *,
    value_width: float,
    fields: Sequence[str | None] = (),
) -> Table:
    """Label and value pairs, one per ruled line, values right-aligned: a panel's small print.

    A value of None leaves the line empty to write on (a fillable field when ``fields``
    names one for it).
    """
    s = styles()
    # the value column widens to the widest word of a value (a narrow large-print panel),
    # up to half the panel, rather than break a word ("2 successe|s")
    value_style = s["cell_right"]
    widest = max(
        (
            text_width(word, value_style.fontName, value_style.fontSize)
            for _, value in rows
            if value is not None
            for word in re.split(r"[ \t\n]+", plain(str(value)))  # no break at a no-break space
        ),
        default=0.0,
    )
    value_width = min(max(value_width, widest + 0.5), max(value_width, width / 2))
    data = []
    for i, (label, value) in enumerate(rows):
        name = fields[i] if i < len(fields) else None
        if value is None and name:
            cell: object = FieldSlot(name, width=value_width, height=10, tooltip=label)
        else:
            cell = para("" if value is None else value, "cell_right")
        # the label: a word too long for its room shrinks (a caption), never breaks
        data.append([cell_text(label, "small", width - value_width), cell])
    table = Table(data, colWidths=[width - value_width, value_width], hAlign="LEFT")
    table.setStyle(
        table_style(
            [
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1.4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, s["muted"].textColor),
            ]
        )
    )
    return table


class VStack(Flowable):
    """Flowables stacked as one unit (a grid cell holding several boxes); split only when
    taller than a page (values too long to fit), the rest continuing on the next."""

    def __init__(self, items: Sequence[Flowable], *, width: float, spacing: float = GUTTER):
        super().__init__()
        self.items, self.width, self.spacing = list(items), width, spacing

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        heights = [f.wrap(self.width, available_height)[1] for f in self.items]
        self.height = sum(heights) + self.spacing * max(len(heights) - 1, 0)
        return self.width, self.height

    def draw(self) -> None:
        y = self.height
        for f in self.items:
            w, h = f.wrap(self.width, self.height)
            y -= h
            f.drawOn(self.canv, placed(0, w, self.width), y)  # from the line's start
            y -= self.spacing

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts = split_stack(self.items, self.width, available_height, self.spacing)
        if parts is None:
            return []
        stack = partial(VStack, width=self.width, spacing=self.spacing)
        return [stack(parts[0]), stack(parts[1])]


class LinedBox(Flowable):
    """A box ruled for handwriting, titled by a small label or by a band; stretches in a
    grid row. Named, it is a multi-line fillable field over a clean box instead: typed
    lines do not fall on printed rules, so rules would cross the text."""

    def __init__(
        self,
        label: str,
        *,
        width: float,
        height: float,
        field: str | None = None,
        band: str = "",
    ) -> None:
        super().__init__()
        self.label, self.field, self.band = label, field, band
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def stretch_to(self, height: float) -> None:
        self.height = max(self.height, height)

    def draw(self) -> None:
        c = self.canv
        top = self.height - (BAND_HEIGHT if self.band else LABEL_BAND if self.label else 0)
        c.saveState()
        c.setStrokeColor(LINE)
        c.setLineWidth(STROKE)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        if self.band:
            draw_band(c, self.band, 0, top, self.width, BAND_HEIGHT)
        elif self.label:
            draw_label(c, self.label, PAD, self.height - 2.6 * mm, room=self.width - 2 * PAD)
        c.setStrokeColor(RULE)
        c.setLineWidth(HAIRLINE)
        y = top - LINE_PITCH
        while y > PAD and not self.field:
            c.line(PAD, y, self.width - PAD, y)
            y -= LINE_PITCH
        c.restoreState()
        if self.field:
            text_field(
                c,
                self.field,
                x=PAD / 2,
                y=PAD / 2,
                width=self.width - PAD,
                height=top - PAD,
                multiline=True,
                tooltip=self.band or self.label,
            )


def writing_box(
    title: str, width: float, height: float, field: str | None
) -> tuple[float, LinedBox]:
    """A grid cell ruled for the player's own writing under a band (notes, background)."""
    return width, LinedBox("", band=title, width=width, height=height, field=field)


def written(title: str, text: str, width: float) -> list[Flowable]:
    """What the player wrote under a heading, flowing onto as many pages as it needs;
    nothing at all when they wrote nothing."""
    paragraphs = long_text(text)
    return [heading(title, width), *paragraphs] if paragraphs else []
