"""Sheets of every system, blank and rolled from many seeds, for the interop tests."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

SEEDS = range(12)


@cache
def sheet_of(system_id: str, seed: int | None, npc: bool = False) -> BaseModel:
    """A rolled sheet (seed) or a blank one (None); a player character's unless ``npc``."""
    options = NewOptions(random=seed is not None, seed=seed, npc=npc)
    return get_system(system_id).new(options)


CASES = [(s, seed) for s in system_ids() for seed in (None, *SEEDS)]
NPC_CASES = [(s, seed) for s in system_ids() for seed in (None, 1, 2)]
