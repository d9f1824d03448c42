"""The character sheet, filled from a sheet or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled sheet fills. Front:
who the character is, attributes, statistics, points and the damage tracks; then skills,
traits, weapons and gear with every pool and its odds; then experience and notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer

from sheetapp.pdf.d6_pool.panels import core_row, damage_row
from sheetapp.pdf.d6_pool.pool_tables import gear_table, skills_table, traits_table, weapons_table
from sheetapp.pdf.d6_pool.wording import Mode, ledger_line, signed
from sheetapp.pdf.kit.boxes import PAD, FieldBox, LinedBox, Panel, facts, grid_row, heading
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.style import GAP, MUTED_HEX
from sheetapp.pdf.kit.tables import Column, Group, data_table
from sheetapp.pdf.kit.text import clip, long_text, rich
from sheetapp.systems.d6_pool.costs import NEW_RATING
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.model import D6PoolSheet, XpEntry
from sheetapp.systems.d6_pool.names import NEW_SKILL_XP, NEW_TRAIT_XP

LEDGER_LINES = 12  # the newest entries; the balance covers them all
BLANK_LEDGER_ROWS = 6
XP_NOTE = (
    f"a raise costs the square of each new rating; new skill {NEW_SKILL_XP} XP, "
    f"new trait {NEW_TRAIT_XP} XP (rating {NEW_RATING})"
)


def character_sheet(sheet: D6PoolSheet, layout: Layout) -> list[Flowable]:
    """The sheet of one character, every figure filled in."""
    return _sheet(sheet, sheet_figures(sheet), layout, Mode())


def blank_character_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    return _sheet(None, None, layout, Mode(fillable))


def _sheet(
    sheet: D6PoolSheet | None, f: dict[str, Any] | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    story: list[Flowable] = [
        _identity(sheet, layout, mode),
        Spacer(0, GAP),
        core_row(f, layout, mode),
        Spacer(0, GAP),
        damage_row(f, layout, mode),
        Spacer(0, GAP),
        *skills_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        *traits_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        *weapons_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        *gear_table(sheet, layout, mode),
        Spacer(0, GAP),
        CondPageBreak(45 * mm),
    ]
    if sheet is None or f is None:
        story.append(_blank_experience_and_notes(layout, mode))
        return story
    story += _experience(sheet, f, layout)
    story += _writing("Appearance", sheet.appearance, layout)
    story += _writing("Notes", sheet.notes, layout)
    return story


def _identity(sheet: D6PoolSheet | None, layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid

    def box(name: str, value: str, span: int, key: str, style: str = "value") -> tuple:
        shown = clip(value, 160) if sheet is not None and value else None
        field = mode.field(key) if sheet is None else None
        return g.span(span), FieldBox(
            name, shown, width=g.span(span), height=14 * mm, style=style, field=field
        )

    return grid_row(
        [
            box("Name", sheet.name if sheet else "", 6, "name", "name"),
            box("Player", sheet.player if sheet else "", 3, "player"),
            box("Concept", sheet.concept if sheet else "", 3, "concept"),
        ]
    )


def _experience(sheet: D6PoolSheet, f: dict[str, Any], layout: Layout) -> list[Flowable]:
    g = layout.grid
    table_w = g.span(9)
    ledger = _ledger_table(sheet.xp_ledger, table_w, Mode(), rows=3, boxed=True)
    balance = FieldBox("Unspent XP", f["xp"], width=g.span(3), height=18 * mm, big=True)
    return [
        heading("Experience", g.width, right=XP_NOTE),
        grid_row([(g.span(3), balance), (table_w, ledger)]),
    ]


def _ledger_table(
    entries: Sequence[XpEntry], width: float, mode: Mode, *, rows: int, boxed: bool
) -> Flowable:
    shown = entries[-LEDGER_LINES:]
    lines: list[Sequence[object] | Group] = []
    if len(entries) > len(shown):
        lines.append(Group(f"{len(entries) - len(shown)} earlier entries are in the file"))
    for entry in shown:
        cell = rich(
            f"{{}} <font color='{MUTED_HEX}'>{{}}</font>",
            ledger_line(entry),
            entry.note,
            style="cell",
        )
        lines.append([clip(entry.date, 30), cell, signed(entry.amount)])
    return data_table(
        [
            Column("Date", width * 0.2, key="date"),
            Column("Entry", width * 0.64, key="entry"),
            Column("XP", width * 0.16, "right", key="xp"),
        ],
        lines,
        min_rows=rows,
        fillable=mode.field("xp"),
        boxed=boxed,
    )


def _blank_experience_and_notes(layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid
    inner = g.span(6) - 2 * PAD
    experience = Panel(
        "Experience",
        [
            facts(
                [("Unspent XP", None)],
                inner,
                value_width=20 * mm,
                fields=[mode.field("xp", "balance")],
            ),
            _ledger_table([], inner, mode, rows=BLANK_LEDGER_ROWS, boxed=False),
        ],
        width=g.span(6),
        right="new skill 4 · new trait 6 · raise: square of new rating",
    )
    notes = LinedBox("", band="Notes", width=g.span(6), height=30 * mm, field=mode.field("notes"))
    return grid_row([(g.span(6), experience), (g.span(6), notes)])


def _writing(title: str, text: str, layout: Layout) -> list[Flowable]:
    paragraphs = long_text(text)
    if not paragraphs:
        return []
    return [Spacer(0, GAP), heading(title, layout.grid.width), *paragraphs]
