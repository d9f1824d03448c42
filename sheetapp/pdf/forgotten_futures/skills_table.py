"""The skills table: the skills a record holds with every figure, or the whole skill list
with bases and room to write points and ratings on a blank."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import _, pgettext
from sheetapp.pdf.forgotten_futures.wording import or_dash
from sheetapp.pdf.kit.boxes import grid_row, heading
from sheetapp.pdf.kit.columns import two_column_table
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.forms import FieldSlot
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.style import MUTED_HEX
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, Group, data_table
from sheetapp.pdf.kit.text import rich
from sheetapp.systems.forgotten_futures.catalog import SKILLS
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures

BLANK_EXTRA_SKILL_ROWS = 2  # under each half of the skill list, for the referee's skills
TWO_COLUMNS_PAST = 5  # more skills than this print in two columns, keeping the front short


def _skill_columns(width: float) -> list[Column]:
    return [
        Column(_("Skill"), width * 0.29, key="name"),
        Column(_("Base"), width * 0.17, "center", key="base"),
        Column(_("Pts"), width * 0.09, "center", key="points"),
        Column(_("Rating"), width * 0.14, "center", key="rating"),
        Column(_("Hurt"), width * 0.1, "center", key="now"),
        Column(_("vs 6"), width * 0.1, "center", key="vs6"),
        Column(
            pgettext("skill table column: the rating a skill reaches next", "Next"),
            width * 0.11,
            "center",
            key="next",
        ),
    ]


def known_skills(f: ForgottenFuturesFigures, layout: Layout) -> list[Flowable]:
    g = layout.grid
    rows: list[Sequence[object]] = []
    for s in f.skills:
        name = s.name
        extra = [s.speciality] if s.speciality else []
        if s.free and not s.points:
            extra.append(_("free"))
        if s.acquired == "play":
            extra.append(_("learned in play"))
        if s.peaked:
            extra.append(_("peaked"))
        cell = rich(
            f"<b>{{}}</b> <font color='{MUTED_HEX}' size='7'>{{}}</font>",
            name,
            ", ".join(extra),
            style="cell",
        )
        hurt = s.rating_now if s.rating_now != s.rating else None
        rows.append(
            [
                cell,
                s.base,
                s.points if s.acquired == "creation" else "–",
                or_dash(s.rating),
                "" if hurt is None and s.rating_now is not None else or_dash(hurt),
                or_dash(s.needed_vs_default),
                or_dash(s.improve_cost),
            ]
        )
    if len(rows) > TWO_COLUMNS_PAST:
        # balanced columns; past a page, each page fills its left column, then its right
        body: Flowable = two_column_table(
            _skill_columns(g.span(6)), rows, width=g.width, spare=2 * SPARE_ROWS
        )
    else:
        body = data_table(_skill_columns(g.width), rows, min_rows=4, spare=SPARE_ROWS)
    note = _(
        "Pts: points at creation · Hurt: with wounds · vs 6: roll needed · Next: cost to raise"
    )
    return [heading(_("Skills"), g.width, right=note), body]


def blank_skills(layout: Layout, mode: Mode) -> list[Flowable]:
    """The whole skill list in two columns with their bases, points and ratings to fill."""
    g = layout.grid
    listed: list[Sequence[object] | Group] = []
    for info in SKILLS:
        name = f"{info.name} *" if info.free else info.name
        listed.append([name, info.base, *_blank_cells(mode, info.name, ("points", "rating"))])
    split = (len(listed) + 1) // 2
    columns = [
        Column(_("Skill"), g.span(6) * 0.46, key="name"),
        Column(_("Base"), g.span(6) * 0.2, "center", key="base"),
        Column(_("Points"), g.span(6) * 0.16, "center", key="points"),
        Column(_("Rating"), g.span(6) * 0.18, "center", key="rating"),
    ]

    def both(rows: int) -> Flowable:
        left = data_table(columns, listed[:split], min_rows=rows, fillable=mode.field("skill", "a"))
        right = data_table(
            columns, listed[split:], min_rows=rows, fillable=mode.field("skill", "b")
        )
        return grid_row([(g.span(6), left), (g.span(6), right)])

    note = _("* held free at base · 1 to 3 points each at creation · at most 10")
    return [heading(_("Skills"), g.width, right=note), both(split + BLANK_EXTRA_SKILL_ROWS)]


def _blank_cells(mode: Mode, name: str, keys: Sequence[str]) -> list[object]:
    if not mode.fillable:
        return [""] * len(keys)
    return [
        FieldSlot(mode.field("skill", name, key) or "", width=9 * mm, height=10, tooltip=key)
        for key in keys
    ]
