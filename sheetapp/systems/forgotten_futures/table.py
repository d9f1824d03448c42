"""The attack versus defence table and the damage columns.

Every roll in the game is 2D6 against a number read from one table: the attacking value
against the defending value. The table is a diagonal, so it is computed, not typed in:
7 + attack - defence, at most 11 (12 always fails), 2 where that sum is 0 or 1 (2 always
succeeds), and no chance below 0.

>>> needed(3, 3), needed(5, 1), needed(6, 1), needed(1, 8), needed(1, 9)
(7, 11, 11, 2, None)

Values past the printed table at once (attacks above 10 and defences above 18, a harpoon
against a whale) are divided by the smallest number that brings both back onto it, then
rounded up. That number is a tenth of the attack whenever there is any chance at all, so
the attack lands on 10 and the defence on ``ceil(10 * defence / attack)``. A whole-number
divisor would jump (20 against 36 divides by 2 and has no chance; 20 against 37 divides by
3 and would get one), and a stronger defence must never help the attack. An attack alone off
the table reads further along the same diagonal.

>>> needed(25, 30), needed(15, 4), needed(15, 18), needed(15, 19)
(5, 11, 4, 4)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

TABLE_ATTACKS = 10  # the printed table's rows
TABLE_DEFENCES = 18  # and columns
ALWAYS = 2  # a 2 succeeds whenever there is any chance
NEVER = 12  # a 12 always fails

Column = Literal["A", "B", "C"]
COLUMNS: tuple[Column, ...] = ("A", "B", "C")


def on_table(attack: int, defence: int) -> tuple[int, int]:
    """``attack`` and ``defence`` brought onto the printed table where both are too high:
    both divided by the smallest number that fits them, rounded up."""
    if attack <= TABLE_ATTACKS or defence <= TABLE_DEFENCES:
        return attack, defence
    divisor = max(Fraction(attack, TABLE_ATTACKS), Fraction(defence, TABLE_DEFENCES))
    return math.ceil(attack / divisor), math.ceil(defence / divisor)


def reach(attack: int, defence: int) -> int | None:
    """The number the diagonal gives before the cap of 11, or None for the table's dash.

    On the printed table (and for values scaled back onto it) this is the number needed.
    An attack above 10 against a defence on the table reads on past 11: it is what the
    damage columns halve, so a very high Effect does column C damage on anything but a 12
    (Effect 25 against BODY 4 reaches 28; half of it covers every roll).

    >>> reach(10, 1), reach(25, 4), reach(11, 18)
    (11, 28, 2)
    """
    scaled, against = on_table(attack, defence)
    target = 7 + scaled - against
    if target < 0:
        return None
    target = max(target, ALWAYS)
    off_table = scaled > TABLE_ATTACKS
    return target if off_table else min(target, NEVER - 1)


def needed(attack: int, defence: int) -> int | None:
    """The highest 2D6 roll that succeeds, or None when nothing can (the table's dash)."""
    target = reach(attack, defence)
    return None if target is None else min(target, NEVER - 1)


def succeeds(roll: int, attack: int, defence: int) -> bool:
    """Whether a 2D6 ``roll`` beats ``defence`` with ``attack``."""
    target = needed(attack, defence)
    return target is not None and roll <= target


def damage_column(roll: int, target: int | None) -> Column:
    """The weapon column a damage roll reads: A when it fails, C when it is at most half the
    number needed (rounded down), B between. ``target`` is the ``reach`` of the Effect
    against BODY, so past 11 it still halves while a 12 still fails.

    >>> [damage_column(r, 8) for r in (9, 5, 4, 2)]
    ['A', 'B', 'C', 'C']
    >>> [damage_column(r, 28) for r in (12, 11, 2)]
    ['A', 'C', 'C']
    """
    if target is None or roll > min(target, NEVER - 1):
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
