"""Forgotten Futures stat blocks, the compact form a referee keeps for non-player
characters: name, profession, the three characteristics, skills by rating, weapons with
Effect and damage, armour, and the wounds record as five lettered boxes. The kit measures,
packs and draws the blocks.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.pdf.forgotten_futures.wording import or_dash
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Run, one_line
from sheetapp.pdf.kit.stat_blocks import (
    Block,
    DamageTrack,
    block_pages,
    figure_runs,
    labelled_runs,
    measure,
    paint_block,
)
from sheetapp.pdf.kit.text import clip
from sheetapp.statblocks import forgotten_futures as text
from sheetapp.systems.forgotten_futures.block_figures import (
    ForgottenFuturesBlockFigures,
    block_figures,
)
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.wounds import BOXES

MAX_LINES = 5


def stat_block_pages(sheets: list[ForgottenFuturesSheet], layout: Layout) -> list[PagePainter]:
    blocks = [block(s, layout.column_width) for s in sheets]
    return block_pages(blocks, layout, paint_block)


def block(sheet: ForgottenFuturesSheet, width: float) -> Block:
    f = block_figures(sheet)
    facts = [
        one_line(clip(v, 60))
        for v in (f.profession, f.sex, f.age and _("age {age}").format(age=f.age))
    ]
    rows = [(part, MAX_LINES) for part in (_scores(f), _skills(f), _weapons(f), _armour(f)) if part]
    ticked = f.wound_boxes
    wounds = DamageTrack(
        _("Wounds"),
        len(BOXES),
        letters=tuple(letter for _unused, letter, _unused in BOXES),
        marked=tuple(bool(ticked.get(key)) for key, _unused, _unused in BOXES),
    )
    return measure(sheet.name, facts, rows, width, tracks=[wounds])


def _scores(f: ForgottenFuturesBlockFigures) -> list[Run]:
    return figure_runs(list(text.figures(f)))


def _skills(f: ForgottenFuturesBlockFigures) -> list[Run]:
    ranked = sorted(f.skills, key=lambda s: -(s.rating or 0))
    text = ", ".join(f"{one_line(clip(s.name, 40))} {or_dash(s.rating)}" for s in ranked)
    return labelled_runs(_("Skills"), text) if text else []


def _weapons(f: ForgottenFuturesBlockFigures) -> list[Run]:
    parts = []
    for w in f.weapons:
        # each damage column named, as the record sheet's heads name them
        columns = zip("ABC", (w.a, w.b, w.c), strict=True)
        damage = ", ".join(f"{column} {one_line(clip(v, 8)) or '-'}" for column, v in columns)
        parts.append(
            _("{one_line} Eff {or_dash} ({damage})").format(
                one_line=one_line(clip(w.name, 40)), or_dash=or_dash(w.effect), damage=damage
            )
        )
    return labelled_runs(_("Weapons"), "; ".join(parts)) if parts else []


def _armour(f: ForgottenFuturesBlockFigures) -> list[Run]:
    parts = [f"{one_line(clip(a.name, 40))} -{a.reduction}" for a in f.armour]
    return labelled_runs(_("Armour"), "; ".join(parts)) if parts else []
