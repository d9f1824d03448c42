"""Experience ledgers: every entry, when and what and how much, flowing onto further pages
when long. Only a GM's explicit ``ledger_last`` (``export-pdf --ledger last:N``) prints
fewer, and then a line says how many earlier ones the file holds (the balance printed
beside covers them all).

A blank prints the same table empty under a box for the unspent balance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import N_, _, ngettext
from sheetapp.pdf.kit.boxes import (
    PAD,
    FieldBox,
    LinedBox,
    Panel,
    VStack,
    facts,
    grid_row,
    heading,
    writing_box,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import RestOfPage, rows_fitting
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.style import MUTED_HEX, ROW_GAP
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, Group, Row, data_table
from sheetapp.pdf.kit.text import rich

T = TypeVar("T")
RUNNING_HEIGHT = 20 * mm  # the ruled "XP now" box under a filled sheet's balance


@dataclass(frozen=True)
class Entry:
    when: str  # a date, an adventure
    what: str  # what the entry did, in a few words
    note: str  # the player's note, in grey after it
    amount: str


@dataclass(frozen=True)
class Ledger:
    """How a system's ledger prints: its first and last columns' titles and the share of
    the width each column takes (the middle one is the entry)."""

    when: str = N_("Date")
    amount: str = "XP"
    shares: tuple[float, float, float] = (0.2, 0.64, 0.16)

    def columns(self, width: float) -> list[Column]:
        first, middle, last = self.shares
        return [
            Column(_(self.when), width * first, key=self.when.lower()),
            Column(_("Entry"), width * middle, key="entry"),
            Column(_(self.amount), width * last, "right", key=self.amount.lower()),
        ]


def last_entries(entries: Sequence[T], last: int | None) -> tuple[list[Row], Sequence[T]]:
    """The entries to print (all, or the ``last`` ones) and, when some are left out, the
    group row that says so: the one place a ledger is ever shortened."""
    if last is None or len(entries) <= last:
        return [], entries
    shown = entries[len(entries) - last :]
    left_out = len(entries) - len(shown)
    said = ngettext(
        "{count} earlier entry is in the file (not printed: --ledger)",
        "{count} earlier entries are in the file (not printed: --ledger)",
        left_out,
    ).format(count=left_out)
    return [Group(said)], shown


def ledger_table(
    ledger: Ledger,
    entries: Sequence[Entry],
    width: float,
    *,
    last: int | None,
    min_rows: int,
    fillable: str | None = None,
    boxed: bool = True,
) -> Flowable:
    """Every entry (or the ``last`` ones), padded with empty rows (fillable on a blank),
    and at least ``SPARE_ROWS`` of them for the entries play adds."""
    rows, shown = last_entries(entries, last)
    for e in shown:
        what = rich(
            f"{{}} <font color='{MUTED_HEX}'>{{}}</font>",
            e.what,
            e.note,
            style="cell",
        )
        rows.append([e.when, what, e.amount])
    return data_table(
        ledger.columns(width),
        rows,
        min_rows=min_rows,
        spare=SPARE_ROWS,
        fillable=fillable,
        boxed=boxed,
    )


def experience(
    ledger: Ledger,
    entries: Sequence[Entry],
    layout: Layout,
    balance: object,
    *,
    min_rows: int,
    right: str = "",
) -> list[Flowable]:
    """The "Experience" section of a filled sheet: the unspent ``balance`` large on the
    left, the entries beside it."""
    grid = layout.grid
    table = ledger_table(ledger, entries, grid.span(9), last=layout.ledger_last, min_rows=min_rows)
    box = FieldBox(_("Unspent XP"), balance, width=grid.span(3), height=18 * mm, big=True)
    # XP is won and spent at the table: ruled lines under the balance keep it current
    running = LinedBox(_("XP now"), width=grid.span(3), height=RUNNING_HEIGHT)
    left = VStack([box, running], width=grid.span(3), spacing=ROW_GAP)
    return [
        heading(_("Experience"), grid.width, right=right),
        # not stretched: a box as tall as a long ledger could not break across pages
        grid_row([(grid.span(3), left), (grid.span(9), table)], stretch=False),
    ]


def blank_ledger_panel(
    ledger: Ledger,
    width: float,
    *,
    rows: int,
    balance_field: str | None,
    fillable: str | None,
    right: str = "",
) -> Panel:
    """An "Experience" panel to fill in: the unspent balance over an empty ledger."""
    inner = width - 2 * PAD
    balance = facts([(_("Unspent XP"), None)], inner, value_width=20 * mm, fields=[balance_field])
    table = ledger_table(
        ledger, [], inner, last=None, min_rows=rows, fillable=fillable, boxed=False
    )
    return Panel(_("Experience"), [balance, table], width=width, right=right)


# A blank's experience ledger: as many rows as fill the page, within these. The fewest is
# what a page squeezed for room (a long universe's skills on Letter, large print) still
# gives; asking for more than the room holds drew the panel up over the part above it.
LEAST_BLANK_ROWS = 2
MOST_BLANK_ROWS = 30


def blank_experience_row(
    ledger: Ledger,
    layout: Layout,
    mode: Mode,
    *,
    span: int,
    right: str,
    boxes: Sequence[tuple[str, int, str]],
) -> Flowable:
    """A blank's "Experience" panel (``span`` grid columns) and ruled ``boxes`` (title, span,
    field key) side by side down to the foot of the page, the ledger with as many rows as
    that height holds."""
    g = layout.grid

    def panel(rows: int) -> Flowable:
        return blank_ledger_panel(
            ledger,
            g.span(span),
            rows=rows,
            balance_field=mode.field("xp", "balance"),
            fillable=mode.field("xp"),
            right=right,
        )

    def row(height: float) -> Flowable:
        rows = rows_fitting(panel, LEAST_BLANK_ROWS, MOST_BLANK_ROWS, g.span(span), height)
        cells = [(g.span(span), panel(rows))]
        cells += [writing_box(title, g.span(n), height, mode.field(key)) for title, n, key in boxes]
        return grid_row(cells)

    return RestOfPage(row, least=30 * mm, most=200 * mm, foot=layout.foot)
