"""The XP ledger read back: the balance, and the steps bought for each attribute, skill
and trait, from which the values at creation follow.

The ledger is the only record of XP, so a balance can never disagree with its history.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from sheetapp.systems.d6_pool.model import XpEntry
from sheetapp.systems.d6_pool.names import Attribute

RAISES = ("attribute", "skill", "trait")
PURCHASES = ("new_skill", "new_trait")


def balance(ledger: Sequence[XpEntry]) -> int:
    return sum(entry.amount for entry in ledger)


def running_balances(ledger: Sequence[XpEntry]) -> list[int]:
    """The balance after each entry.

    >>> running_balances([XpEntry(kind="award", amount=20), XpEntry(kind="skill", amount=-9)])
    [20, 11]
    """
    return list(accumulate(entry.amount for entry in ledger))


def raised_by(entry: XpEntry) -> int:
    """How many steps a raise bought (0 for anything else or a malformed line)."""
    if entry.kind not in RAISES or entry.from_rating is None or entry.to_rating is None:
        return 0
    return max(0, entry.to_rating - entry.from_rating)


def bought_attribute_steps(ledger: Sequence[XpEntry]) -> dict[Attribute, int]:
    bought = dict.fromkeys(Attribute, 0)
    for entry in ledger:
        if entry.kind == "attribute" and entry.attribute is not None:
            bought[entry.attribute] += raised_by(entry)
    return bought


def bought_item_steps(ledger: Sequence[XpEntry]) -> dict[str, int]:
    """Steps raised with XP per skill or trait id."""
    bought: dict[str, int] = {}
    for entry in ledger:
        if entry.kind in ("skill", "trait") and entry.item:
            bought[entry.item] = bought.get(entry.item, 0) + raised_by(entry)
    return bought


def bought_items(ledger: Sequence[XpEntry]) -> set[str]:
    """Ids of the skills and traits bought new with XP (not paid from creation points)."""
    return {e.item for e in ledger if e.kind in PURCHASES and e.item}
