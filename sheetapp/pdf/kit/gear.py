"""The equipment list: each item with how many, its weight and whether it is carried, the
way systems that count the load keep it; a blank prints the rows empty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reportlab.platypus import Flowable

from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.tables import Column, data_table


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
    weight, where and notes; names and notes wrap in their cells, never cut."""
    item, quantity, weight, where, notes = (width * s for s in shares)
    columns = [
        Column("Item", item, key="item"),
        Column("Qty", quantity, "center", key="qty"),
        Column("kg each", weight, "center", key="kg"),
        Column("Where", where, "center", key="where"),
        Column("Notes", notes, key="notes"),
    ]
    rows = [
        [
            i.name,
            i.quantity,
            f"{i.weight_kg:g}",
            "Carried" if i.carried else "Stored",
            i.notes,
        ]
        for i in items
    ]
    table = data_table(columns, rows, min_rows=min_rows, fillable=fillable)
    return [heading("Equipment", width, right=right), table]
