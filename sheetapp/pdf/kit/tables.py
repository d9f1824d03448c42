"""Ruled tables whose header row repeats on every page they continue to.

Cells given as plain values are escaped into paragraphs that wrap in their column; a
``Group`` row spans the table as a subheading. Blank forms pad a table with empty rows,
each cell a fillable field when asked. A table longer than a page's worth of rows is laid
out a page at a time (``measured.RunningTable``), so its cost stays linear in its rows.

A written row taller than ``TALL_ROW`` (a note of thousands of characters, a very long
name in a narrow column) is cut into ``RowPiece``s of a few lines each, drawn as one row
(no rule between them, one stripe): a page break may fall between any two, so the row
fills each page it runs over, under the header repeated once per page, and every table
kind (one column, long, two columns) breaks it alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import _, pgettext
from sheetapp.pdf.kit.breaking import BreakingTable
from sheetapp.pdf.kit.captions import (
    LONGEST_WORD,
    Caption,
    cell_text,
    fitted_widths,
    short_words,
)
from sheetapp.pdf.kit.direction import Table
from sheetapp.pdf.kit.forms import FieldSlot, field_name
from sheetapp.pdf.kit.measured import BATCH, MeasuredRows, RunningTable
from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.kit.style import (
    FILL,
    HAIRLINE,
    LINE,
    RULE,
    STROKE,
    ZEBRA,
    styles,
    table_style,
)
from sheetapp.pdf.kit.text import para, paragraph
from sheetapp.pdf.shaping import text_width

CELL_X = 3.0  # points of padding left and right in a cell
CELL_Y = 2.2
EMPTY_ROW = 6.6 * mm
SPARE_ROWS = 2  # empty rows a filled sheet's list ends with, for what play adds

_ALIGN_STYLE = {"left": "cell", "center": "cell_center", "right": "cell_right"}
_HEAD_STYLE = {"left": "head", "center": "head_center", "right": "head_center"}


@dataclass(frozen=True)
class Column:
    title: str
    width: float
    align: str = "left"
    key: str = ""  # names the column's fillable fields; defaults to the title


@dataclass(frozen=True)
class Group:
    """A subheading row spanning the table; ``continued`` repeats it at the top of a piece
    that begins inside its group (its stripes carry on, as the rows under it do)."""

    title: str
    continued: bool = False


@dataclass(frozen=True)
class Blank:
    """An empty row to write in; ``number`` names its fillable fields."""

    number: int


Cell = object  # a value to print (escaped) or a Flowable placed as is


@dataclass(frozen=True)
class RowPiece:
    """A few lines of a written row too tall to keep whole (``cut_tall_rows``): its cells'
    flowables (or "" where a cell has nothing more); ``first`` and ``last`` say where the
    row starts and ends, so the pieces draw as one row."""

    cells: tuple[object, ...]
    first: bool
    last: bool


Row = Sequence[Cell] | Group | Blank | RowPiece

TALL_ROW = 80 * mm  # a written row taller than this is cut into pieces a break may part
PIECE = 15 * mm  # the lines one piece holds: the most a page break inside a row leaves empty
PIECE_TOP = 1.0  # points above a continuing piece's text (none under a piece continued)
MAY_BE_TALL = 80  # characters: a shorter value cannot make a row TALL_ROW high


def padded(rows: Sequence[Row], min_rows: int, spare: int = 0) -> list[Row]:
    """``rows`` followed by numbered empty rows, so there are at least ``min_rows`` rows
    besides group headings, and at least ``spare`` empty ones at the end."""
    count = sum(1 for r in rows if not isinstance(r, Group))
    empty = max(spare, min_rows - count, 0)
    return [*rows, *(Blank(n) for n in range(1, empty + 1))]


def data_table(
    columns: Sequence[Column],
    rows: Sequence[Row],
    *,
    min_rows: int = 0,
    spare: int = 0,
    fillable: str | None = None,
    bold_first: bool = False,
    empty_row: float = EMPTY_ROW,
    over: Sequence[tuple[str, int, int]] = (),
    boxed: bool = True,
) -> Flowable:
    """A table with a repeating header; padded with empty rows up to ``min_rows`` and with
    at least ``spare`` of them (``SPARE_ROWS`` on a filled sheet: room for play).

    ``over`` adds a header row above the titles: (title, first column, last column) spans,
    e.g. one "Lethality" over three target areas.
    """
    listed = padded(cut_tall_rows(columns, rows, bold_first=bold_first), min_rows, spare)
    options: dict[str, Any] = {
        "fillable": fillable,
        "bold_first": bold_first,
        "empty_row": empty_row,
        "over": over,
        "boxed": boxed,
    }
    if len(listed) <= BATCH:
        return BreakingTable(ruled_table(columns, listed, **options), [kind(r) for r in listed])
    stripes = _stripes(listed)

    def piece(start: int, end: int) -> Table:
        part = continued(measured, start, end)
        return ruled_table(columns, part, first_stripe=stripes[start], **options)

    width = sum(c.width for c in columns)
    measured = MeasuredRows(
        listed,
        lambda part: ruled_table(columns, part, **options),
        width,
        is_heading=is_group,
    )
    return RunningTable(measured, piece, width=width)


def cut_tall_rows(
    columns: Sequence[Column], rows: Sequence[Row], *, bold_first: bool = False
) -> list[Row]:
    """``rows`` with each written row taller than ``TALL_ROW`` replaced by its pieces."""
    out: list[Row] = []
    for row in rows:
        if isinstance(row, (Group, Blank, RowPiece)) or not any(
            _may_be_tall(value) for value in row
        ):
            out.append(row)
            continue
        cells = [
            _cell(v, c, bold_first and i == 0)
            for i, (v, c) in enumerate(zip(row, columns, strict=True))
        ]
        widths = [c.width - 2 * CELL_X for c in columns]
        tallest = max(_height(cell, w) for cell, w in zip(cells, widths, strict=True))
        out += _pieces(cells, widths) if tallest > TALL_ROW else [row]
    return out


def _may_be_tall(value: object) -> bool:
    """Whether a cell's value could be ``TALL_ROW`` high at all: long or many-lined text
    (a cheap test, so the rows of a long list are not measured twice)."""
    if isinstance(value, Flowable):
        return True
    text = "" if value is None else str(value)
    return len(text) + 10 * text.count("\n") > MAY_BE_TALL


def _height(cell: object, width: float) -> float:
    return cell.wrap(width, 1e7)[1] if isinstance(cell, Flowable) else 0.0


def _pieces(cells: Sequence[object], widths: Sequence[float]) -> list[Row]:
    """A row's cells cut into pieces of about ``PIECE`` each, every cell at the same lines'
    height; a cell that ends (or cannot be cut) leaves "" in the pieces after it."""
    pieces: list[Row] = []
    left: list[object | None] = list(cells)
    while any(cell is not None for cell in left):
        here: list[object] = []
        for index, (cell, width) in enumerate(zip(left, widths, strict=True)):
            if not isinstance(cell, Flowable) or _height(cell, width) <= PIECE:
                here.append("" if cell is None else cell)
                left[index] = None
                continue
            parts = cell.split(width, PIECE)
            here.append(parts[0] if len(parts) >= 2 else cell)
            left[index] = parts[1] if len(parts) >= 2 else None
        last = all(cell is None for cell in left)
        pieces.append(RowPiece(tuple(here), first=not pieces, last=last))
    return pieces


def kind(row: object) -> str:
    """What a row is, for where a table may break (``breaking.rows_before_break``)."""
    return "group" if isinstance(row, Group) else "spare" if isinstance(row, Blank) else "row"


def is_group(row: object) -> bool | None:
    """A group's heading (True), a row of one (False), or an empty row after the list, in
    no group (None): see ``MeasuredRows``."""
    return True if isinstance(row, Group) else None if isinstance(row, Blank) else False


def continued(measured: MeasuredRows, start: int, end: int) -> list[Row]:
    """Rows ``start:end`` of a measured table; begun inside a group, they are headed by the
    group's title marked as continued ("Lore (cont.)")."""
    part: list[Row] = measured.rows[start:end]
    owner = measured.owner(start)
    if owner is not None and end > start:
        part.insert(0, Group(measured.rows[owner].title, continued=True))
    return part


