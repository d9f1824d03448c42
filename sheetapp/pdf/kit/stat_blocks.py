"""Stat blocks: the compact form a game master keeps for non-player characters.

Two columns of blocks per page, each block kept whole. A thousand blocks would take
platypus many seconds, so a system measures each block first (its text wrapped with
``lines``), the blocks are packed into columns and pages, and only then drawn straight on
the canvas with fixed geometry. Every user string is plain canvas text, never markup; where
one line is all there is room for, it is cut with an ellipsis.

Every system's block has one look (``measure`` and ``paint_block``): the name as typed on a
dark band, cut with an ellipsis to one line; facts in grey italics under it; an optional
strip of scores; rows of text (figures, skills, weapons); and the damage track the GM marks
in play, a row of boxes per track. A system supplies only the content. Each block is held
to a third of the shorter paper's column (``block_budget``), the longest rows giving up
lines first, so every page holds at least six.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Protocol, TypeVar

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheetapp.i18n import _
from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR
from sheetapp.pdf.kit.captions import fit_one_line
from sheetapp.pdf.kit.direction import anchored, in_order
from sheetapp.pdf.kit.direction import placed as mirror_x
from sheetapp.pdf.kit.document import Layout, PagePainter, page_layout
from sheetapp.pdf.kit.lines import (
    GLUE,
    Line,
    Pen,
    Run,
    clip_to,
    draw_string,
    one_line,
    width,
    wrap,
)
from sheetapp.pdf.kit.packing import pack_columns
from sheetapp.pdf.kit.paper import PAPER_SIZES
from sheetapp.pdf.kit.style import (
    BAND,
    FILL,
    HAIRLINE,
    INK,
    LINE,
    MUTED,
    RULE,
    SHADE,
    STROKE,
    WHITE,
)
from sheetapp.pdf.shaping import base_is_rtl, text_width
from sheetapp.systems.registry import get_system

BLOCK_GAP = 3.5 * mm
PAD = 2.2 * mm  # left and right inside a block

# Type size and row height (padding above, the lines, padding below) of each part.
NAME_SIZE, NAME_ROW = 10, 2.4 + 12 + 3.2
FACTS_SIZE, FACTS_LEADING, FACTS_LINES = 8.5, 11, 2
HEAD_SIZE, HEAD_ROW = 7, 1 + 8.5 + 2  # the score strip's two rows
VALUE_SIZE, VALUE_ROW = 8.5, 1 + 10.5 + 2
SCORES_ROW = 1.2 + HEAD_ROW + VALUE_ROW + 2.2
TEXT_SIZE, TEXT_LEADING = 7.8, 10
LETTER_SIZE = 7.0  # a box's letter: the smallest type a sheet prints
ROW_TOP, ROW_BOTTOM, LAST_BOTTOM = 1.2, 2.2, 3.6  # padding of the text rows
DOT = "\xa0·\xa0"  # between figures on a line: never at the start of a line
BOX, BOX_STEP, BOX_GROUP = 2.7 * mm, 3.3 * mm, 1.2 * mm  # track boxes; a gap after every 5
TRACK_ROW = BOX + 1.5 * mm
TRACK_LABEL = 17 * mm  # the track's name, left of its boxes
LETTER = 2.2 * mm  # room for the letter naming a box, where the boxes are named
BLOCKS_PER_COLUMN = 3  # so a page of two columns holds six blocks at least


class Measured(Protocol):
    @property
    def height(self) -> float: ...


B = TypeVar("B", bound=Measured)
Paint = Callable[[Canvas, B, float, float, float], None]  # (canvas, block, x, top, width)


@dataclass(frozen=True)
class DamageTrack:
    """A row of boxes the GM marks as the character is hurt: ``boxes`` down to zero, then
    ``below`` more (shaded) where the rules count past it; ``letters`` name single boxes
    (a wound record's kinds, a short word each), ``marked`` those already taken."""

    label: str
    boxes: int
    below: int = 0
    letters: tuple[str, ...] = ()
    marked: tuple[bool, ...] = ()

    @property
    def letter_room(self) -> float:
        """The room before each box for its letter: the widest one's, at least ``LETTER``;
        none for boxes without letters."""
        if not self.letters:
            return 0.0
        widest = max(text_width(letter, REGULAR, LETTER_SIZE) for letter in self.letters)
        return max(LETTER, widest + 0.8 * mm)


@dataclass(frozen=True)
class Block:
    """One character's block, measured: its lines are wrapped to the block's width."""

    name: str
    facts: tuple[Line, ...]
    rows: tuple[tuple[Line, ...], ...]
    height: float
    scores: tuple[tuple[str, str], ...] = ()  # (label, value) in a strip under the facts
    tracks: tuple[DamageTrack, ...] = ()
    track_lines: int = 0  # lines the tracks take, boxes wrapped to the block's width


def block_pages(blocks: Sequence[B], layout: Layout, paint: Paint[B]) -> list[PagePainter]:
    """The pages of ``blocks``: two columns, top to bottom, left to right."""
    pages = pack_columns(
        [b.height for b in blocks],
        frame_height=layout.frame_height,
        column_width=layout.column_width,
        column_gap=layout.column_gap,
        gap=BLOCK_GAP,
    )
    return [
        partial(_paint_page, [(blocks[s.index], s.x, s.top) for s in slots], layout, paint)
        for slots in pages
    ]


def _paint_page(
    placed: list[tuple[B, float, float]], layout: Layout, paint: Paint[B], c: Canvas
) -> None:
    c.setLineWidth(STROKE)
    c.setStrokeColor(LINE)
    for block, x, top in placed:
        # on a right-to-left page the first column is the right one
        x = mirror_x(x, layout.column_width, layout.grid.width)
        paint(c, block, x, top, layout.column_width)


def facts_row(lines: int) -> float:
    return ROW_TOP + FACTS_LEADING * max(lines, 1) + ROW_BOTTOM


def figure_runs(figures: Iterable[tuple[str, str]]) -> list[Run]:
    """``Label value · Label value``: labels bold, a dot between figures; a label never
    ends a line without the first word of its value (``GLUE``)."""
    words: list[Run] = []
    for label, value in figures:
        if words:
            words.append((DOT, REGULAR))
        words.append((label, BOLD))
        first, *rest = value.split() or [""]
        words += [(GLUE + first, REGULAR), *((w, REGULAR) for w in rest)]
    return words


def labelled_runs(title: str, text: str, font: str = REGULAR) -> list[Run]:
    """A bold ``title`` and then ``text`` word by word; no title, just the words."""
    words = [(w, font) for w in text.split()]
    return [(title, BOLD), *words] if title else words


def damage_tracks(sheet: object) -> list[DamageTrack]:
    """The boxes of each damage track the system's plugin names for ``sheet`` (the tracks
    the table-play view counts down), those below zero shaded."""
    plugin = get_system(sheet.system)  # type: ignore[attr-defined]
    return [
        DamageTrack(t.label, max(t.maximum, 0), below=max(-t.minimum, 0))
        for t in plugin.tracks(sheet)
    ]


@cache
def block_budget() -> float:
    """The most a block may take: a third of a column on the shorter paper, gaps included
    (the same for every block: worked out once, not for each of a thousand)."""
    column = min(page_layout(paper).frame_height for paper in PAPER_SIZES)
    return (column - (BLOCKS_PER_COLUMN - 1) * BLOCK_GAP) / BLOCKS_PER_COLUMN


def measure(
    name: str,
    facts: Iterable[str],
    rows: Iterable[tuple[list[Run], int]],
    block_width: float,
    *,
    scores: Sequence[tuple[str, str]] = (),
    tracks: Sequence[DamageTrack] = (),
) -> Block:
    """A block ``block_width`` wide: ``facts`` (the empty ones left out) on at most two
    lines, each row of runs wrapped to at most its number of lines, and the damage
    ``tracks``; rows longer than the block's budget lets it be end in an ellipsis."""
    room = block_width - 2 * PAD
    text = "\xa0· ".join(v for v in facts if v)  # the dot stays with the word before it
    facts_lines = wrap(((w, ITALIC) for w in text.split()), FACTS_SIZE, room, FACTS_LINES)
    parts = list(rows)
    wrapped = [wrap(runs, TEXT_SIZE, room, most) for runs, most in parts]
    track_lines = sum(_track_lines(t, room) for t in tracks)
    fixed = NAME_ROW + facts_row(len(facts_lines)) + LAST_BOTTOM - ROW_BOTTOM
    fixed += (SCORES_ROW if scores else 0) + (ROW_TOP + TRACK_ROW * track_lines if tracks else 0)

    def height() -> float:
        return fixed + sum(ROW_TOP + TEXT_LEADING * len(lines) + ROW_BOTTOM for lines in wrapped)

    budget = block_budget()
    while height() > budget and any(len(lines) > 1 for lines in wrapped):
        longest = max(range(len(wrapped)), key=lambda i: len(wrapped[i]))
        wrapped[longest] = wrap(parts[longest][0], TEXT_SIZE, room, len(wrapped[longest]) - 1)
    return Block(
        name=name_line(name, room),
        facts=tuple(facts_lines),
        rows=tuple(tuple(lines) for lines in wrapped),
        height=height(),
        scores=tuple(scores),
        tracks=tuple(tracks),
        track_lines=track_lines,
    )


def _boxes_per_line(room: float, letter_room: float = 0.0) -> int:
    """Boxes in one line of a track, after its label: whole groups of five."""
    group = 5 * (BOX_STEP + letter_room) + BOX_GROUP
    groups = int((room - TRACK_LABEL + BOX_GROUP) // group)
    return max(5 * groups, 1)


def _track_lines(track: DamageTrack, room: float) -> int:
    total = track.boxes + track.below
    return max(1, -(-total // _boxes_per_line(room, track.letter_room)))


def name_line(name: str, room: float) -> str:
    """The name as its band shows it: one line, cut to ``room``."""
    return clip_to(one_line(name) or _("(no name)"), BOLD, NAME_SIZE, room)


def start_block(c: Canvas, name: str, x: float, top: float, w: float, height: float) -> Pen:
    """The block's outline and its dark band, and a pen that has written the name on it;
    the caller writes the rest with the pen and draws its text object."""
    c.setFillColor(BAND)
    c.rect(x, top - NAME_ROW, w, NAME_ROW, stroke=0, fill=1)
    c.rect(x, top - height, w, height, stroke=1, fill=0)
    pen = Pen(c.beginText())
    pen.fill(WHITE)
    pen.at(x + mirror_x(PAD, width(name, BOLD, NAME_SIZE), w), top - 2.4 - NAME_SIZE)
    pen.write(name, BOLD, NAME_SIZE)
    return pen


def paint_block(c: Canvas, block: Block, x: float, top: float, w: float) -> None:
    """The common block with its top-left corner at (``x``, ``top``), in reading order."""
    left = x + PAD
    c.saveState()
    pen = start_block(c, block.name, x, top, w, block.height)
    pen.fill(MUTED)
    y = top - NAME_ROW - ROW_TOP - FACTS_SIZE
    facts_rtl = _direction(block.facts)
    for line in block.facts:
        pen.line(_line_start(left, w - 2 * PAD, line, FACTS_SIZE), y, line, FACTS_SIZE, facts_rtl)
        y -= FACTS_LEADING
    y = top - NAME_ROW - facts_row(len(block.facts))
    if block.scores:
        c.drawText(pen.text)  # the strip goes between the name and the figures
        pen = _scores(c, block.scores, left, y - ROW_TOP, w - 2 * PAD)
        y -= SCORES_ROW
    pen.fill(INK)
    for lines in block.rows:
        y -= ROW_TOP + TEXT_SIZE
        rtl = _direction(lines)
        for line in lines:
            pen.line(_line_start(left, w - 2 * PAD, line, TEXT_SIZE), y, line, TEXT_SIZE, rtl)
            y -= TEXT_LEADING
        y += TEXT_SIZE - ROW_BOTTOM  # from the baseline under the last line to the row's foot
    if block.tracks:
        _tracks(c, pen, block.tracks, left, y - ROW_TOP, w - 2 * PAD)
    c.drawText(pen.text)
    c.restoreState()


def _line_start(left: float, room: float, line: Line, size: float) -> float:
    """Where a line of a block starts: at ``left``, or on a right-to-left page, so that
    it ends at the right of ``room``."""
    wide = sum(width(text, font, size) for text, font in line)
    return left + mirror_x(0.0, wide, room)


def _direction(lines: Sequence[Line]) -> bool:
    """Whether the paragraph these lines were wrapped from reads right to left: each of
    its lines is put in display order in the paragraph's direction, not its own."""
    return base_is_rtl("".join(text for line in lines for text, _unused in line))


def _tracks(
    c: Canvas, pen: Pen, tracks: Sequence[DamageTrack], left: float, top: float, room: float
) -> None:
    """Each track's label (with the pen) and its boxes, wrapped after whole groups of five;
    boxes past zero are shaded, letters sit before the box they name. The boxes of a track
    are a form drawn once per document and placed for each block; only ticks are drawn
    per block. A right-to-left page puts the label on the right and the boxes left of
    it, the first box next to the label."""
    boxes_start = left + mirror_x(TRACK_LABEL, 0.0, room)
    ticks = c.beginPath()
    y = top
    pen.fill(INK)
    for track in tracks:
        per_line = _boxes_per_line(room, track.letter_room)
        # a longer language's track name shrinks and condenses before it is ever cut
        label, size, scale = fit_one_line(one_line(track.label), BOLD, TEXT_SIZE, TRACK_LABEL - 1)
        label_w = width(label, BOLD, size) * scale
        pen.at(left + mirror_x(0.0, label_w, room), y - TRACK_ROW + 1.3 * mm)
        if scale < 1.0:
            pen.text.setHorizScale(scale * 100)
        pen.write(label, BOLD, size)
        if scale < 1.0:
            pen.text.setHorizScale(100)
        c.saveState()
        c.translate(boxes_start, y)
        c.doForm(_box_rows(c, track, per_line))
        c.restoreState()
        for i, marked in enumerate(track.marked):
            if marked:
                bx, by = _box_at(i, per_line, track.letter_room)
                bx, by = boxes_start + mirror_x(bx, BOX, 0.0), y + by
                ticks.moveTo(bx + 0.5, by + 0.5)
                ticks.lineTo(bx + BOX - 0.5, by + BOX - 0.5)
                ticks.moveTo(bx + 0.5, by + BOX - 0.5)
                ticks.lineTo(bx + BOX - 0.5, by + 0.5)
        y -= TRACK_ROW * _track_lines(track, room)
    if any(any(t.marked) for t in tracks):  # most blocks have none: no empty path
        c.setLineWidth(0.5)
        c.setStrokeColor(INK)
        c.drawPath(ticks, stroke=1, fill=0)


def _box_at(index: int, per_line: int, letter_room: float = 0.0) -> tuple[float, float]:
    """Box ``index``'s bottom-left corner from the top of where its track's boxes start,
    as on a left-to-right page (a lettered box leaves ``letter_room`` for its letter
    before it); ``mirror_x(x, BOX, 0.0)`` turns it leftwards on a right-to-left one."""
    line, place = divmod(index, per_line)
    x = place * BOX_STEP + (place // 5) * BOX_GROUP + (place + 1) * letter_room
    return x, -(line + 1) * TRACK_ROW + 0.8 * mm


def _box_rows(c: Canvas, track: DamageTrack, per_line: int) -> str:
    """A track's boxes (and letters) as a form whose origin is where they start (their
    top-left; their top-right, running leftwards, right to left), the same in every block
    with such a track; returns the form's name."""
    key = zlib.crc32("|".join(track.letters).encode())
    name = f"sheetapp-stat-block-track-{track.boxes}-{track.below}-{per_line}-{key:08x}"
    if c.hasForm(name):
        return name
    total = track.boxes + track.below
    lines = max(1, -(-total // per_line))
    wide = per_line * (BOX_STEP + BOX_GROUP + track.letter_room) + LETTER
    edge = mirror_x(-1, wide + 1, 0.0)
    c.beginForm(name, edge, -lines * TRACK_ROW - 1, edge + wide + 1, 1)
    plain, shaded = c.beginPath(), c.beginPath()
    c.setFillColor(INK)
    for i in range(total):
        x, y = _box_at(i, per_line, track.letter_room)
        (shaded if i >= track.boxes else plain).rect(mirror_x(x, BOX, 0.0), y, BOX, BOX)
        if i < len(track.letters):
            letter_x, align = anchored(x - 0.5 * mm, "right", 0.0)
            draw_string(c, letter_x, y + 0.5, track.letters[i], REGULAR, LETTER_SIZE, align=align)
    c.setLineWidth(0.5)
    c.setStrokeColor(LINE)
    c.drawPath(plain, stroke=1, fill=0)
    c.setFillColor(SHADE)  # the boxes below zero: plainly darker, even on a grey printout
    c.drawPath(shaded, stroke=1, fill=1)
    c.endForm()
    return name


def _scores(c: Canvas, scores: Sequence[tuple[str, str]], left: float, top: float, w: float) -> Pen:
    """The strip's ruling and labels (a form, drawn once per document), then a pen that
    has written the values."""
    scores = in_order(scores)  # the first score on the right, on a right-to-left page
    form = _score_strip(c, w, tuple(label for label, _unused in scores))
    c.saveState()
    c.translate(left, top - HEAD_ROW - VALUE_ROW)
    c.doForm(form)
    c.restoreState()
    pen = Pen(c.beginText())
    pen.fill(INK)
    each = w / len(scores)
    y = top - HEAD_ROW - 1 - VALUE_SIZE
    for i, (_unused, value) in enumerate(scores):
        pen.at(left + (i + 0.5) * each - width(value, REGULAR, VALUE_SIZE) / 2, y)
        pen.write(value, REGULAR, VALUE_SIZE)
    return pen


def _score_strip(c: Canvas, strip_width: float, labels: tuple[str, ...]) -> str:
    """The score strip without its values, the same in every block: a form whose origin is
    the strip's bottom-left corner; returns the form's name."""
    key = zlib.crc32("|".join(labels).encode())
    name = f"sheetapp-stat-block-scores-{round(strip_width * 100)}-{key:08x}"
    if c.hasForm(name):
        return name
    height = HEAD_ROW + VALUE_ROW
    each = strip_width / len(labels)
    c.beginForm(name, -1, -1, strip_width + 1, height + 1)
    c.setFillColor(FILL)
    c.rect(0, VALUE_ROW, strip_width, HEAD_ROW, stroke=0, fill=1)
    c.setStrokeColor(RULE)
    c.setLineWidth(HAIRLINE)
    path = c.beginPath()
    path.rect(0, 0, strip_width, height)
    path.moveTo(0, VALUE_ROW)
    path.lineTo(strip_width, VALUE_ROW)
    for i in range(1, len(labels)):
        path.moveTo(i * each, 0)
        path.lineTo(i * each, height)
    c.drawPath(path, stroke=1, fill=0)
    c.setFillColor(MUTED)
    y = height - 1 - HEAD_SIZE
    for i, label in enumerate(labels):
        draw_string(c, (i + 0.5) * each, y, label, BOLD, HEAD_SIZE, align="centre")
    c.endForm()
    return name
