"""The attack versus defence table and the damage columns.

Every roll in the game is 2D6 against a number read from one table: the attacking value
against the defending value. The table is a diagonal, so it is computed, not typed in:
7 + attack - defence, at most 11 (12 always fails), 2 where that sum is 0 or 1 (2 always
succeeds), and no chance below 0.

>>> needed(3, 3), needed(5, 1), needed(6, 1), needed(1, 8), needed(1, 9)
(7, 11, 11, 2, None)

Values past the printed table (attacks above 10 and defences above 18 at once, such as a
harpoon against a whale) are first divided by the smallest whole number that brings both
back onto it, rounding up. An attack alone off the table just reads further along the same
diagonal, which is how the very high weapon Effects "hit unless a 12 is rolled".

>>> needed(25, 30), needed(15, 4)
(6, 11)
"""

from __future__ import annotations

import math
from typing import Literal

TABLE_ATTACKS = 10  # the printed table's rows
TABLE_DEFENCES = 18  # and columns
ALWAYS = 2  # a 2 succeeds whenever there is any chance
NEVER = 12  # a 12 always fails

Column = Literal["A", "B", "C"]
COLUMNS: tuple[Column, ...] = ("A", "B", "C")


def on_table(attack: int, defence: int) -> tuple[int, int]:
    """``attack`` and ``defence`` brought onto the printed table where both are too high."""
    if attack <= TABLE_ATTACKS or defence <= TABLE_DEFENCES:
        return attack, defence
    divisor = max(math.ceil(attack / TABLE_ATTACKS), math.ceil(defence / TABLE_DEFENCES))
    return math.ceil(attack / divisor), math.ceil(defence / divisor)


def needed(attack: int, defence: int) -> int | None:
    """The highest 2D6 roll that succeeds, or None when nothing can (the table's dash)."""
    attack, defence = on_table(attack, defence)
    target = 7 + attack - defence
    if target < 0:
        return None
    return min(max(target, ALWAYS), NEVER - 1)


def succeeds(roll: int, attack: int, defence: int) -> bool:
    """Whether a 2D6 ``roll`` beats ``defence`` with ``attack``."""
    target = needed(attack, defence)
    return target is not None and roll <= target


def damage_column(roll: int, target: int | None) -> Column:
    """The weapon column a damage roll reads: A when it fails, C when it is at most half the
    number needed (rounded down), B between.

    >>> [damage_column(r, 8) for r in (9, 5, 4, 2)]
    ['A', 'B', 'C', 'C']
    """
    if target is None or roll > target:
        return "A"
    if roll <= target // 2:
        return "C"
    return "B"


def column_ranges(target: int | None) -> dict[Column, tuple[int, int] | None]:
    """The 2D6 rolls that read each column for a needed number: the synopsis's aid table.

    >>> column_ranges(6)
    {'A': (7, 12), 'B': (4, 6), 'C': (2, 3)}
    """
    out: dict[Column, tuple[int, int] | None] = {}
    for column in COLUMNS:
        rolls = [r for r in range(2, 13) if damage_column(r, target) == column]
        out[column] = (rolls[0], rolls[-1]) if rolls else None
    return out


def quick_table(
    attacks: range = range(1, TABLE_ATTACKS + 1), defences: range = range(1, TABLE_DEFENCES + 1)
) -> list[list[int | None]]:
    """The table as rows of needed numbers (None for the dash), for printing on a sheet."""
    return [[needed(a, d) for d in defences] for a in attacks]
