"""Stat blocks: the compact form a game master keeps for non-player characters.

Two columns of blocks per page, each block kept whole: name, universe and profession, the
eight scores in one line, stamina, body, initiative and attack chances, the best skills
and the weapons. All figures come from ``figures.character_figures``, once per character.

A thousand blocks would take platypus many seconds, so blocks are drawn straight on the
canvas with fixed geometry: each block's text is wrapped and its height measured first,
the blocks are packed into columns and pages, and only then drawn. Every user string is
plain canvas text (never markup); where one line is all there is room for, it is cut with
an ellipsis.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.amazing_engine.wording import (
    ABBREVIATIONS,
    STATUS,
    profession_name,
    species_name,
    universe_name,
)
from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Line, Pen, Run, clip_to, one_line, width, wrap
from sheetapp.pdf.kit.packing import Slot, pack_columns
from sheetapp.pdf.kit.style import BAND, FILL, HAIRLINE, INK, LINE, MUTED, RULE, STROKE, WHITE
from sheetapp.pdf.kit.text import clip
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute

TOP_SKILLS = 6
BLOCK_GAP = 3.5 * mm
PAD = 2.2 * mm  # left and right inside a block

# Type size and row height (padding above, the lines, padding below) of each part.
NAME_SIZE, NAME_ROW = 10, 2.4 + 12 + 3.2
FACTS_SIZE, FACTS_LEADING = 8.5, 11
HEAD_SIZE, HEAD_ROW = 6.8, 1 + 8.5 + 2  # the score table's two rows
VALUE_SIZE, VALUE_ROW = 8.5, 1 + 10.5 + 2
SCORES_ROW = 1.2 + HEAD_ROW + VALUE_ROW + 2.2
TEXT_SIZE, TEXT_LEADING = 7.8, 10
ROW_TOP, ROW_BOTTOM, LAST_BOTTOM = 1.2, 2.2, 3.6  # padding of the text rows
# At most this many lines per part, so that every block fits in a column.
MAX_LINES = {"facts": 2, "figures": 3, "skills": 6, "weapons": 6}
DOT = "\xa0·\xa0"  # between figures on the line: never at the start of a line


@dataclass(frozen=True)
class Block:
    """One character's block, measured: its lines are wrapped to the block's width."""

    name: str
    facts: tuple[Line, ...]  # universe, profession, species and any status
    scores: tuple[str, ...]  # in ``Attribute`` order
    rows: tuple[tuple[Line, ...], ...]  # figures, then skills and weapons when there are any
    height: float


def stat_blocks(characters: list[Character], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``characters``: two columns, top to bottom, left to right."""
    block_width = layout.column_width
    blocks = [measure(character, block_width) for character in characters]
    pages = pack_columns(
        [b.height for b in blocks],
        frame_height=layout.frame_height,
        column_width=block_width,
        column_gap=layout.column_gap,
        gap=BLOCK_GAP,
    )
    return [partial(_paint_page, blocks, slots, block_width) for slots in pages]


def measure(character: Character, block_width: float) -> Block:
    """``character``'s block for a column ``block_width`` wide, wrapped and measured."""
    f = character_figures(character)
    room = block_width - 2 * PAD
    facts = "\xa0· ".join(  # the dot stays with the word before it
        one_line(v)
        for v in (
            clip(universe_name(character.universe), 40),
            clip(profession_name(character), 40),
            clip(species_name(character), 40),
            STATUS[character.status] if character.status != "active" else "",
        )
        if v
    )
    rows = [wrap(_figures(f), TEXT_SIZE, room, MAX_LINES["figures"])]
    if f["skills"]:
        rows.append(wrap(_skills(f["skills"]), TEXT_SIZE, room, MAX_LINES["skills"]))
    if f["weapons"]:
        rows.append(wrap(_weapons(f["weapons"]), TEXT_SIZE, room, MAX_LINES["weapons"]))
    facts_lines = wrap(((w, ITALIC) for w in facts.split()), FACTS_SIZE, room, MAX_LINES["facts"])
    height = NAME_ROW + _facts_row(len(facts_lines)) + SCORES_ROW + LAST_BOTTOM - ROW_BOTTOM
    height += sum(ROW_TOP + TEXT_LEADING * len(lines) + ROW_BOTTOM for lines in rows)
    return Block(
        name=clip_to(one_line(character.name) or "(no name)", BOLD, NAME_SIZE, room),
        facts=tuple(facts_lines),
        scores=tuple(str(f["attributes"].get(a.value, "-")) for a in Attribute),
        rows=tuple(tuple(lines) for lines in rows),
        height=height,
    )


def _facts_row(lines: int) -> float:
    return ROW_TOP + FACTS_LEADING * max(lines, 1) + ROW_BOTTOM


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _figures(f: dict[str, Any]) -> list[Run]:
    a = f["attack_chance"]
    words: list[Run] = []
    for label, value in (
        ("Stamina", _or_dash(f["stamina"])),
        ("Body", _or_dash(f["body"])),
        ("Initiative", f"+{f['initiative_modifier']}"),
        ("Attack", f"{a['general']}% / {a['non_vital']}% / {a['vital']}%"),
    ):
        if words:
            words.append((DOT, REGULAR))
        words.append((label, BOLD))
        words += [(w, REGULAR) for w in value.split()]
    return words