def _stripes(rows: Sequence[Row]) -> list[int]:
    """Each row's place in the zebra striping, which starts again under a group heading,
    so a table continued on the next page keeps its stripes."""
    stripes, stripe = [], 0
    for row in rows:
        stripes.append(stripe)
        if isinstance(row, RowPiece) and not row.last:
            continue  # the row's next piece keeps its stripe
        stripe = 0 if isinstance(row, Group) else stripe + 1
    return stripes


def ruled_table(
    columns: Sequence[Column],
    rows: Sequence[Row],
    *,
    first_stripe: int = 0,
    fillable: str | None = None,
    bold_first: bool = False,
    empty_row: float = EMPTY_ROW,
    over: Sequence[tuple[str, int, int]] = (),
    boxed: bool = True,
) -> Table:
    """The ReportLab table of ``rows`` as ``data_table`` rules it, not padded; striping
    starts at ``first_stripe``."""
    data: list[list[object]] = []
    commands: list[tuple[object, ...]] = []
    titles = [Caption(c.title.upper(), styles()[_HEAD_STYLE[c.align]]) for c in columns]
    columns = _fitted(columns, titles, rows, bold_first)
    if over:
        # columns under no spanning title take both header rows
        top: list[object] = list(titles)
        below: list[object] = [""] * len(columns)
        for title, first, last in over:
            spanning = Caption(title.upper(), styles()["head_center"])
            top[first : last + 1] = [spanning] + [""] * (last - first)
            below[first : last + 1] = titles[first : last + 1]
            commands += [
                ("SPAN", (first, 0), (last, 0)),
                ("LINEBELOW", (first, 0), (last, 0), HAIRLINE, RULE),
            ]
        spanned = {i for _unused, first, last in over for i in range(first, last + 1)}
        commands += [("SPAN", (i, 0), (i, 1)) for i in range(len(columns)) if i not in spanned]
        data += [top, below]
    else:
        data.append(titles)
    head = len(data)
    commands += [
        ("BACKGROUND", (0, 0), (-1, head - 1), FILL),
        ("LINEBELOW", (0, head - 1), (-1, head - 1), STROKE, LINE),
        *([("BOX", (0, 0), (-1, -1), STROKE, LINE)] if boxed else []),
        # ReportLab's split keeps a BOX's bottom only where the next row has a rule above
        # it: between the pieces of a cut tall row (none) the page's part was left open
        *([("LINEBELOW", (0, "splitlast"), (-1, "splitlast"), STROKE, LINE)] if boxed else []),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_X),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_X),
        ("TOPPADDING", (0, 0), (-1, -1), CELL_Y),
        ("BOTTOMPADDING", (0, 0), (-1, -1), CELL_Y + 0.6),
    ]
    heights: list[float | None] = [None] * head
    stripe = first_stripe
    for index, row in enumerate(rows):
        r = index + head
        if isinstance(row, Group):
            title = _("{title} (cont.)").format(title=row.title) if row.continued else row.title
            data.append([para(title, "group")] + [""] * (len(columns) - 1))
            commands += [
                ("SPAN", (0, r), (-1, r)),
                ("BACKGROUND", (0, r), (-1, r), FILL),
                ("LINEABOVE", (0, r), (-1, r), HAIRLINE, RULE),
            ]
            heights.append(None)
            stripe = stripe if row.continued else 0
            continue
        if isinstance(row, Blank):
            data.append(_empty_cells(columns, fillable, row.number, empty_row))
            heights.append(empty_row)
        elif isinstance(row, RowPiece):
            data.append(list(row.cells))
            heights.append(None)
            if not row.first:
                commands.append(("TOPPADDING", (0, r), (-1, r), PIECE_TOP))
            if not row.last:
                commands.append(("BOTTOMPADDING", (0, r), (-1, r), 0))
            commands.append(("VALIGN", (0, r), (-1, r), "TOP"))
        else:
            data.append(
                [
                    _cell(v, c, bold_first and i == 0)
                    for i, (v, c) in enumerate(zip(row, columns, strict=True))
                ]
            )
            heights.append(None)
        if stripe % 2:
            commands.append(("BACKGROUND", (0, r), (-1, r), ZEBRA))
        if not isinstance(row, RowPiece) or row.first:
            commands.append(("LINEABOVE", (0, r), (-1, r), HAIRLINE, RULE))
        if not isinstance(row, RowPiece) or row.last:
            stripe += 1
    commands.append(("LINEBELOW", (0, head - 1), (-1, head - 1), STROKE, LINE))
    # light rules between columns, so an empty row shows where to write what
    commands += [("LINEBEFORE", (i, head), (i, -1), HAIRLINE, RULE) for i in range(1, len(columns))]
    if not boxed:  # inside a panel: text lines up with the panel's other content
        commands += [("LEFTPADDING", (0, 0), (0, -1), 0), ("RIGHTPADDING", (-1, 0), (-1, -1), 0)]
    table = Table(
        data,
        colWidths=[c.width for c in columns],
        rowHeights=heights,
        repeatRows=head,
        hAlign="LEFT",
        splitInRow=1,  # a row taller than a page (a very long note) continues on the next
    )
    table.setStyle(table_style(commands))
    return table


