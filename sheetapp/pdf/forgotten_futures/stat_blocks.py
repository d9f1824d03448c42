"""Forgotten Futures stat blocks, the compact form a referee keeps for non-player
characters: name, profession, the three characteristics, skills by rating, weapons with
Effect and damage, armour, and the wounds record as five small boxes. The kit packs the
blocks and draws their name bands; the lines and the wound boxes are drawn here.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheetapp.pdf.fonts import BOLD, ITALIC
from sheetapp.pdf.forgotten_futures.wording import or_dash
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Line, Run, one_line, wrap
from sheetapp.pdf.kit.stat_blocks import (
    NAME_ROW,
    PAD,
    TEXT_SIZE,
    block_pages,
    figure_runs,
    labelled_runs,
    name_line,
    start_block,
)
from sheetapp.pdf.kit.style import INK, LINE, MUTED
from sheetapp.pdf.kit.text import clip
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures, sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import Characteristic, label
from sheetapp.systems.forgotten_futures.wounds import BOXES

LEADING = 10
TOP, BOTTOM = 2.0, 3.2
WOUND_BOX = 3.2 * mm
WOUND_ROW = WOUND_BOX + 4.0
MAX_LINES = 5


@dataclass(frozen=True)
class Block:
    name: str
    lines: tuple[tuple[Line, bool], ...]  # (line, muted)
    wounds: dict[str, bool]
    height: float


def stat_block_pages(sheets: list[ForgottenFuturesSheet], layout: Layout) -> list[PagePainter]:
    blocks = [block(s, layout.column_width) for s in sheets]
    return block_pages(blocks, layout, _paint)


def block(sheet: ForgottenFuturesSheet, width: float) -> Block:
    f = sheet_figures(sheet)
    room = width - 2 * PAD
    lines: list[tuple[Line, bool]] = []
    who = ", ".join(
        one_line(clip(v, 60))
        for v in (f.profession, f.sex, f.age and f"age {f.age}")
        if v
    )
    if who:
        lines += [(line, True) for line in wrap(labelled_runs("", who, ITALIC), TEXT_SIZE, room, 2)]
    for part in (_scores(f), _skills(f), _weapons(f), _armour(f)):
        if part:
            lines += [(line, False) for line in wrap(part, TEXT_SIZE, room, MAX_LINES)]
    return Block(
        name=name_line(sheet.name, room),
        lines=tuple(lines),
        wounds=f.wounds.boxes,
        height=NAME_ROW + TOP + LEADING * len(lines) + WOUND_ROW + BOTTOM,
    )


def _scores(f: ForgottenFuturesFigures) -> list[Run]:
    scores = [(label(c), or_dash(f.characteristics[c.value])) for c in Characteristic]
    return figure_runs([*scores, ("Bonus", str(f.bonus.balance))])


def _skills(f: ForgottenFuturesFigures) -> list[Run]:
    ranked = sorted(f.skills, key=lambda s: -(s.rating or 0))
    text = ", ".join(f"{one_line(clip(s.name, 40))} {or_dash(s.rating)}" for s in ranked)
    return labelled_runs("Skills", text) if text else []


def _weapons(f: ForgottenFuturesFigures) -> list[Run]:
    parts = []
    for w in f.weapons:
        damage = "/".join(one_line(clip(v, 8)) or "-" for v in (w.a, w.b, w.c))
        parts.append(f"{one_line(clip(w.name, 40))} Eff {or_dash(w.effect)} {damage}")
    return labelled_runs("Weapons", "; ".join(parts)) if parts else []


def _armour(f: ForgottenFuturesFigures) -> list[Run]:
    parts = [f"{one_line(clip(a.name, 40))} -{a.reduction}" for a in f.armour]
    return labelled_runs("Armour", "; ".join(parts)) if parts else []


def _paint(c: Canvas, block: Block, x: float, top: float, w: float) -> None:
    left = x + PAD
    c.saveState()
    pen = start_block(c, block.name, x, top, w, block.height)
    y = top - NAME_ROW - TOP - TEXT_SIZE
    for line, muted in block.lines:
        pen.text.setFillColor(MUTED if muted else INK)
        pen.line(left, y, line, TEXT_SIZE)
        y -= LEADING
    c.drawText(pen.text)
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
