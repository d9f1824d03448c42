"""Amazing Engine stat blocks: name, universe and profession, the eight scores in a strip,
stamina, body, initiative and attack chances, the best skills and the weapons. All figures
come from ``block_figures.block_figures``, once per character; the kit measures, packs and
draws the blocks.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.pdf.amazing_engine.wording import (
    STATUS,
    profession_name,
    species_name,
    universe_name,
)
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
from sheetapp.statblocks import amazing_engine as text
from sheetapp.systems.amazing_engine.block_figures import CharacterBlockFigures, block_figures
from sheetapp.systems.amazing_engine.figures import SkillFigures, WeaponFigures
from sheetapp.systems.amazing_engine.model import Character

TOP_SKILLS = 6
# At most this many lines per part, so that every block fits in a column.
MAX_LINES = {"figures": 3, "skills": 6, "weapons": 6}


def stat_block_pages(characters: list[Character], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``characters``: two columns, top to bottom, left to right."""
    blocks = [block(character, layout.column_width) for character in characters]
    return block_pages(blocks, layout, paint_block)


def block(character: Character, block_width: float) -> Block:
    """``character``'s block for a column ``block_width`` wide, wrapped and measured."""
    f = block_figures(character)
    facts = [
        one_line(clip(universe_name(character.universe), 40)),
        one_line(clip(profession_name(character), 40)),
        one_line(clip(species_name(character), 40)),
        STATUS[character.status] if character.status != "active" else "",
    ]
    rows = [(_figures(f), MAX_LINES["figures"])]
    if f.skills:
        rows.append((_skills(f.skills), MAX_LINES["skills"]))
    if f.weapons:
        rows.append((_weapons(f.weapons), MAX_LINES["weapons"]))
    tracks = [DamageTrack(_("Stamina"), f.stamina or 0), DamageTrack(_("Body"), f.body or 0)]
    return measure(
        character.name, facts, rows, block_width, scores=text.scores(f), tracks=tracks
    )


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _figures(f: CharacterBlockFigures) -> list[Run]:
    return figure_runs(list(text.figures(f)))


def _skills(skills: list[SkillFigures]) -> list[Run]:
    best = sorted(skills, key=lambda s: -s.chance)[:TOP_SKILLS]
    listed = ", ".join(f"{one_line(clip(s.name, 60))} {s.chance}%" for s in best)
    more = (
        _(", +{value} more").format(value=len(skills) - len(best))
        if len(skills) > len(best)
        else ""
    )
    return labelled_runs(_("Skills"), listed + more)


def _weapons(weapons: list[WeaponFigures]) -> list[Run]:
    parts = []
    for w in weapons:
        leth = w.lethality
        parts.append(
            _("{one_line} {one_line2} (lethality {general}/{non_vital}/{vital})").format(
                one_line=one_line(clip(w.name, 60)),
                one_line2=one_line(clip(w.damage, 30)),
                general=leth.general,
                non_vital=leth.non_vital,
                vital=leth.vital,
            )
        )
    return labelled_runs(_("Weapons"), "; ".join(parts))
