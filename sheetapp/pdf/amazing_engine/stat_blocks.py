"""Stat blocks: the compact form a game master keeps for non-player characters.

Two columns of blocks per page, each block kept whole: name, universe and profession, the
eight scores in one line, stamina, body, initiative and attack chances, the best skills
and the weapons. All figures come from ``figures.character_figures``.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from sheetapp.pdf.amazing_engine.wording import (
    ABBREVIATIONS,
    STATUS,
    profession_name,
    species_name,
    universe_name,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.style import BAND, FILL, HAIRLINE, LINE, RULE, STROKE, styles
from sheetapp.pdf.kit.text import clip, esc, para, rich
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute

TOP_SKILLS = 6
BLOCK_GAP = 3.5 * mm


def stat_blocks(characters: list[Character], layout: Layout) -> list[Flowable]:
    """One block per character, for a two-column page."""
    story: list[Flowable] = []
    for character in characters:
        block = stat_block(character, layout.column_width)
        block.spaceBefore = BLOCK_GAP  # dropped at the top of a column, so columns align
        story.append(KeepTogether([block]))
    return story


def stat_block(character: Character, width: float) -> Table:
    f = character_figures(character)
    pad = 2.2 * mm
    inner = width - 2 * pad
    facts = [
        v
        for v in (
            clip(universe_name(character.universe), 40),
            clip(profession_name(character), 40),
            clip(species_name(character), 40),
            STATUS[character.status] if character.status != "active" else "",
        )
        if v
    ]
    rows: list[list[object]] = [
        [para(clip(character.name, 120) or "(no name)", "block_name")],
        [para(" · ".join(facts), "italic")],
        [_scores(f, inner)],
        [_line(f)],
    ]
    if f["skills"]:
        rows.append([_skills(f["skills"])])
    if f["weapons"]:
        rows.append([_weapons(f["weapons"])])
    table = Table(rows, colWidths=[width], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), BAND),
                ("BOX", (0, 0), (-1, -1), STROKE, LINE),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
                ("TOPPADDING", (0, 0), (-1, 0), 2.4),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 3.2),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 3.6),
            ]
        )
    )
    return table


def _scores(f: dict[str, Any], width: float) -> Table:
    each = width / len(Attribute)
    head = [para(ABBREVIATIONS[a].upper(), "head_center") for a in Attribute]
    values = [para(f["attributes"].get(a.value, "-"), "cell_center") for a in Attribute]
    table = Table([head, values], colWidths=[each] * len(Attribute))
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), FILL),
                ("BOX", (0, 0), (-1, -1), HAIRLINE, RULE),
                ("INNERGRID", (0, 0), (-1, -1), HAIRLINE, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


def _line(f: dict[str, Any]) -> Flowable:
    a = f["attack_chance"]
    return rich(
        "<b>Stamina</b> {} &#160;·&#160; <b>Body</b> {} &#160;·&#160; <b>Initiative</b> +{}"
        " &#160;·&#160; <b>Attack</b> {}% / {}% / {}%",
        _or_dash(f["stamina"]),
        _or_dash(f["body"]),
        f["initiative_modifier"],
        a["general"],
        a["non_vital"],
        a["vital"],
        style="block",
    )


def _skills(skills: list[dict[str, Any]]) -> Flowable:
    best = sorted(skills, key=lambda s: -s["chance"])[:TOP_SKILLS]
    listed = ", ".join(f"{esc(clip(s['name'], 60))} {s['chance']}%" for s in best)
    more = f", +{len(skills) - len(best)} more" if len(skills) > len(best) else ""
    return Paragraph(f"<b>Skills</b> {listed}{more}", styles()["block"])


def _weapons(weapons: list[dict[str, Any]]) -> Flowable:
    parts = []
    for w in weapons:
        leth = w["lethality"]
        parts.append(
            f"{esc(clip(w['name'], 60))} {esc(clip(w['damage'], 30))} "
            f"(lethality {leth['general']}/{leth['non_vital']}/{leth['vital']})"
        )
    return Paragraph("<b>Weapons</b> " + "; ".join(parts), styles()["block"])
