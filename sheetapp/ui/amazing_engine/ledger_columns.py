"""The columns of an XP ledger table, shared by the core and character ledgers."""

from __future__ import annotations

from collections.abc import Callable

from sheetapp.i18n import _
from sheetapp.ui.list_table_model import Column


def ledger_columns(balances: Callable[[], list[int]]) -> list[Column]:
    return [
        Column(_("Kind"), "kind", tooltip=_("Award, spending, tax or transfer.")),
        Column(
            _("Amount"),
            "amount",
            align_right=True,
            tooltip=_("Awards and transfers in are positive, spending negative."),
        ),
        Column(
            _("For"),
            compute=lambda e, _r: _details(e),
            tooltip=_("What the XP bought or came from: an attribute, a pool or a skill, "
            "and how many points."),
        ),
        Column(_("Note"), "note", tooltip=_("Your own note: the adventure, the reason.")),
        Column(
            _("Balance"),
            compute=lambda _e, r: balances()[r],
            align_right=True,
            tooltip=_("The balance after this entry; it may never fall below 0."),
        ),
    ]


def _details(entry: object) -> str:
    parts = []
    for key in ("attribute", "pool", "skill"):
        value = getattr(entry, key, None)
        if value:
            parts.append(str(getattr(value, "value", value)))
    points = getattr(entry, "points", None)
    if points:
        parts.append(f"× {points}")
    return " ".join(parts)
