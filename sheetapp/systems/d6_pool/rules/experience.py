"""The XP ledger: prices paid as the rules set them, and never spending XP not yet earned."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.d6_pool.costs import PURCHASE_COST, raise_cost
from sheetapp.systems.d6_pool.model import D6PoolSheet, XpEntry


def check_ledger(sheet: D6PoolSheet) -> list[Finding]:
    found: list[Finding] = []
    ids = {s.id for s in sheet.skills} | {t.id for t in sheet.traits}
    running = 0
    for i, entry in enumerate(sheet.xp_ledger):
        path = join_path("xp_ledger", i, "amount")
        running += entry.amount
        found += _entry(i, entry, ids)
        if running < 0:
            found.append(
                error(
                    "d6.xp.overspent",
                    path,
                    _(
                        "After this line the balance is {running} XP: spend only XP "
                        "already awarded."
                    ).format(running=running),
                )
            )
    return found


def _entry(i: int, entry: XpEntry, ids: set[str]) -> list[Finding]:
    path = join_path("xp_ledger", i, "amount")
    if entry.kind == "award" and entry.amount <= 0:
        return [error("d6.xp.award", path, _("An award adds XP: enter a positive amount."))]
    if entry.kind in PURCHASE_COST:
        price = PURCHASE_COST[entry.kind]
        found = []
        if entry.amount != -price:
            what = "skill" if entry.kind == "new_skill" else "trait"
            found.append(
                error(
                    "d6.xp.cost",
                    path,
                    _("A new {what} costs {price} XP, entered as -{price}.").format(
                        what=what, price=price
                    ),
                )
            )
        found += _target(i, entry, ids)
        return found
    if entry.kind not in ("attribute", "skill", "trait"):
        return []
    low, high = entry.from_rating, entry.to_rating
    if low is None or high is None or high <= low:
        return [
            error(
                "d6.xp.raise",
                join_path("xp_ledger", i, "to_rating"),
                _("A raise records the rating before and a higher rating after."),
            )
        ]
    found = []
    cost = raise_cost(low, high)
    if entry.amount != -cost:
        found.append(
            error(
                "d6.xp.cost",
                path,
                _(
                    "Raising {low} to {high} costs {cost} XP (the square of each new "
                    "rating), entered as -{cost}."
                ).format(low=low, high=high, cost=cost),
            )
        )
    if entry.kind == "attribute" and entry.attribute is None:
        found.append(
            error(
                "d6.xp.attribute",
                join_path("xp_ledger", i, "attribute"),
                _("Name the attribute raised."),
            )
        )
    elif entry.kind != "attribute":
        found += _target(i, entry, ids)
    return found


def _target(i: int, entry: XpEntry, ids: set[str]) -> list[Finding]:
    if entry.item in ids:
        return []
    return [
        warning(
            "d6.xp.target",
            join_path("xp_ledger", i, "item"),
            _("This line bought {value} that is no longer on the sheet.").format(
                value=entry.name or "something"
            ),
        )
    ]
