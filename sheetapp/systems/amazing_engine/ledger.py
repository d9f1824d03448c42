"""XP ledgers read back: balances and what was bought.

The ledger is the only record of XP; balances and purchased attribute points are always
derived from it, so a sheet cannot show a balance that disagrees with its history.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from sheetapp.systems.amazing_engine.model import Character, XpEntry
from sheetapp.systems.amazing_engine.names import Attribute, Pool


def running_balances(ledger: Sequence[XpEntry]) -> list[int]:
    """The balance after each entry.

    >>> from sheetapp.systems.amazing_engine.model import CharacterXpEntry as E
    >>> running_balances([E(kind="award", amount=50), E(kind="tax", amount=-20)])
    [50, 30]
    """
    return list(accumulate(entry.amount for entry in ledger))


def balance(ledger: Sequence[XpEntry]) -> int:
    return sum(entry.amount for entry in ledger)


def bought_attribute_points(character: Character) -> dict[Attribute, int]:
    """Attribute points bought with character XP since creation."""
    bought = dict.fromkeys(Attribute, 0)
    for entry in character.xp_ledger:
        if entry.kind == "attribute" and entry.attribute is not None:
            bought[entry.attribute] += entry.points or 0
    return bought


def bought_pool_dice(ledger: Sequence[XpEntry]) -> dict[Pool, int]:
    """Pool dice bought with core XP."""
    bought = dict.fromkeys(Pool, 0)
    for entry in ledger:
        if entry.kind == "pool_die" and entry.pool is not None:
            bought[entry.pool] += entry.points or 0
    return bought


def core_earners(ledger: Sequence[XpEntry]) -> set[str]:
    """Ids of the characters whose awards put XP into the core."""
    return {e.character for e in ledger if e.kind == "award" and e.character}


def creation_attributes(character: Character) -> dict[Attribute, int]:
    """The scores the character started play with (current scores less bought points)."""
    bought = bought_attribute_points(character)
    return {a: score - bought[a] for a, score in character.attributes.items()}
