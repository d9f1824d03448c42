"""Where universes come from: the packs shipped in ``resources/universes/``.

A sheet names its universe by id; the rules look it up here. A sheet whose universe is not
in the catalogue still loads and is checked with the generic settings (and a finding).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from pydantic import ValidationError

from sheetapp.systems.amazing_engine.universe import Universe

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

GENERIC_ID = "generic"


class UniversePackError(ValueError):
    """A universe pack that cannot be read; the message names the pack and the problem."""


def parse_pack(text: str, source: str) -> Universe:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UniversePackError(f"{source}: not valid TOML: {exc}") from None
    try:
        return Universe.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise UniversePackError(f"{source}: {where}: {first['msg']}") from None


@cache
def builtin_universes() -> Mapping[str, Universe]:
    """The shipped universes by id; read once, then shared (they are immutable)."""
    found: dict[str, Universe] = {}
    folder = resources.files("sheetapp.resources").joinpath("universes")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            universe = parse_pack(entry.read_text(encoding="utf-8"), entry.name)
            found[universe.id] = universe
    return MappingProxyType(found)


def universe_or_generic(universe_id: str) -> tuple[Universe, bool]:
    """The universe for ``universe_id`` and whether it was found; falls back to generic."""
    catalog = builtin_universes()
    if universe_id in catalog:
        return catalog[universe_id], True
    return catalog[GENERIC_ID], False
