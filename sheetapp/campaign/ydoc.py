"""A sheet's JSON inside a Yjs document, changed as little as each edit needs.

Two machines editing one sheet offline must merge field by field: a player renaming a
weapon on the laptop and raising a skill on the tablet keeps both. Yjs merges per map key
and per array item, so the document mirrors the JSON's shape (objects as maps, lists as
arrays) and ``write`` touches only the keys and rows that differ. Rewriting the whole sheet
on every save would make each save replace the other machine's concurrent edits.

Yjs numbers are JavaScript doubles, so integers come back as floats; ``read`` turns whole
floats back into ints (the sheet's models accept an int where they keep a float), and
``write`` refuses integers a double cannot hold exactly rather than change them silently.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pycrdt import Array, Doc, Map

SHEET = "sheet"  # the sheet file's JSON, envelope included
PLAY = "play"  # play state kept beside the sheet: {"damage": {track: taken}}

SAFE_INTEGER = 2**53  # beyond it a double skips integers


class Unshareable(ValueError):
    """The JSON holds something a Yjs document cannot carry exactly."""


def write(doc: Doc, data: Mapping[str, Any], *, root: str = SHEET, origin: Any = None) -> None:
    """Make the document's ``root`` map hold ``data``, in one transaction, changing only
    what differs so concurrent edits elsewhere in the sheet survive the merge."""
    _check(data, root)
    with doc.transaction(origin=origin):
        _sync_map(doc.get(root, type=Map), data)


def read(doc: Doc, *, root: str = SHEET) -> dict[str, Any]:
    """The ``root`` map as plain JSON values (empty when nothing was written yet).

    Through the map's JSON text, which yrs writes in one call, its numbers turned as
    they are parsed: ``to_py`` walks the map item by item in Python, and a second walk
    over the parsed JSON took a third of the host's time checking an update."""
    return _parsed(str(doc.get(root, type=Map)))


def write_rows(doc: Doc, rows: Sequence[Any], *, root: str, origin: Any = None) -> None:
    """``write`` for a root that is a list (the requests document's ``requests``)."""
    _check(rows, root)
    with doc.transaction(origin=origin):
        _sync_array(doc.get(root, type=Array), rows)


def read_rows(doc: Doc, *, root: str) -> list[Any]:
    return _parsed(str(doc.get(root, type=Array)))


def _parsed(text: str) -> Any:
    """JSON text from yrs as ``_from_y`` would make it: whole numbers a double holds
    exactly are ints, every other number a float."""
    return json.loads(text, parse_float=_number, parse_int=_number)


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < SAFE_INTEGER else value


def _sync_map(target: Map, data: Mapping[str, Any]) -> None:
    for key in [key for key in target.keys() if key not in data]:
        del target[key]
    for key, value in data.items():
        current = target.get(key, _MISSING)
        if isinstance(value, Mapping) and isinstance(current, Map):
            _sync_map(current, value)
        elif _is_list(value) and isinstance(current, Array):
            _sync_array(current, value)
        elif current is _MISSING or isinstance(current, (Map, Array)) or not _same(current, value):
            target[key] = _to_y(value)


def _sync_array(target: Array, data: Sequence[Any]) -> None:
    """Keep the rows both sides share (by position from either end), recurse into rows
    edited in place, and insert or delete only the rows in between."""
    old = len(target)
    new = len(data)
    head = 0
    while head < min(old, new) and _equal(target[head], data[head]):
        head += 1
    tail = 0
    while (
        tail < min(old, new) - head
        and _equal(target[old - 1 - tail], data[new - 1 - tail])
    ):
        tail += 1
    old_middle = old - head - tail
    new_middle = new - head - tail
    paired = min(old_middle, new_middle)
    for offset in range(paired):
        index = head + offset
        current, value = target[index], data[index]
        if isinstance(current, Map) and isinstance(value, Mapping):
            _sync_map(current, value)
        elif isinstance(current, Array) and _is_list(value):
            _sync_array(current, value)
        else:
            del target[index]
            target.insert(index, _to_y(value))
    if old_middle > paired:
        del target[head + paired : head + old_middle]
    for offset in range(paired, new_middle):
        target.insert(head + offset, _to_y(data[head + offset]))


def _equal(current: Any, value: Any) -> bool:
    if isinstance(current, Map):
        return isinstance(value, Mapping) and _from_y(current.to_py() or {}) == _plain(value)
    if isinstance(current, Array):
        return _is_list(value) and _from_y(current.to_py() or []) == _plain(value)
    return _same(current, value)


def _same(current: Any, value: Any) -> bool:
    """Equal as JSON, where ``True`` is not ``1`` (Python says it is)."""
    if isinstance(current, bool) or isinstance(value, bool):
        return type(current) is type(value) and current == value
    return current == value and (current is None) == (value is None)


def _to_y(value: Any) -> Any:
    if isinstance(value, Mapping):
        return Map({key: _to_y(item) for key, item in value.items()})
    if _is_list(value):
        return Array([_to_y(item) for item in value])
    return value


def _from_y(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _from_y(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_from_y(item) for item in value]
    if isinstance(value, float) and value.is_integer() and abs(value) < SAFE_INTEGER:
        return int(value)
    return value


def _plain(value: Any) -> Any:
    """JSON as ``read`` returns it, to compare with what is already in the document."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if _is_list(value):
        return [_plain(item) for item in value]
    return _from_y(value)


def _check(value: Any, where: str) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise Unshareable(f"{where}: a key that is not text ({key!r})")
            _check(item, f"{where}.{key}")
    elif _is_list(value):
        for index, item in enumerate(value):
            _check(item, f"{where}[{index}]")
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        return
    elif isinstance(value, int):
        if abs(value) >= SAFE_INTEGER:
            raise Unshareable(f"{where}: {value} is too large to share exactly")
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise Unshareable(f"{where}: {value} is not a number JSON can hold")
    else:
        raise Unshareable(f"{where}: a {type(value).__name__} is not JSON")


def _is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


_MISSING = object()