def _fitted(
    columns: Sequence[Column], titles: Sequence[Caption], rows: Sequence[Row], bold_first: bool
) -> Sequence[Column]:
    """``columns``, a column too narrow for its head's widest word (a longer language's)
    or for a word of a longer text in its cells (a narrow large-print page), which a
    paragraph would break, widened from its neighbours' spare room
    (``captions.fitted_widths``)."""
    least = [t.least_width() + 2 * CELL_X for t in titles]
    for row in rows:
        if isinstance(row, (Group, Blank, RowPiece)):
            continue
        for i, (value, column) in enumerate(zip(row, columns, strict=True)):
            text = plain(value) if isinstance(value, str) else ""
            if short_words(text):
                continue  # a name or label: a caption, which shrinks rather than breaks
            style = styles()["cell_bold" if bold_first and i == 0 else _ALIGN_STYLE[column.align]]
            words = [w for w in text.split(" ") if len(w) <= LONGEST_WORD]
            if words:
                widest = max(text_width(w, style.fontName, style.fontSize) for w in words)
                least[i] = max(least[i], widest + 2 * CELL_X + 0.5)
    if all(c.width >= need for c, need in zip(columns, least, strict=True)):
        return columns
    widths = fitted_widths([c.width for c in columns], least)
    return [replace(c, width=w) for c, w in zip(columns, widths, strict=True)]


