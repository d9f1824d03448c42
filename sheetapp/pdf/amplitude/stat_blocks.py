"""Amplitude Engine stat blocks: the name, the concept, then one line of condition (wound,
DB, thresholds, momentum) and the skills, weapons and tools; the kit measures, packs and
draws the blocks.
"""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.pdf.amplitude.wording import signed
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
from sheetapp.statblocks import amplitude as text
from sheetapp.systems.amplitude.block_figures import AmplitudeBlockFigures, block_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import TRACK

MAX_LINES = {"condition": 3, "list": 5}
WOUND_LETTERS = TranslatedTable({
    "minor": N_("Min"),
    "moderate": N_("Mod"),
    "major": N_("Maj"),
    "incapacitated": N_("Inc"),
})


def stat_block_pages(sheets: list[AmplitudeSheet], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``sheets``: two columns, top to bottom, left to right."""
    blocks = [block(sheet, layout.column_width) for sheet in sheets]
    return block_pages(blocks, layout, paint_block)


def block(sheet: AmplitudeSheet, width: float) -> Block:
    """``sheet``'s block for a column ``width`` wide, wrapped and measured."""
    f = block_figures(sheet)
    facts = [one_line(clip(sheet.concept, 80)), _("NPC") if sheet.npc else ""]
    rows = [(_condition(f), MAX_LINES["condition"])]
    for title, items in (
        (_("Skills"), [f"{_name(s.name)} {signed(s.ob)}" for s in f.skills]),
        (_("Weapons"), [_gear(w.name, w.power, w.skill) for w in f.weapons]),
        (_("Tools"), [_gear(t.name, t.quality, t.skill) for t in f.tools]),
    ):
        if items:
            rows.append((labelled_runs(title, ", ".join(items)), MAX_LINES["list"]))
    return measure(sheet.name, facts, rows, width, tracks=[_wounds(sheet)])


def _wounds(sheet: AmplitudeSheet) -> DamageTrack:
    """The wound track's four levels, each box named for its level and those the
    character has reached already marked."""
    levels = TRACK[1:]  # unwounded has no box
    reached = TRACK.index(sheet.wound) if sheet.wound in TRACK else len(TRACK)
    return DamageTrack(
        _("Wounds"),
        len(levels),
        letters=tuple(WOUND_LETTERS[level] for level in levels),
        marked=tuple(number <= reached for number in range(1, len(TRACK))),
    )


def _name(value: str) -> str:
    return one_line(clip(value, 60)) or "?"


def _gear(name: str, amp: int, skill: str) -> str:
    used = f" ({one_line(clip(skill, 40))})" if skill.strip() else ""
    return f"{_name(name)} {signed(amp)}{used}"


def _condition(f: AmplitudeBlockFigures) -> list[Run]:
    return figure_runs(list(text.figures(f)))
