"""Random choices the character generators make, each by one roll of a die as big as what
is left to choose from, so the same seed makes the same character in every system.

>>> from sheetapp.dice import Roller
>>> pick(Roller(1), ["a", "b", "c"]) in ("a", "b", "c")
True
>>> sorted(distinct(Roller(1), "abc", 5))
['a', 'b', 'c']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from sheetapp.dice import Roller

T = TypeVar("T")


def pick(roller: Roller, items: Sequence[T]) -> T:
    """One of ``items``, each as likely."""
    return items[roller.die(len(items)) - 1]


def distinct(roller: Roller, items: Sequence[T], count: int) -> list[T]:
    """``count`` different ones of ``items`` (all of them when there are fewer), in the
    order drawn."""
    pool = list(items)
    return [pool.pop(roller.die(len(pool)) - 1) for _ in range(min(count, len(pool)))]