def _skills(skills: list[dict[str, Any]]) -> list[Run]:
    best = sorted(skills, key=lambda s: -s["chance"])[:TOP_SKILLS]
    listed = ", ".join(f"{one_line(clip(s['name'], 60))} {s['chance']}%" for s in best)
    more = f", +{len(skills) - len(best)} more" if len(skills) > len(best) else ""
    return [("Skills", BOLD), *((w, REGULAR) for w in (listed + more).split())]


def _weapons(weapons: list[dict[str, Any]]) -> list[Run]:
    parts = []
    for w in weapons:
        leth = w["lethality"]
        parts.append(
            f"{one_line(clip(w['name'], 60))} {one_line(clip(w['damage'], 30))} "
            f"(lethality {leth['general']}/{leth['non_vital']}/{leth['vital']})"
        )
    return [("Weapons", BOLD), *((w, REGULAR) for w in "; ".join(parts).split())]


def _paint_page(blocks: list[Block], slots: list[Slot], block_width: float, c: Canvas) -> None:
    scores = _score_grid(c, block_width - 2 * PAD)
    c.setLineWidth(STROKE)
    c.setStrokeColor(LINE)
    for slot in slots:
        _paint(c, blocks[slot.index], slot.x, slot.top, block_width, scores)


def _paint(c: Canvas, block: Block, x: float, top: float, w: float, scores: str) -> None:
    """One block with its top-left corner at (``x``, ``top``), drawn in reading order."""
    left = x + PAD
    c.setFillColor(BAND)
    c.rect(x, top - NAME_ROW, w, NAME_ROW, stroke=0, fill=1)
    c.rect(x, top - block.height, w, block.height, stroke=1, fill=0)
    t = c.beginText()
    pen = Pen(t)
    t.setFillColor(WHITE)
    pen.at(left, top - 2.4 - NAME_SIZE)
    pen.write(block.name, BOLD, NAME_SIZE)
    t.setFillColor(MUTED)
    y = top - NAME_ROW - ROW_TOP - FACTS_SIZE
    for line in block.facts:
        pen.line(left, y, line, FACTS_SIZE)
        y -= FACTS_LEADING
    c.drawText(t)

    grid_top = top - NAME_ROW - _facts_row(len(block.facts)) - ROW_TOP
    c.saveState()
    c.translate(left, grid_top - HEAD_ROW - VALUE_ROW)
    c.doForm(scores)
    c.restoreState()

    t = c.beginText()
    pen = Pen(t)
    t.setFillColor(INK)
    each = (w - 2 * PAD) / len(block.scores)
    y = grid_top - HEAD_ROW - 1 - VALUE_SIZE
    for i, value in enumerate(block.scores):
        pen.at(left + (i + 0.5) * each - width(value, REGULAR, VALUE_SIZE) / 2, y)
        pen.write(value, REGULAR, VALUE_SIZE)
    y = grid_top - HEAD_ROW - VALUE_ROW - ROW_BOTTOM
    for lines in block.rows:
        y -= ROW_TOP + TEXT_SIZE
        for line in lines:
            pen.line(left, y, line, TEXT_SIZE)
            y -= TEXT_LEADING
        y += TEXT_SIZE - ROW_BOTTOM  # from the baseline under the last line to the row's foot
    c.drawText(t)


def _score_grid(c: Canvas, grid_width: float) -> str:
    """The score table without its numbers, the same in every block: a form drawn once per
    document (its origin the table's bottom-left corner); returns the form's name."""
    name = f"sheetapp-stat-block-scores-{round(grid_width * 100)}"
    if c.hasForm(name):
        return name
    height = HEAD_ROW + VALUE_ROW
    each = grid_width / len(Attribute)
    c.beginForm(name, -1, -1, grid_width + 1, height + 1)
    c.setFillColor(FILL)
    c.rect(0, VALUE_ROW, grid_width, HEAD_ROW, stroke=0, fill=1)
    c.setStrokeColor(RULE)
    c.setLineWidth(HAIRLINE)
    path = c.beginPath()
    path.rect(0, 0, grid_width, height)
    path.moveTo(0, VALUE_ROW)
    path.lineTo(grid_width, VALUE_ROW)
    for i in range(1, len(Attribute)):
        path.moveTo(i * each, 0)
        path.lineTo(i * each, height)
    c.drawPath(path, stroke=1, fill=0)
    c.setFillColor(MUTED)
    c.setFont(BOLD, HEAD_SIZE)
    for i, attribute in enumerate(Attribute):
        label = ABBREVIATIONS[attribute].upper()
        c.drawCentredString((i + 0.5) * each, height - 1 - HEAD_SIZE, label)
    c.endForm()
    return name
