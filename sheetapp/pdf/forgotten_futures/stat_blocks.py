"""Stat blocks: the compact form a referee keeps for non-player characters.

Two columns of blocks per page, each block kept whole: name, profession, the three
characteristics, skills by rating, weapons with Effect and damage, armour, and the wounds
record as five small boxes. Blocks are measured first, packed into columns, then drawn
straight on the canvas (plain text, never markup), like the other systems' blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.fonts import BOLD, ITALIC, REGULAR
from sheetapp.pdf.forgotten_futures.wording import or_dash
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Line, Pen, Run, clip_to, one_line, wrap
from sheetapp.pdf.kit.packing import Slot, pack_columns
from sheetapp.pdf.kit.style import BAND, INK, LINE, MUTED, WHITE
from sheetapp.pdf.kit.text import clip
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic, label
from sheetapp.systems.forgotten_futures.wounds import BOXES

BLOCK_GAP = 3.5 * mm
PAD = 2.2 * mm
NAME_SIZE, NAME_ROW = 10, 2.4 + 12 + 3.2
TEXT_SIZE, LEADING = 7.8, 10
TOP, BOTTOM = 2.0, 3.2
WOUND_BOX = 3.2 * mm
WOUND_ROW = WOUND_BOX + 4.0
MAX_LINES = 5
DOT = "\xa0·\xa0"


@dataclass(frozen=True)
class Block:
    name: str
    lines: tuple[tuple[Line, bool], ...]  # (line, muted)
    wounds: dict[str, bool]
    height: float


def stat_blocks(sheets: list[ForgottenFuturesSheet], layout: Layout) -> list[PagePainter]:
    width = layout.column_width
    blocks = [measure(s, width) for s in sheets]
    pages = pack_columns(
        [b.height for b in blocks],
        frame_height=layout.frame_height,
        column_width=width,
        column_gap=layout.column_gap,
        gap=BLOCK_GAP,
    )
    return [partial(_paint_page, blocks, slots, width) for slots in pages]


def measure(sheet: ForgottenFuturesSheet, width: float) -> Block:
    f = sheet_figures(sheet)
    room = width - 2 * PAD
    lines: list[tuple[Line, bool]] = []
    who = ", ".join(
        one_line(clip(v, 60))
        for v in (f["profession"], f["sex"], f["age"] and f"age {f['age']}")
        if v
    )
    if who:
        lines += [(line, True) for line in wrap(_plain(who, ITALIC), TEXT_SIZE, room, 2)]
    for part in (_scores(f), _skills(f), _weapons(f), _armour(f)):
        if part:
            lines += [(line, False) for line in wrap(part, TEXT_SIZE, room, MAX_LINES)]
    height = NAME_ROW + TOP + LEADING * len(lines) + WOUND_ROW + BOTTOM
    return Block(
        name=clip_to(one_line(sheet.name) or "(no name)", BOLD, NAME_SIZE, room),
        lines=tuple(lines),
        wounds=f["wounds"]["boxes"],
        height=height,
    )


def _plain(text: str, font: str = REGULAR) -> list[Run]:
    return [(w, font) for w in text.split()]


def _labelled(title: str, text: str) -> list[Run]:
    return [(title, BOLD), *_plain(text)]


def _scores(f: dict[str, Any]) -> list[Run]:
    runs: list[Run] = []
    for c in Characteristic:
        if runs:
            runs.append((DOT, REGULAR))
        runs += [(label(c), BOLD), (or_dash(f["characteristics"][c.value]), REGULAR)]
    runs += [(DOT, REGULAR), ("Bonus", BOLD), (str(f["bonus"]["balance"]), REGULAR)]
    return runs


def _skills(f: dict[str, Any]) -> list[Run]:
    ranked = sorted(f["skills"], key=lambda s: -(s["rating"] or 0))
    text = ", ".join(f"{one_line(clip(s['name'], 40))} {or_dash(s['rating'])}" for s in ranked)
    return _labelled("Skills", text) if text else []


def _weapons(f: dict[str, Any]) -> list[Run]:
    parts = []
    for w in f["weapons"]:
        damage = "/".join(one_line(clip(w[k], 8)) or "-" for k in ("a", "b", "c"))
        parts.append(f"{one_line(clip(w['name'], 40))} Eff {or_dash(w['effect'])} {damage}")
    return _labelled("Weapons", "; ".join(parts)) if parts else []


def _armour(f: dict[str, Any]) -> list[Run]:
    parts = [f"{one_line(clip(a['name'], 40))} -{a['reduction']}" for a in f["armour"]]
    return _labelled("Armour", "; ".join(parts)) if parts else []


def _paint_page(blocks: list[Block], slots: list[Slot], width: float, c: Canvas) -> None:
    for slot in slots:
        _paint(c, blocks[slot.index], slot.x, slot.top, width)


def _paint(c: Canvas, block: Block, x: float, top: float, w: float) -> None:
    left = x + PAD
    c.saveState()
    c.setFillColor(BAND)
    c.rect(x, top - NAME_ROW, w, NAME_ROW, stroke=0, fill=1)
    c.setStrokeColor(LINE)
    c.setLineWidth(0.6)
    c.rect(x, top - block.height, w, block.height, stroke=1, fill=0)
    t = c.beginText()
    pen = Pen(t)
    t.setFillColor(WHITE)
    pen.at(left, top - 2.4 - NAME_SIZE)
    pen.write(block.name, BOLD, NAME_SIZE)
    y = top - NAME_ROW - TOP - TEXT_SIZE
    for line, muted in block.lines:
        t.setFillColor(MUTED if muted else INK)
        pen.line(left, y, line, TEXT_SIZE)
        y -= LEADING
    c.drawText(t)
    _wound_row(c, block.wounds, left, top - block.height + BOTTOM)
    c.restoreState()


def _wound_row(c: Canvas, ticked: dict[str, bool], x: float, y: float) -> None:
    c.setFont(BOLD, TEXT_SIZE)
    c.setFillColor(INK)
    c.drawString(x, y + 1.5, "Wounds")
    x += 13 * mm
    for key, letter, _ in BOXES:
        c.setFillColor(MUTED)
        c.drawString(x, y + 1.5, letter)
        bx = x + 3 * mm
        c.setStrokeColor(LINE)
        c.setLineWidth(0.55)
        c.rect(bx, y, WOUND_BOX, WOUND_BOX, stroke=1, fill=0)
        if ticked.get(key):
            c.setStrokeColor(INK)
            c.line(bx + 0.6, y + 0.6, bx + WOUND_BOX - 0.6, y + WOUND_BOX - 0.6)
            c.line(bx + 0.6, y + WOUND_BOX - 0.6, bx + WOUND_BOX - 0.6, y + 0.6)
        x = bx + WOUND_BOX + 2.4 * mm
