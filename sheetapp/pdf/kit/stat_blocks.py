"""Stat blocks: the compact form a game master keeps for non-player characters.

Two columns of blocks per page, each block kept whole. A thousand blocks would take
platypus many seconds, so a system measures each block first (its text wrapped with
``lines``), the blocks are packed into columns and pages, and only then drawn straight on
the canvas with fixed geometry. Every user string is plain canvas text, never markup; where
one line is all there is room for, it is cut with an ellipsis.

The common block: the name on a dark band, facts in grey italics under it, an optional strip
of scores, then rows of text (figures, skills, weapons). A system with a block of its own
shape still shares the packing, the band and the type sizes. Systems that set their blocks
as flowables (panels of paragraphs) use ``block_story``.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol, TypeVar

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Spacer

from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import GLUE, Line, Pen, Run, clip_to, one_line, width, wrap
from sheetapp.pdf.kit.packing import pack_columns
from sheetapp.pdf.kit.style import BAND, FILL, HAIRLINE, INK, LINE, MUTED, RULE, STROKE, WHITE

BLOCK_GAP = 3.5 * mm
PAD = 2.2 * mm  # left and right inside a block

# Type size and row height (padding above, the lines, padding below) of each part.
NAME_SIZE, NAME_ROW = 10, 2.4 + 12 + 3.2
FACTS_SIZE, FACTS_LEADING, FACTS_LINES = 8.5, 11, 2
HEAD_SIZE, HEAD_ROW = 6.8, 1 + 8.5 + 2  # the score strip's two rows
VALUE_SIZE, VALUE_ROW = 8.5, 1 + 10.5 + 2
SCORES_ROW = 1.2 + HEAD_ROW + VALUE_ROW + 2.2
TEXT_SIZE, TEXT_LEADING = 7.8, 10
ROW_TOP, ROW_BOTTOM, LAST_BOTTOM = 1.2, 2.2, 3.6  # padding of the text rows
DOT = "\xa0·\xa0"  # between figures on a line: never at the start of a line


class Measured(Protocol):
    @property
    def height(self) -> float: ...


B = TypeVar("B", bound=Measured)
Paint = Callable[[Canvas, B, float, float, float], None]  # (canvas, block, x, top, width)


@dataclass(frozen=True)
class Block:
    """One character's block, measured: its lines are wrapped to the block's width."""

    name: str
    facts: tuple[Line, ...]
    rows: tuple[tuple[Line, ...], ...]
    height: float
    scores: tuple[tuple[str, str], ...] = ()  # (label, value) in a strip under the facts


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
        paint(c, block, x, top, layout.column_width)


def block_story(blocks: Iterable[Flowable]) -> list[Flowable]:
    """Blocks set as flowables, a gap after each, for platypus's two columns."""
    story: list[Flowable] = []
    for block in blocks:
        story += [block, Spacer(0, BLOCK_GAP)]
    return story


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


def measure(
    name: str,
    facts: Iterable[str],
    rows: Iterable[tuple[list[Run], int]],
    block_width: float,
    *,
    scores: Sequence[tuple[str, str]] = (),
) -> Block:
    """A block ``block_width`` wide: ``facts`` (the empty ones left out) on at most two
    lines, and each row of runs wrapped to at most its number of lines."""
    room = block_width - 2 * PAD
    text = "\xa0· ".join(v for v in facts if v)  # the dot stays with the word before it
    facts_lines = wrap(((w, ITALIC) for w in text.split()), FACTS_SIZE, room, FACTS_LINES)
    wrapped = [wrap(runs, TEXT_SIZE, room, most) for runs, most in rows]
    height = NAME_ROW + facts_row(len(facts_lines)) + LAST_BOTTOM - ROW_BOTTOM
    height += SCORES_ROW if scores else 0
    height += sum(ROW_TOP + TEXT_LEADING * len(lines) + ROW_BOTTOM for lines in wrapped)
    return Block(
        name=name_line(name, room),
        facts=tuple(facts_lines),
        rows=tuple(tuple(lines) for lines in wrapped),
        height=height,
        scores=tuple(scores),
    )


def name_line(name: str, room: float) -> str:
    """The name as its band shows it: one line, cut to ``room``."""
    return clip_to(one_line(name) or "(no name)", BOLD, NAME_SIZE, room)


def start_block(c: Canvas, name: str, x: float, top: float, w: float, height: float) -> Pen:
    """The block's outline and its dark band, and a pen that has written the name on it;
    the caller writes the rest with the pen and draws its text object."""
    c.setFillColor(BAND)
    c.rect(x, top - NAME_ROW, w, NAME_ROW, stroke=0, fill=1)
    c.rect(x, top - height, w, height, stroke=1, fill=0)
    pen = Pen(c.beginText())
    pen.text.setFillColor(WHITE)
    pen.at(x + PAD, top - 2.4 - NAME_SIZE)
    pen.write(name, BOLD, NAME_SIZE)
    return pen


def paint_block(c: Canvas, block: Block, x: float, top: float, w: float) -> None:
    """The common block with its top-left corner at (``x``, ``top``), in reading order."""
    left = x + PAD
    pen = start_block(c, block.name, x, top, w, block.height)
    pen.text.setFillColor(MUTED)
    y = top - NAME_ROW - ROW_TOP - FACTS_SIZE
    for line in block.facts:
        pen.line(left, y, line, FACTS_SIZE)
        y -= FACTS_LEADING
    y = top - NAME_ROW - facts_row(len(block.facts))
    if block.scores:
        c.drawText(pen.text)  # the strip goes between the name and the figures
        pen = _scores(c, block.scores, left, y - ROW_TOP, w - 2 * PAD)
        y -= SCORES_ROW
    pen.text.setFillColor(INK)
    for lines in block.rows:
        y -= ROW_TOP + TEXT_SIZE
        for line in lines:
            pen.line(left, y, line, TEXT_SIZE)
            y -= TEXT_LEADING
        y += TEXT_SIZE - ROW_BOTTOM  # from the baseline under the last line to the row's foot
    c.drawText(pen.text)


def _scores(c: Canvas, scores: Sequence[tuple[str, str]], left: float, top: float, w: float) -> Pen:
    """The strip's ruling and labels (a form, drawn once per document), then a pen that
    has written the values."""
    form = _score_strip(c, w, tuple(label for label, _ in scores))
    c.saveState()
    c.translate(left, top - HEAD_ROW - VALUE_ROW)
    c.doForm(form)
    c.restoreState()
    pen = Pen(c.beginText())
    pen.text.setFillColor(INK)
    each = w / len(scores)
    y = top - HEAD_ROW - 1 - VALUE_SIZE
    for i, (_, value) in enumerate(scores):
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
    c.setFont(BOLD, HEAD_SIZE)
    for i, label in enumerate(labels):
        c.drawCentredString((i + 0.5) * each, height - 1 - HEAD_SIZE, label)
    c.endForm()
    return name
