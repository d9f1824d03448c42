"""Read and write one field of a sheet by its path, the same paths findings carry.

Forms edit a sheet one field at a time and findings point at fields, so both speak the
path tuple ``("characters", 0, "attributes", "fitness")``. Writing goes through the nearest
model's attribute assignment, so pydantic validates every edit and a wrong value is
refused before it reaches the sheet.

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
>>> sheet = AmazingEngineSheet(characters=[Character(name="Ana")])
>>> set_value(sheet, ("characters", 0, "attributes", "fitness"), 30)
>>> get_value(sheet, ("characters", 0, "attributes", "fitness"))
30
>>> set_value(sheet, ("characters", 0, "attributes", "fitness"), None)  # clears it
>>> get_value(sheet, ("characters", 0, "attributes", "fitness")) is None
True
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from sheetapp.i18n import _

Path = tuple[str | int, ...]

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def parse_path(text: str) -> Path:
    """``characters[0].attributes.fitness`` -> ``("characters", 0, "attributes", "fitness")``.

    >>> parse_path("characters[0].creation.rank_points.charm")
    ('characters', 0, 'creation', 'rank_points', 'charm')
    """
    return tuple(name if name else int(index) for name, index in _PART.findall(text))


def get_value(root: Any, path: Sequence[str | int]) -> Any:
    """The value at ``path``, or None where the path does not lead anywhere (yet)."""
    node = root
    for step in path:
        if isinstance(node, BaseModel):
            node = getattr(node, str(step), None)
        elif isinstance(node, dict):
            node = next((v for k, v in node.items() if _key(k) == step), None)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
        else:
            return None
    return node


def set_value(root: BaseModel, path: Sequence[str | int], value: Any) -> None:
    """Set ``path`` to ``value`` in place; None removes a mapping key. Raises ValueError
    (pydantic's ValidationError) for a value the field cannot hold, leaving ``root`` as it was.
    """
    if not path:
        raise ValueError(_("empty path"))
    # Find the deepest model on the path; everything below it is plain dicts and lists.
    owner, owner_depth, node = root, 0, root
    for depth, step in enumerate(path[:-1]):
        node = get_value(node, (step,))
        if node is None:
            break
        if isinstance(node, BaseModel):
            owner, owner_depth = node, depth + 1
    field = str(path[owner_depth])
    rest = path[owner_depth + 1 :]
    if not rest:
        setattr(owner, field, value)
        return
    container = copy.deepcopy(getattr(owner, field))
    _set_plain(container, rest, value)
    setattr(owner, field, container)


def _set_plain(container: Any, path: Sequence[str | int], value: Any) -> None:
    for step in path[:-1]:
        container = get_value(container, (step,))
        if container is None:
            raise ValueError(_("nothing at {step!r} to set a value in").format(step=step))
    last = path[-1]
    if isinstance(container, dict):
        existing = next((k for k in container if _key(k) == last), last)
        if value is None:
            container.pop(existing, None)
        else:
            container[existing] = value
    elif isinstance(container, list) and isinstance(last, int):
        container[last] = value
    else:
        raise ValueError(_("cannot set {last!r} here").format(last=last))


def _key(key: Any) -> Any:
    return key.value if hasattr(key, "value") else key
