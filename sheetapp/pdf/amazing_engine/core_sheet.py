"""The Player Core sheet: one page holding what outlives any one character.

The four pools with their ranks, rank points and dice, the prime character's scores under
them (the order the core was made in), the core's XP and its ledger, and the characters
made from it. Short lists are padded to fill the page; long ones flow onto further pages
(only ``--ledger last:N`` shortens the ledger, and says so); the core's notes, if any,
follow on a page of their own.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.pdf.amazing_engine.wording import (
    STATUS,
    ledger_line,
    profession_name,
    signed,
    universe_name,
)
from sheetapp.pdf.kit.attributes import Score, pool_panel
from sheetapp.pdf.kit.boxes import BAND_HEIGHT, NAME_HEIGHT, FieldBox, grid_row, heading, name_cell
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows
from sheetapp.pdf.kit.ledger import last_entries
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.style import GAP
from sheetapp.pdf.kit.tables import EMPTY_ROW, SPARE_ROWS, Column, Row, data_table
from sheetapp.pdf.kit.text import long_text
from sheetapp.systems.amazing_engine.figures import AmazingEngineFigures, sheet_figures
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import (
    POOL_ATTRIBUTES,
    RANK_POINTS,
    XP_PER_POOL_DIE,
    Pool,
    label,
)
from sheetapp.systems.amazing_engine.pool_dice import prime_index

METHOD = TranslatedTable(
    {"prime": N_("Prime"), "from-core": N_("From core"), "manual": N_("By hand")}
)
ROW = EMPTY_ROW  # one table row, for the page budget (cells are clipped to one line)
HEADER_ROW = 5.5 * mm


def player_core_sheet(sheet: AmazingEngineSheet, layout: Layout) -> list[Flowable]:
    """The Player Core of ``sheet`` (which must have one) on one page."""
    figures = sheet_figures(sheet)
    return _core(sheet, figures, layout, Mode("core"))


def blank_core_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    return _core(None, None, layout, Mode("core", fillable))


def _rows_that_fit(layout: Layout, fixed: list[Flowable]) -> tuple[int, int]:
    """Ledger and character rows the page has room for beside the ``fixed`` parts
    (measured), two headed tables and the gaps; one row is kept spare."""
    used = sum(f.wrap(layout.grid.width, layout.frame_height)[1] for f in fixed)
    tables = 2 * (BAND_HEIGHT + 1.6 * mm + HEADER_ROW) + 3 * GAP
    rows = max(6, int((layout.frame_height - used - tables) // ROW) - 1)
    return rows // 2, rows - rows // 2


def _core(
    sheet: AmazingEngineSheet | None,
    figures: AmazingEngineFigures | None,
    layout: Layout,
    mode: Mode,
) -> list[Flowable]:
    g = layout.grid
    core = figures.core if figures else None
    player = name_cell(
        _("Player"), core.player if core else None, g.span(9), field=mode.field("player")
    )
    xp = FieldBox(
        _("Unspent core XP"),
        core.xp if core else None,
        width=g.span(3),
        height=NAME_HEIGHT,
        big=True,
        field=mode.field("xp"),
    )
    top = [
        grid_row([player, (g.span(3), xp)]),
        Spacer(0, GAP),
        *_pools(sheet, figures, layout, mode),
    ]
    ledger_rows, character_rows = _rows_that_fit(layout, top)
    story: list[Flowable] = [
        *top,
        Spacer(0, GAP),
        *_ledger(sheet, layout, mode, ledger_rows),
        Spacer(0, GAP),
        *_characters(sheet, figures, layout, mode, character_rows),
    ]
    if sheet is not None and sheet.core is not None and sheet.core.notes.strip():
        story += [PageBreak(), heading(_("Core notes"), g.width), *long_text(sheet.core.notes)]
    return story


def _pools(
    sheet: AmazingEngineSheet | None,
    figures: AmazingEngineFigures | None,
    layout: Layout,
    mode: Mode,
) -> list[Flowable]:
    g = layout.grid
    core = figures.core if figures else None
    prime = prime_index(sheet) if sheet is not None else None
    scores = figures.characters[prime].attributes if figures and prime is not None else {}
    panels = []
    for pool in Pool:
        rank = core.ranks.get(pool.value) if core else None
        dice = core.dice.get(pool.value) if core and core.dice else None
        points = RANK_POINTS.get(rank) if isinstance(rank, int) else None
        fact_boxes = [
            Score(_("Rank"), rank, mode.field(pool.value, "rank")),
            Score(_("Points"), points, mode.field(pool.value, "points")),
            Score(_("Dice"), dice, mode.field(pool.value, "dice")),
        ]
        rows = [
            Score(label(a), scores.get(a.value), mode.field("prime", a.value))
            for a in POOL_ATTRIBUTES[pool]
        ]
        panel = pool_panel(label(pool), rows, width=g.span(3), facts=fact_boxes)
        panels.append((g.span(3), panel))
    right = _("prime character's scores below each pool")
    return [heading(_("Pools"), g.width, right=right), grid_row(panels)]


def _ledger(
    sheet: AmazingEngineSheet | None, layout: Layout, mode: Mode, room: int
) -> list[Flowable]:
    w = layout.grid.width
    entries = list(sheet.core.xp_ledger) if sheet and sheet.core else []
    rows, shown = last_entries(entries, layout.ledger_last)
    columns = [
        Column(_("Date"), w * 0.15, key="date"),
        Column(_("Entry"), w * 0.3, key="entry"),
        Column(_("Note"), w * 0.43, key="note"),
        Column(_("XP"), w * 0.12, "right", key="xp"),
    ]
    rows += [[e.date, ledger_line(e), e.note, signed(e.amount)] for e in shown]
    table = data_table(
        columns, rows, min_rows=room, spare=SPARE_ROWS, fillable=mode.field("ledger")
    )
    right = _("a pool die costs {XP_PER_POOL_DIE} XP").format(XP_PER_POOL_DIE=XP_PER_POOL_DIE)
    return [heading(_("Core experience"), w, right=right), table]


def _characters(
    sheet: AmazingEngineSheet | None,
    figures: AmazingEngineFigures | None,
    layout: Layout,
    mode: Mode,
    room: int,
) -> list[Flowable]:
    w = layout.grid.width
    made = list(zip(sheet.characters, figures.characters, strict=True)) if sheet else []
    columns = [
        Column(_("Name"), w * 0.3, key="name"),
        Column(_("Universe"), w * 0.18, key="universe"),
        Column(_("Profession"), w * 0.18, key="profession"),
        Column(_("Made"), w * 0.12, key="made"),
        Column(_("Status"), w * 0.1, key="status"),
        Column(_("XP"), w * 0.12, "right", key="xp"),
    ]
    rows: list[Row] = [
        [
            c.name or _("(no name)"),
            universe_name(c.universe),
            profession_name(c),
            METHOD.get(c.creation.method, c.creation.method),
            STATUS.get(c.status, c.status),
            f.xp,
        ]
        for c, f in made
    ]

    def table(min_rows: int) -> Flowable:
        return data_table(
            columns,
            rows,
            min_rows=min_rows,
            spare=SPARE_ROWS,
            fillable=mode.field("character"),
            bold_first=True,
        )

    # a blank's list ends its page: as many rows as fill it, on either paper
    shown = (
        table(room) if sheet else FillingRows(table, least=room, most=4 * room, foot=layout.foot)
    )
    return [heading(_("Characters from this core"), w), shown]
