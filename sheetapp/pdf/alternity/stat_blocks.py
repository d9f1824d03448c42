"""Alternity stat blocks: who, the six abilities with resistance modifiers in a strip, action
check, actions, durability and last resorts, the skills, the weapons with damage by degree
and the armour, then the durability boxes for the GM. The kit measures, packs and draws the
blocks."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.pdf.alternity.wording import score_text
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import Run, one_line
from sheetapp.pdf.kit.stat_blocks import (
    Block,
    block_pages,
    damage_tracks,
    figure_runs,
    labelled_runs,
    measure,
    paint_block,
)
from sheetapp.pdf.kit.text import clip
from sheetapp.statblocks import alternity as text
from sheetapp.systems.alternity.block_figures import AlternityBlockFigures, block_figures
from sheetapp.systems.alternity.model import AlternitySheet

MAX_LINES = {"figures": 3, "skills": 5, "weapons": 4, "armour": 2}


def stat_block_pages(sheets: list[AlternitySheet], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``sheets``: two columns, top to bottom, left to right."""
    blocks = [block(sheet, layout.column_width) for sheet in sheets]
    return block_pages(blocks, layout, paint_block)


def block(sheet: AlternitySheet, width: float) -> Block:
    """``sheet``'s block for a column ``width`` wide, wrapped and measured."""
    f = block_figures(sheet)
    facts = [
        *(one_line(clip(v, 40)) for v in (f.species, f.profession, f.career)),
        _("level {level}").format(level=f.level),
    ]
    rows = [(_figures(f), MAX_LINES["figures"])]
    for key, runs in (("skills", _skills(f)), ("weapons", _weapons(f)), ("armour", _armour(f))):
        if runs:
            rows.append((runs, MAX_LINES[key]))
    return measure(
        sheet.name, facts, rows, width, scores=text.scores(f), tracks=damage_tracks(sheet)
    )


def _figures(f: AlternityBlockFigures) -> list[Run]:
    return figure_runs(list(text.figures(f)))


def _skills(f: AlternityBlockFigures) -> list[Run]:
    parts = []
    for broad in f.broad_skills:
        key = broad.name.casefold().strip()
        specs = [s for s in f.specialty_skills if s.broad.casefold().strip() == key]
        text = f"{one_line(clip(broad.name, 40))} {score_text(broad.score)}"
        if specs:
            inner = [f"{one_line(clip(s.name, 40))} {score_text(s.score)}" for s in specs]
            text += f" ({', '.join(inner)})"
        parts.append(text)
    return labelled_runs(_("Skills"), "; ".join(parts)) if parts else []


def _weapons(f: AlternityBlockFigures) -> list[Run]:
    parts = []
    for weapon in f.weapons:
        damage = weapon.damage
        degrees = f" {damage.ordinary}/{damage.good}/{damage.amazing}" if damage else ""
        kind = one_line(clip(weapon.kind, 12))
        parts.append(
            f"{one_line(clip(weapon.name, 40))} {score_text(weapon.score)}"
            + (f" {kind}" if kind else "")
            + degrees
        )
    return labelled_runs(_("Weapons"), "; ".join(parts)) if parts else []


def _armour(f: AlternityBlockFigures) -> list[Run]:
    parts = [
        f"{one_line(clip(a.name, 40))} {a.li}/{a.hi}/{a.en}"
        for a in f.armour
        if a.name
    ]
    return labelled_runs(_("Armour"), "; ".join(parts)) if parts else []
