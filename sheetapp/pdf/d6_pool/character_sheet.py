"""The character sheet, filled from a sheet or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled sheet fills. Front:
who the character is, attributes, statistics, points and the damage tracks; then skills,
traits, weapons and gear with every pool and its odds; then experience and notes.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Spacer

from sheetapp.i18n import N_, _
from sheetapp.pdf.d6_pool.panels import core_row, damage_row
from sheetapp.pdf.d6_pool.pool_tables import gear_table, skills_table, traits_table, weapons_table
from sheetapp.pdf.d6_pool.wording import FIELDS, ledger_line, signed
from sheetapp.pdf.kit.boxes import (
    NAME_HEIGHT,
    field_cell,
    grid_row,
    name_cell,
    written,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.ledger import Entry, Ledger, blank_experience_row, experience
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.notes import notes_area
from sheetapp.pdf.kit.style import GAP
from sheetapp.systems.d6_pool.costs import NEW_RATING
from sheetapp.systems.d6_pool.figures import D6PoolFigures, sheet_figures
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import NEW_SKILL_XP, NEW_TRAIT_XP

LEDGER = Ledger()
XP_NOTE = N_(
    "a raise costs the square of each new rating; new skill {skill} XP, "
    "new trait {trait} XP (rating {rating})"
)


def xp_note() -> str:
    """How experience is spent, in the reader's language."""
    return _(XP_NOTE).format(skill=NEW_SKILL_XP, trait=NEW_TRAIT_XP, rating=NEW_RATING)


def character_sheet(sheet: D6PoolSheet, layout: Layout) -> list[Flowable]:
    """The sheet of one character, every figure filled in."""
    return _sheet(sheet, sheet_figures(sheet), layout, Mode(FIELDS))


def blank_character_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    return _sheet(None, None, layout, Mode(FIELDS, fillable))


def _sheet(
    sheet: D6PoolSheet | None, f: D6PoolFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    story: list[Flowable] = [
        _identity(sheet, layout, mode),
        Spacer(0, GAP),
        core_row(f, layout, mode),
        Spacer(0, GAP),
        damage_row(f, layout, mode),
        Spacer(0, GAP),
        *skills_table(sheet, f, layout, mode),
        # a blank is both sides of one sheet: the skills fill the front, the rest the back
        PageBreak() if f is None else Spacer(0, GAP),
        *traits_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        *weapons_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        *gear_table(sheet, layout, mode),
        Spacer(0, GAP),
    ]
    if sheet is None or f is None:
        story.append(_blank_experience_and_notes(layout, mode))
        return story
    story.append(CondPageBreak(45 * mm))
    story += _experience(sheet, f, layout)
    if writing := written(_("Appearance"), sheet.appearance, layout.grid.width):
        story += [Spacer(0, GAP), *writing]
    return [*story, Spacer(0, GAP), *notes_area(sheet.notes, layout)]


def _identity(sheet: D6PoolSheet | None, layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid

    def box(name: str, value: str, span: int, key: str) -> tuple[float, Flowable]:
        return field_cell(name, value, g.span(span), field=mode.field(key), height=NAME_HEIGHT)

    return grid_row(
        [
            name_cell(_("Name"), sheet.name if sheet else "", g.span(6), field=mode.field("name")),
            box(_("Player"), sheet.player if sheet else "", 3, "player"),
            box(_("Concept"), sheet.concept if sheet else "", 3, "concept"),
        ]
    )


def _experience(sheet: D6PoolSheet, f: D6PoolFigures, layout: Layout) -> list[Flowable]:
    entries = [Entry(e.date, ledger_line(e), e.note, signed(e.amount)) for e in sheet.xp_ledger]
    return experience(LEDGER, entries, layout, f.xp, min_rows=3, right=xp_note())


def _blank_experience_and_notes(layout: Layout, mode: Mode) -> Flowable:
    """The experience ledger, Notes and a running purse side by side, down to the foot of
    the page."""
    right = _("new skill 4 · new trait 6 · raise: square of new rating")
    boxes = [(_("Notes"), 4, "notes"), (_("Money"), 2, "money")]
    return blank_experience_row(LEDGER, layout, mode, span=6, right=right, boxes=boxes)
