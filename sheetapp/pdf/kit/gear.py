"""The equipment list: each item with how many, its weight and whether it is carried, the
way systems that count the load keep it; a blank prints the rows empty. Also the columns
every weapons table shares: ammunition, which no sheet stores, is left to pencil in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table
from sheetapp.systems.wording import fixed, places_for


class CarriedItem(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def quantity(self) -> int: ...
    @property
    def weight_kg(self) -> float: ...
    @property
    def carried(self) -> bool: ...
    @property
    def notes(self) -> str: ...


def equipment(
    items: Sequence[CarriedItem],
    width: float,
    *,
    shares: tuple[float, float, float, float, float],
    min_rows: int,
    fillable: str | None = None,
    right: str = "",
) -> list[Flowable]:
    """The "Equipment" heading and table; ``shares`` of the width go to item, quantity,
    weight, where and notes; names and notes wrap in their cells, never cut. Weights are
    right-aligned with one precision, so their decimal points line up; every list ends in
    spare rows."""
    item, quantity, weight, where, notes = (width * s for s in shares)
    columns = [
        Column(_("Item"), item, key="item"),
        Column(_("Qty"), quantity, "right", key="qty"),
        Column(_("kg each"), weight, "right", key="kg"),
        Column(_("Where"), where, "center", key="where"),
        Column(_("Notes"), notes, key="notes"),
    ]
    places = places_for([i.weight_kg for i in items])
    rows = [
        [
            i.name,
            i.quantity,
            fixed(i.weight_kg, places),
            _("Carried") if i.carried else _("Stored"),
            i.notes,
        ]
        for i in items
    ]
    table = data_table(columns, rows, min_rows=min_rows, spare=SPARE_ROWS, fillable=fillable)
    return [heading(_("Equipment"), width, right=right), table]


def ammo_column(width: float) -> Column:
    """Shots or charges left: no sheet stores them, so the cell is left to pencil in and
    rub out as they are used (a blank's cell is a fillable field named ``ammo``)."""
    return Column(_("Ammo"), width, "center", key="ammo")
