"""d6 pool stat blocks: name, concept, the attributes in a strip, the combat figures, then
skills, traits and weapons with their pools and the health boxes for the GM. A pool reads
"7d 94%": seven dice, and the chance of at least one success. Every figure comes from
``block_figures.block_figures``; the kit measures, packs and draws the blocks.
"""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.pdf.kit.document import Layout, PagePainter
from sheetapp.pdf.kit.lines import one_line
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
from sheetapp.statblocks import d6_pool as text
from sheetapp.systems.d6_pool.block_figures import (
    BlockPool,
    BlockWeapon,
    block_figures,
)
from sheetapp.systems.d6_pool.figures import percent
from sheetapp.systems.d6_pool.model import D6PoolSheet

MAX_LINES = {"figures": 3, "skills": 5, "traits": 3, "weapons": 4}


def stat_block_pages(sheets: list[D6PoolSheet], layout: Layout) -> list[PagePainter]:
    """The pages of blocks for ``sheets``: two columns, top to bottom, left to right."""
    blocks = [block(sheet, layout.column_width) for sheet in sheets]
    return block_pages(blocks, layout, paint_block)


def _pool(pool: BlockPool | None) -> str:
    if pool is None:
        return "-"
    return f"{pool.dice}d {percent(pool.chance)}"


def _damage(weapon: BlockWeapon) -> str:
    if weapon.fixed_damage is not None:
        return _("Str {fixed_damage} (no roll)").format(fixed_damage=weapon.fixed_damage)
    return f"{weapon.damage_dice}d"


def _name(value: str, most: int = 40) -> str:
    return one_line(clip(value, most))


def block(sheet: D6PoolSheet, width: float) -> Block:
    """``sheet``'s block for a column ``width`` wide, wrapped and measured."""
    f = block_figures(sheet)
    rows = [(figure_runs(list(text.figures(f))), MAX_LINES["figures"])]
    skills = [f"{_name(s.name)} {s.rating or '-'} ({_pool(s.pool)})" for s in f.skills]
    traits = [
        f"{_name(t.name)} {t.value if t.value is not None else '-'}"
        + (f" ({_pool(t.pool)})" if t.pool else "")
        for t in f.traits
    ]
    weapons = [
        (
            _("{name} ({lower}) attack {pool}, damage {damage}")
            if w.lethal
            else _("{name} ({lower}) attack {pool}, damage {damage} non-lethal")
        ).format(
            name=_name(w.name),
            lower=text.ATTACK_IN_A_LINE[w.attack],
            pool=_pool(w.attack_pool),
            damage=_damage(w),
        )
        + (f" ({'; '.join(_name(r) for r in w.rules)})" if w.rules else "")
        for w in f.weapons
    ]
    lists = (("skills", _("Skills"), skills), ("traits", _("Traits"), traits))
    for key, title, items in (*lists, ("weapons", _("Weapons"), weapons)):
        if items:  # keyed by the list, not its title: the title is in the reader's language
            rows.append((labelled_runs(title, "; ".join(items)), MAX_LINES[key]))
    facts = [_name(sheet.concept, 120), _("NPC") if sheet.npc else ""]
    return measure(
        sheet.name, facts, rows, width, scores=text.scores(f), tracks=damage_tracks(sheet)
    )
