"""Stat blocks: the compact form a GM keeps for non-player characters, two columns a page.

Each block is kept whole: name, concept, the attributes on one line, the combat figures,
then skills, traits and weapons with their pools and the chance of at least one success.
A pool reads "7d 94%": seven dice, and the chance of at least one success. Every figure
comes from ``figures.sheet_figures``.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from sheetapp.pdf.d6_pool.wording import ATTACK
from sheetapp.pdf.kit.boxes import Panel
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.stat_blocks import block_story
from sheetapp.pdf.kit.style import styles
from sheetapp.pdf.kit.text import clip, esc, para, rich
from sheetapp.systems.d6_pool.figures import (
    D6PoolFigures,
    PoolFigures,
    WeaponFigures,
    percent,
    sheet_figures,
)
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import ABBREVIATIONS, Attribute


def stat_block_story(sheets: list[D6PoolSheet], layout: Layout) -> list[Flowable]:
    return block_story(block(s, sheet_figures(s), layout.column_width) for s in sheets)


def _pool(pool: PoolFigures | None) -> str:
    if pool is None:
        return "-"
    return f"{pool.dice}d {percent(pool.chance(1))}"


def _damage(weapon: WeaponFigures) -> str:
    if weapon.fixed_damage is not None:
        return f"Str {weapon.fixed_damage} (no roll)"
    return f"{weapon.damage_pool.dice}d"


def _markup(title: str, escaped_body: str) -> Flowable:
    return Paragraph(f"<b>{esc(title)}</b> {escaped_body}", styles()["block"])


def block(sheet: D6PoolSheet, f: D6PoolFigures, width: float) -> Panel:
    content: list[Flowable] = []
    if sheet.concept:
        content.append(rich("<i>{}</i>", clip(sheet.concept, 120), style="block"))
    scores = [f"{ABBREVIATIONS[a]} {f.attributes.get(a.value, '-')}" for a in Attribute] + [
        f"{clip(x.name or 'GM', 20)} {x.score if x.score is not None else '-'}"
        for x in f.extra_attributes
    ]
    content.append(para(" · ".join(scores), "block"))
    move = f.move
    figures = [
        f"Health {f.health if f.health is not None else '-'}",
        f"Initiative {f.initiative_pool}d",
        f"To hit {f.dodge_needed}",
        f"To hurt {f.damage_needed if f.damage_needed is not None else '-'}",
        f"Move {move.feet} ft" if move else "Move -",
    ]
    damage = f.damage
    if damage.lethal.taken or damage.nonlethal.taken:
        figures.append(
            f"Damage {damage.lethal.taken} lethal, {damage.nonlethal.taken} non-lethal"
        )
    content.append(para(" · ".join(figures), "block"))
    skills = [
        f"{clip(s.name, 40)} {s.rating or '-'} ({_pool(s.pool)})" for s in f.skills
    ]
    if skills:
        content.append(_markup("Skills", esc("; ".join(skills))))
    traits = [
        f"{clip(t.name, 40)} {t.value if t.value is not None else '-'}"
        + (f" ({_pool(t.pool)})" if t.pool else "")
        for t in f.traits
    ]
    if traits:
        content.append(_markup("Traits", esc("; ".join(traits))))
    weapons = [
        f"{clip(w.name, 40)} ({ATTACK[w.attack].lower()}) attack {_pool(w.attack_pool)}, "
        f"damage {_damage(w)}{'' if w.lethal else ' non-lethal'}"
        + (f" ({'; '.join(w.rules)})" if w.rules else "")
        for w in f.weapons
    ]
    if weapons:
        content.append(_markup("Weapons", esc("; ".join(weapons))))
    return Panel(clip(sheet.name or "(no name)", 60), content, width=width, spacing=1 * mm)
