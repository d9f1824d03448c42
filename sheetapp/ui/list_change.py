"""What became of a list between two versions of a sheet, in the terms an item model tells
its views: rows inserted, removed, one row moved, or rows changed in place.

Pure Python, so every case can be checked without Qt. Anything that is not one insertion,
one removal or one move (a reload, a wizard's new sheet) is reported as the rows that differ
being removed and the new ones inserted: the views keep every row outside that block."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Inserted:
    first: int
    last: int


@dataclass(frozen=True)
class Removed:
    first: int
    last: int


@dataclass(frozen=True)
class Moved:
    """Row ``row`` goes before row ``to`` of the old list (Qt's beginMoveRows convention)."""

    row: int
    to: int


@dataclass(frozen=True)
class Replaced:
    """Rows ``first``..``last`` hold other values; the list's length is unchanged."""

    first: int
    last: int


Change = Inserted | Removed | Moved | Replaced


def list_changes(old: Sequence[Any], new: Sequence[Any]) -> list[Change]:
    """The steps, in order, that turn ``old`` into ``new``; none when they are equal.

    >>> list_changes("abc", "abxc")
    [Inserted(first=2, last=2)]
    >>> list_changes("abcd", "acdb")
    [Moved(row=1, to=4)]
    >>> list_changes("abc", "xyz")
    [Replaced(first=0, last=2)]
    >>> list_changes("abc", "xy")
    [Removed(first=0, last=2), Inserted(first=0, last=1)]
    """
    start = 0
    while start < len(old) and start < len(new) and old[start] == new[start]:
        start += 1
    if start == len(old) == len(new):
        return []
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    gone, came = end_old - start, end_new - start
    if gone == 0:
        return [Inserted(start, end_new - 1)]
    if came == 0:
        return [Removed(start, end_old - 1)]
    if gone == came:
        middle_old, middle_new = old[start:end_old], new[start:end_new]
        if gone > 1 and middle_old[0] == middle_new[-1] and middle_old[1:] == middle_new[:-1]:
            return [Moved(start, end_old)]  # the first row went down to the end of the block
        if gone > 1 and middle_old[-1] == middle_new[0] and middle_old[:-1] == middle_new[1:]:
            return [Moved(end_old - 1, start)]  # the last row came up to the start
        return [Replaced(start, end_old - 1)]
    return [Removed(start, end_old - 1), Inserted(start, end_new - 1)]


def apply_change(items: list[Any], change: Change, new: Sequence[Any]) -> None:
    """Make ``items`` take the step ``change`` towards ``new`` (in place)."""
    if isinstance(change, Inserted):
        items[change.first : change.first] = new[change.first : change.last + 1]
    elif isinstance(change, Removed):
        del items[change.first : change.last + 1]
    elif isinstance(change, Moved):
        moved = items.pop(change.row)
        items.insert(change.to - 1 if change.to > change.row else change.to, moved)
    else:
        items[change.first : change.last + 1] = new[change.first : change.last + 1]
