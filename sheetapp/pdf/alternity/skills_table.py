"""The skills section: each broad skill with its score, its specialties indented under it
with rank, score and base situation die, in two balanced columns that continue onto the
next page when the list is long."""

from __future__ import annotations

from reportlab.platypus import Flowable

from sheetapp.i18n import N_, _
from sheetapp.pdf.alternity.wording import score_text, specialty_name
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.columns import two_column_table
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.style import GUTTER, indented
from sheetapp.pdf.kit.tables import Column, Row
from sheetapp.pdf.kit.text import esc, paragraph
from sheetapp.pdf.shaping import isolate
from sheetapp.systems.alternity.figures import AlternityFigures, SpecialtyFigures
from sheetapp.systems.alternity.names import abbreviation

EXTRA_ROWS = 4
BLANK_ROWS = 16
RIGHT_NOTE = N_("specialty: ability + rank, +d0 · broad skill alone (a specialty not taken): +d4")


def _columns(half: float) -> list[Column]:
    return [
        Column(_("Skill"), half * 0.46, key="skill"),
        Column(_("Rank"), half * 0.12, "center", key="rank"),
        Column(_("Score"), half * 0.26, "center", key="score"),
        Column(_("Die"), half * 0.16, "center", key="die"),
    ]


def skills_section(f: AlternityFigures | None, layout: Layout, mode: Mode) -> list[Flowable]:
    half = (layout.grid.width - GUTTER) / 2
    rows: list[Row] = []
    if f is not None:
        listed = set()
        for broad in f.broad_skills:
            ability = abbreviation(broad.ability)
            score = broad.score
            rows.append(
                [
                    paragraph(f"<b>{esc(isolate(broad.name))}</b> ({ability})", "cell"),
                    "–",
                    score_text(score),
                    score.die if score else "–",
                ]
            )
            key = broad.name.casefold().strip()
            listed.add(key)
            rows += [
                _specialty(s) for s in f.specialty_skills if s.broad.casefold().strip() == key
            ]
        rows += [
            _specialty(s, with_broad=True)
            for s in f.specialty_skills
            if s.broad.casefold().strip() not in listed
        ]
    table = two_column_table(
        _columns(half),
        rows,
        width=layout.grid.width,
        min_rows=len(rows) + EXTRA_ROWS if f else BLANK_ROWS,
        fillable=mode.field("skill"),
    )
    return [heading(_("Skills"), layout.grid.width, right=_(RIGHT_NOTE)), table]


def _specialty(s: SpecialtyFigures, *, with_broad: bool = False) -> list[object]:
    name = specialty_name(s.broad, s.name) if with_broad else s.name
    score = s.score
    return [
        paragraph(esc(name), indented(1)),
        s.rank,
        score_text(score),
        score.die if score else "–",
    ]
