"""Stat blocks: the compact form a game master keeps for non-player characters.

Two columns of blocks per page, each kept whole: the name on a dark band, the concept, then
one line of condition (wound, DB, thresholds, momentum) and the skills, weapons and tools.
Like every system's blocks they are drawn straight on the canvas with measured text, so a
roster of hundreds prints quickly; user strings are canvas text, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.amplitude.wording import signed
from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Line, Pen, Run, clip_to, one_line, wrap
from sheetapp.pdf.kit.packing import Slot, pack_columns
from sheetapp.pdf.kit.style import BAND, INK, LINE, MUTED, STROKE, WHITE
from sheetapp.pdf.kit.text import clip
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet

BLOCK_GAP = 3.5 * mm
PAD = 2.2 * mm
NAME_SIZE, NAME_ROW = 10, 2.4 + 12 + 3.2
FACTS_SIZE, FACTS_LEADING = 8.5, 11
TEXT_SIZE, TEXT_LEADING = 7.8, 10
ROW_TOP, ROW_BOTTOM, LAST_BOTTOM = 1.2, 2.2, 3.6
MAX_LINES = {"facts": 2, "condition": 3, "list": 5}
DOT = "\xa0·\xa0"


@dataclass(frozen=True)
class Block:
    name: str
    facts: tuple[Line, ...]
    rows: tuple[tuple[Line, ...], ...]
    height: float


def stat_blocks(sheets: list[AmplitudeSheet], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``sheets``: two columns, top to bottom, left to right."""
    width = layout.column_width
    blocks = [measure(sheet, width) for sheet in sheets]
    pages = pack_columns(
        [b.height for b in blocks],
        frame_height=layout.frame_height,
        column_width=width,
        column_gap=layout.column_gap,
        gap=BLOCK_GAP,
    )
    return [partial(_paint_page, blocks, slots, width) for slots in pages]


def measure(sheet: AmplitudeSheet, width: float) -> Block:
    """``sheet``'s block for a column ``width`` wide, wrapped and measured."""
    f = sheet_figures(sheet)
    room = width - 2 * PAD
    facts = "\xa0· ".join(
        v for v in (one_line(clip(sheet.concept, 80)), "NPC" if sheet.npc else "") if v
    )
    facts_lines = wrap(((w, ITALIC) for w in facts.split()), FACTS_SIZE, room, MAX_LINES["facts"])
    rows = [wrap(_condition(f), TEXT_SIZE, room, MAX_LINES["condition"])]
    for title, items in (
        ("Skills", [f"{_name(s['name'])} {signed(s['ob'])}" for s in f["skills"]]),
        ("Weapons", [_gear(w["name"], w["power"], w["skill"]) for w in f["weapons"]]),
        ("Tools", [_gear(t["name"], t["quality"], t["skill"]) for t in f["tools"]]),
    ):
        if items:
            words = [(title, BOLD), *((w, REGULAR) for w in ", ".join(items).split())]
            rows.append(wrap(words, TEXT_SIZE, room, MAX_LINES["list"]))
    height = NAME_ROW + _facts_row(len(facts_lines)) + LAST_BOTTOM - ROW_BOTTOM
    height += sum(ROW_TOP + TEXT_LEADING * len(lines) + ROW_BOTTOM for lines in rows)
    return Block(
        name=clip_to(one_line(sheet.name) or "(no name)", BOLD, NAME_SIZE, room),
        facts=tuple(facts_lines),
        rows=tuple(tuple(lines) for lines in rows),
        height=height,
    )


def _name(value: str) -> str:
    return one_line(clip(value, 60)) or "?"


def _gear(name: str, amp: int, skill: str) -> str:
    used = f" ({one_line(clip(skill, 40))})" if skill.strip() else ""
    return f"{_name(name)} {signed(amp)}{used}"


def _facts_row(lines: int) -> float:
    return ROW_TOP + FACTS_LEADING * max(lines, 1) + ROW_BOTTOM


def _condition(f: dict[str, Any]) -> list[Run]:
    wound = f["wound"]
    penalty = {None: " (out)", 0: ""}.get(wound["penalty"], f" ({signed(wound['penalty'] or 0)})")
    t = f["thresholds"]
    words: list[Run] = []
    for label, value in (
        ("Wound", f"{wound['label']}{penalty}"),
        ("DB", signed(f["defensive_bonus"])),
        ("Thresholds", f"{t['minor']}/{t['moderate']}/{t['major']}"),
        ("Momentum", str(f["momentum"])),
    ):
        if words:
            words.append((DOT, REGULAR))
        words.append((label, BOLD))
        words += [(w, REGULAR) for w in value.split()]
    return words


def _paint_page(blocks: list[Block], slots: list[Slot], width: float, c: Canvas) -> None:
    c.setLineWidth(STROKE)
    c.setStrokeColor(LINE)
    for slot in slots:
        _paint(c, blocks[slot.index], slot.x, slot.top, width)


def _paint(c: Canvas, block: Block, x: float, top: float, w: float) -> None:
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
    t.setFillColor(INK)
    y = top - NAME_ROW - _facts_row(len(block.facts))
    for lines in block.rows:
        y -= ROW_TOP + TEXT_SIZE
        for line in lines:
            pen.line(left, y, line, TEXT_SIZE)
            y -= TEXT_LEADING
        y += TEXT_SIZE - ROW_BOTTOM
    c.drawText(t)