def _cell(value: Cell, column: Column, bold: bool) -> object:
    if isinstance(value, Flowable):
        return value
    if value is None:
        return ""
    style = "cell_bold" if bold else _ALIGN_STYLE[column.align]
    return cell_text(value, style, column.width - 2 * CELL_X)


def _empty_cells(
    columns: Sequence[Column], fillable: str | None, number: int, height: float
) -> list[object]:
    if not fillable:
        return [""] * len(columns)
    return [
        FieldSlot(
            field_name(fillable, number, c.key or c.title),
            width=c.width - 2 * CELL_X,
            height=height - 2 * CELL_Y - 0.6,
            tooltip=f"{c.title} {number}",
        )
        for c in columns
    ]


NOTE_LINES = 3  # lines a narrow Notes cell holds before its note moves under the table


def too_long_for(value: str, column: Column, lines: int = NOTE_LINES) -> bool:
    """Whether ``value`` wraps to more than ``lines`` lines in ``column``: a note that long
    in a narrow column reads as a strip of a word or two a line, pages long, and goes
    under the table instead (``notes_under``)."""
    if not value:
        return False
    style = _ALIGN_STYLE[column.align]
    width = column.width - 2 * CELL_X
    room = paragraph("<br/>".join(["x"] * lines), style).wrap(width, 1e7)[1]  # that many lines
    return para(value, style).wrap(width, 1e7)[1] > room + 0.5


def spill_long_notes(
    rows: Sequence[Sequence[object]], columns: Sequence[Column], at: int
) -> tuple[list[Sequence[object]], list[Flowable]]:
    """``rows`` with each note in column ``at`` too long for it (``too_long_for``) replaced
    by "see below", and those notes in full, by their row's first cell, to print under the
    table (``notes_under``)."""
    below = pgettext("a note printed under its table", "see below")
    kept: list[Sequence[object]] = []
    moved: list[tuple[str, Sequence[str]]] = []
    for row in rows:
        note = row[at]
        if isinstance(note, str) and too_long_for(note, columns[at]):
            moved.append((str(row[0]), [note]))
            kept.append([*row[:at], below, *row[at + 1 :]])
        else:
            kept.append(list(row))
    return kept, notes_under(moved)


def notes_under(entries: Sequence[tuple[str, Sequence[str]]]) -> list[Flowable]:
    """What a row's narrow columns leave out (a weapon's notes, its own rules), printed in
    full in grey under the table as "name: note; note · name: ...", so a table can stay
    one line per row without cutting what the player wrote."""
    said = [
        _("{name}: {notes}").format(name=name or _("(unnamed)"), notes="; ".join(notes))
        for name, notes in entries
        if notes
    ]
    return [para(" · ".join(said), "muted")] if said else []
